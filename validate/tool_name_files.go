package validate

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleToolNameAcrossFiles reports a tool name defined in two files of one
// run for one server.
var RuleToolNameAcrossFiles = rules.New(rules.Rule{
	ID: "mcpschema.tool.name.unique-across-files", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
	Title:   "tool defined in several files",
	Summary: "a tool name has one definition among the files of a run, per server",
	Doc: "The files of one run describe a server's tools, so a name defined differently in two of them is two definitions of one tool: a client sees only one, and a pull request that adds a second file with a changed copy of an existing tool would otherwise change nothing the diff looks at. " +
		"The later definition (files in path order) is reported at its name, and the message names the earlier one's position. Every definition is also compared with the base (the copy's breaking changes are reported too). " +
		"The server of a file is the info.name of an MCP Description document, or the serverInfo.name a tools/list result records at its root (a capture of initialize and tools/list); JSON-RPC responses, arrays, single tools and files without either name all belong to the run's one unnamed server. " +
		"Not reported: same-name tools of files with different server names (different servers), same-name tools whose protocol scopes do not overlap (as mcpdesc.tool.name.unique says within a file, which reports the repeats inside one file), and a copy whose text is the same as the other definition's (one definition seen twice, as in per-configuration tool lists of one server).",
	Fix: "remove the copy or rename one of the tools; to check several servers in one run, describe each in an MCP Description document with its own info.name (or check them in separate runs)",
})

// toolName is what the run keeps of one named tool to compare names
// across files: a few strings per tool, never the file.
type toolName struct {
	server, name, file string
	// toolPtr is the tool's pointer; its name is at toolPtr + "/name".
	toolPtr      string
	versions     []string
	line, column int32
	// sum identifies the tool's definition: equal sums, equal tools. It is
	// computed only for a name defined in two files (FillToolSums), or at
	// once when the caller cannot read the file again (nil: not computed).
	sum *[sha256.Size]byte
}

// pointer is the pointer of the tool's name.
func (t *toolName) pointer() string { return source.Join(t.toolPtr, "name") }

// serverOf is the name of the server a file describes: an MCP
// Description's info.name, or the serverInfo.name at the root of a
// tools/list result ("": the run's unnamed server). It is the one model
// of servers for the names across files and the whole-server limits.
func serverOf(f *source.File) string {
	if name := source.ServerName(f); name != "" || f == nil || f.Fatal() || f.Shape != source.ShapeListResult {
		return name
	}
	root, _ := f.Root.(map[string]any)
	info, _ := root["serverInfo"].(map[string]any)
	name, _ := info["name"].(string)
	return name
}

// toolNames lists the named tools of a checked file, with the sums of
// their definitions when withSums is set.
func toolNames(fc *FileContext, withSums bool) []toolName {
	server := serverOf(fc.File)
	var out []toolName
	var buf *[]byte
	if withSums {
		buf = sumBuffers.Get().(*[]byte)
		defer sumBuffers.Put(buf)
	}
	for _, tc := range fc.Tools {
		if !tc.Tool.HasName {
			continue
		}
		ptr := tc.Ptr("name")
		pos, _ := fc.File.Index.Locate(ptr)
		n := toolName{server: server, name: tc.Tool.Name, versions: tc.Versions, file: fc.File.Path,
			toolPtr: tc.Tool.Pointer, line: int32(pos.Line), column: int32(pos.Column)}
		if withSums {
			n.sum = definitionSum(tc.Tool.Value, buf)
		}
		out = append(out, n)
	}
	return out
}

// serverName is a tool name of one server.
type serverName struct{ server, name string }

// namesOfFiles are the names (per server) that more than one of results
// defines: the only ones a duplicate across files can have.
func namesOfFiles(results []Result) map[serverName]bool {
	first := map[serverName]int{} // the first result that defines the name; -1: more than one
	for ri := range results {
		for ti := range results[ri].names {
			d := &results[ri].names[ti]
			k := serverName{d.server, d.name}
			if at, ok := first[k]; !ok {
				first[k] = ri
			} else if at != ri {
				first[k] = -1
			}
		}
	}
	shared := map[serverName]bool{}
	for k, at := range first {
		if at == -1 {
			shared[k] = true
		}
	}
	return shared
}

// FillToolSums computes the definition sums of the tools whose name
// (per server) more than one file of results defines, reading each such
// file again with reread (by its path); results checked with
// Options.DeferToolSums need it before AssembleWith. The sums of every
// other tool are never needed: a name in one file is no duplicate across
// files.
func FillToolSums(results []Result, reread func(path string) (*source.File, error)) error {
	shared := namesOfFiles(results)
	buf := sumBuffers.Get().(*[]byte)
	defer sumBuffers.Put(buf)
	for ri := range results {
		var values map[string]map[string]any // tool pointer → value, of the file read again
		for ti := range results[ri].names {
			d := &results[ri].names[ti]
			if d.sum != nil || !shared[serverName{d.server, d.name}] {
				continue
			}
			if values == nil {
				f, err := reread(d.file)
				if err != nil {
					return err
				}
				values = map[string]map[string]any{}
				for _, t := range f.Tools {
					values[t.Pointer] = t.Value
				}
			}
			d.sum = definitionSum(values[d.toolPtr], buf)
		}
	}
	return nil
}

// sumBuffers are the buffers definitionSum writes tools to, reused across
// files (a tool larger than 1 MiB does not return its buffer).
var sumBuffers = sync.Pool{New: func() any { return new([]byte) }}

// definitionSum is the SHA-256 of the tool's value in a canonical form
// (schema.AppendCanonical: map keys sorted, numbers as written), written
// to one buffer per file: equal sums, equal tools.
func definitionSum(tool map[string]any, buf *[]byte) *[sha256.Size]byte {
	*buf = schema.AppendCanonical((*buf)[:0], tool)
	sum := sha256.Sum256(*buf)
	if cap(*buf) > 1<<20 {
		*buf = nil
	}
	return &sum
}

// sameSum reports whether a and b are known to be one definition (a sum
// not computed is no proof of it).
func sameSum(a, b *[sha256.Size]byte) bool { return a != nil && b != nil && *a == *b }

// Bounds of what checkToolNamesAcrossFiles keeps per name and protocol
// version: the first definitions of a few different texts, each from two
// files.
const (
	namesKeptTexts = 4
	namesKeptFiles = 2
)

// checkToolNamesAcrossFiles reports each tool whose name (for the same
// server, with overlapping protocol scopes) an earlier file of the run
// already defines differently, at the later name. A copy with the same
// text in another file is not reported: it is one definition, seen twice
// (per-configuration tool lists of one server repeat their tools), and the
// diff compares every copy with the base anyway. Repeats inside one file
// are mcpdesc.tool.name.unique's. The work stays linear in the number of
// tools: per name and version a bounded number of earlier definitions is
// kept (namesKeptTexts texts, namesKeptFiles files each).
func checkToolNamesAcrossFiles(results []Result) []report.Finding {
	type key struct{ server, name, version string }
	shared := namesOfFiles(results)
	kept := map[key][][]*toolName{}
	var out []report.Finding
	for ri := range results {
		for ti := range results[ri].names {
			d := &results[ri].names[ti]
			if !shared[serverName{d.server, d.name}] {
				continue // a name of one file: no duplicate across files
			}
			vs := d.versions
			if len(vs) == 0 {
				vs = []string{""}
			}
			if e := earlierDefinition(d, vs, func(v string) [][]*toolName { return kept[key{d.server, d.name, v}] }); e != nil {
				out = append(out, nameAcrossFilesFinding(d, e))
			}
			for _, v := range vs {
				k := key{d.server, d.name, v}
				kept[k] = keepDefinition(kept[k], d)
			}
		}
	}
	return out
}

// earlierDefinition returns a kept definition of d's name, for one of
// d's versions, from another file and with another text (nil: none).
func earlierDefinition(d *toolName, vs []string, kept func(v string) [][]*toolName) *toolName {
	for _, v := range vs {
		for _, group := range kept(v) {
			for _, e := range group {
				if e.file != d.file && !sameSum(e.sum, d.sum) {
					return e
				}
			}
		}
	}
	return nil
}

// keepDefinition adds d to the kept definitions of one name and version,
// grouped by text, within the bounds.
func keepDefinition(groups [][]*toolName, d *toolName) [][]*toolName {
	for i, g := range groups {
		if !sameSum(g[0].sum, d.sum) {
			continue
		}
		if len(g) < namesKeptFiles && g[len(g)-1].file != d.file {
			groups[i] = append(g, d)
		}
		return groups
	}
	if len(groups) < namesKeptTexts {
		groups = append(groups, []*toolName{d})
	}
	return groups
}

// nameAcrossFilesFinding reports d, whose name the tool e of another file
// already defines differently.
func nameAcrossFilesFinding(d, e *toolName) report.Finding {
	overlap := intersect(d.versions, e.versions)
	scope := ""
	if len(overlap) > 0 {
		scope = " for " + versionsText(overlap)
	}
	server := "the run's tool lists (one unnamed server)"
	if d.server != "" {
		server = fmt.Sprintf("the files of server %q (info.name or serverInfo.name)", d.server)
	}
	return report.Finding{Rule: RuleToolNameAcrossFiles.ID, Severity: RuleToolNameAcrossFiles.Severity,
		File: d.file, Pointer: d.pointer(), Line: int(d.line), Column: int(d.column), Tool: d.name, ToolPointer: d.toolPtr,
		ProtocolVersions: overlap,
		Message: fmt.Sprintf("tool name %q is already defined differently at %s:%d:%d (%s) among %s%s: a client sees one tool of that name; remove the copy or rename one of them, or describe different servers in MCP Description documents with their own info.name",
			d.name, e.file, e.line, e.column, e.pointer(), server, scope)}
}
