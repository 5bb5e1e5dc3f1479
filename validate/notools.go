package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleFileNoTools reports a matched file that holds no tool definitions.
var RuleFileNoTools = rules.New(rules.Rule{
	ID: "mcpschema.file.no-tools", Owner: "mcpschema", Level: rules.Should, Severity: rules.Notice,
	Title:   "no tools in the file",
	Summary: "a matched file holds tool definitions",
	Doc: "A broad pattern such as '**/*.json' also matches files that are not tool files: package.json, tsconfig.json, a list of names, a Markdown page. " +
		"mcpschema does not guess: a root object is one tool only when it has \"inputSchema\" or \"outputSchema\", when it is a snapshot (*.snap, or a file under __toolsnaps__/), or when it has a string \"name\" and only members an MCP Tool may have; " +
		"a root array is a tool list only when it is empty or holds an object (an array of strings is not). " +
		"A file whose extension names neither JSON nor YAML and whose text reads as neither is reported as not a JSON or YAML file. " +
		"Such a file is reported once, as a notice, and skipped (a \"tools\" member that is not an array is a mcpschema.file.shape error instead: the file means to hold tools). When no matched file holds a tool at all, nothing was checked, and each of these files is an mcpschema.file.shape error instead.",
	Fix: "point the patterns at the tool files only, or exclude the file",
})

// noToolsFinding reports a readable file that holds no tools. It is a
// notice; AssembleWith turns it into a mcpschema.file.shape error when no file
// of the run holds a tool.
func noToolsFinding(fc *FileContext) {
	if ptr, v, ok := misplacedTools(fc.File.Root); ok {
		fc.Report(RuleFileShape, ptr, nil, "\"tools\" is %s, not an array of tools: list the tools in an array, [{\"name\": ..., \"inputSchema\": {...}}, ...]", jsonType(v))
		return
	}
	what := "file is not a JSON or YAML file, so it holds no tool definitions"
	if fc.File.Shape != source.ShapeText {
		what = "file holds no tool definitions: " + describeRoot(fc.File.Root)
	}
	fc.Report(RuleFileNoTools, "", nil, "%s; point the patterns at the tool files only, or exclude it", what)
}

// describeRoot says in a few words what a file holds instead of tools.
func describeRoot(root any) string {
	switch v := root.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) == 0 {
			return "it is an empty object"
		}
		shown := keys
		if len(shown) > 3 {
			shown = shown[:3]
		}
		list := quoteList(shown)
		if len(keys) > 3 {
			list = strings.Join(quoteSlice(shown), ", ") + fmt.Sprintf(" and %d more", len(keys)-3)
		}
		return fmt.Sprintf("it is an object with neither a \"tools\" array nor \"inputSchema\" (members %s)", list)
	case []any:
		kinds := map[string]bool{}
		var order []string
		for _, e := range v {
			k := entryKind(e, len(v))
			if !kinds[k] {
				kinds[k] = true
				order = append(order, k)
			}
		}
		return fmt.Sprintf("it is an array of %d %s, not of tools", len(v), strings.Join(order, " and "))
	}
	return "it is " + jsonType(root)
}

func entryKind(v any, n int) string {
	var k string
	switch v.(type) {
	case string:
		k = "string"
	case nil:
		k = "null"
	case bool:
		k = "boolean"
	case []any:
		k = "array"
	default:
		k = "number"
	}
	if n != 1 {
		k += "s"
	}
	return k
}

func quoteSlice(vs []string) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = quote(v)
	}
	return out
}

// AssembleWith builds the run's report from the results of checking each
// file (with CheckFile), in order; the caller adds its findings and
// finalizes it once (report.Report.FinalizeWith). When no file holds a
// tool, nothing was checked, and each mcpschema.file.no-tools notice
// becomes an mcpschema.file.shape error: the gate fails closed on a run
// that matched only files without tools. opt are the run's options (the
// clients checked, config server-name) and base, for a run with a base
// revision, what the base revision's files contribute to their servers
// (non-nil, possibly empty): a server over a client's tool limit at the
// base too is reported pre-existing.
func AssembleWith(results []Result, opts Options, base []ServerTools) *report.Report {
	rep := &report.Report{}
	anyTools := false
	for _, r := range results {
		rep.Files = append(rep.Files, r.Summary)
		rep.Findings = append(rep.Findings, r.Findings...)
		anyTools = anyTools || r.toolFile
	}
	rep.Findings = append(rep.Findings, checkToolNamesAcrossFiles(results)...)
	rep.Findings = append(rep.Findings, checkServerLimits(results, opts, base)...)
	rep.Findings = append(rep.Findings, checkNearDuplicates(results, opts, base)...)
	if !anyTools {
		for i := range rep.Findings {
			if f := &rep.Findings[i]; f.Rule == RuleFileNoTools.ID {
				f.Rule, f.Severity = RuleFileShape.ID, RuleFileShape.Severity
				f.Message, _, _ = strings.Cut(f.Message, "; point the patterns")
				f.Message += "; no matched file holds a tool, so nothing was checked: point the patterns at the tool files"
			}
		}
	}
	return rep
}

// misplacedTools finds a "tools" member (at the root or in a JSON-RPC
// result) that is not an array: the file means to hold tools but lays
// them out wrongly, which is an error, not a file without tools.
func misplacedTools(root any) (ptr string, v any, ok bool) {
	obj, _ := root.(map[string]any)
	if t, has := obj["tools"]; has {
		return "/tools", t, true
	}
	if res, isObj := obj["result"].(map[string]any); isObj {
		if t, has := res["tools"]; has {
			return "/result/tools", t, true
		}
	}
	return "", nil, false
}

// holdsToolShape reports whether the file may hold tools (see AssembleWith):
// a tool shape, a file that could not be read, or misplaced tools.
func holdsToolShape(f *source.File) bool {
	if f.Fatal() {
		return true
	}
	if f.Shape == source.ShapeServerJSON {
		return false // a registry entry, checked as such: it holds no tools
	}
	if f.Shape != source.ShapeUnknown && f.Shape != source.ShapeText {
		return true
	}
	_, _, misplaced := misplacedTools(f.Root)
	return misplaced
}
