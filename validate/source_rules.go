package validate

import (
	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules for problems found while reading a file.
var (
	RuleFileSyntax = rules.New(rules.Rule{
		ID: "mcpschema.file.syntax", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "syntax error",
		Summary: "a tool file is valid JSON or YAML",
		Doc:     "A file matched by the patterns must parse as JSON (RFC 8259: UTF-8, no trailing data, no NaN) or as YAML with JSON-compatible values. A file that does not parse is reported at the position of the first error and not checked further; the other files are still checked.",
		Fix:     "fix the syntax error at the reported position",
	})
	RuleFileDuplicateKey = rules.New(rules.Rule{
		ID: "mcpschema.file.duplicate-key", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "duplicate key",
		Summary: "an object has no duplicate member names",
		Doc:     "RFC 8259 says names within an object should be unique; when they are not, readers disagree on which value counts, so what a client sees may differ from what mcpschema checked. mcpschema uses the last value and reports each repeated name.",
		Fix:     "remove one of the duplicate members",
	})
	RuleFileBOM = rules.New(rules.Rule{
		ID: "mcpschema.file.byte-order-mark", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
		Title:   "byte order mark",
		Summary: "a tool file does not start with a byte order mark",
		Doc:     "RFC 8259 forbids a byte order mark at the start of JSON text; many readers reject it. mcpschema ignores it and checks the rest.",
		Fix:     "save the file as UTF-8 without a BOM",
	})
	RuleFileBound = rules.New(rules.Rule{
		ID: "mcpschema.file.bound-exceeded", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "file exceeds a bound",
		Summary: "a tool file stays within the configured size, depth, value-count and tool-count bounds",
		Doc:     "Files from pull requests are untrusted, so mcpschema bounds the bytes it reads, the nesting depth, the number of values and the number of tools of every file (" + limits.MaxFileBytes.Config() + ", " + string(limits.MaxFileDepth) + ", " + string(limits.MaxFileValues) + ", " + string(limits.MaxFileTools) + "). A YAML file is also bounded before it is parsed: the nodes its text may hold, at most what fits 48 MB + 20 × its size in memory (more when " + string(limits.MaxFileValues) + " is raised), since the YAML library builds every node before the values can be counted. A JSON file is also bounded by the memory its objects and arrays take once decoded: at most 20 MB + 10 × its size (more when " + string(limits.MaxFileValues) + " is raised), since an object of one member takes 336 bytes, 26 times its text, where real files take two to four times theirs. A file over a bound is reported and not checked; the message names the bound and the config key that raises it.",
		Fix:     "shrink the file or raise the bound under limits: in .mcpschema.yaml (a dense YAML file may also be written as JSON, which is read in less memory)",
	})
	RuleFileNotJSON = rules.New(rules.Rule{
		ID: "mcpschema.file.json-value", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "YAML value without a JSON equivalent",
		Summary: "every YAML value has a JSON equivalent",
		Doc:     "Tool definitions are JSON values; a YAML file must only use values JSON can carry (no .inf or .nan, no non-scalar keys, and every mapping key a string: a numeric, boolean or null key such as 200, true or ~ is rejected, MCP Description 0.8.0 §15.3.3). A YAML value or key without JSON equivalent is reported and read as a string.",
		Fix:     "quote the value or write it as a JSON number",
	})
	RuleFileEmpty = rules.New(rules.Rule{
		ID: "mcpschema.file.empty", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "empty file",
		Summary: "a matched tool file is not empty",
		Doc:     "An empty file matched by the patterns holds no tool; it is most likely a mistake (a truncated write or a wrong glob).",
		Fix:     "delete the file, add its tools, or narrow the pattern",
	})
	RuleFileUnreadable = rules.New(rules.Rule{
		ID: "mcpschema.file.unreadable", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "file unreadable",
		Summary: "a matched path is a regular file that can be read",
		Doc:     "A path matched by the patterns must be a readable regular file inside the repository. Directories, unreadable files and symbolic links that leave the repository (or lead nowhere) are reported and not read; the other files are still checked.",
		Fix:     "fix the file's permissions or the link, or narrow the pattern",
	})
	RuleFileYAMLAlias = rules.New(rules.Rule{
		ID: "mcpschema.file.yaml-alias", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "YAML alias",
		Summary: "a YAML tool file uses no aliases",
		Doc:     "MCP Description 0.8.0 §15.3.5 forbids YAML aliases in MCP Description documents, and mcpschema never expands an alias in any YAML tool file (a tools/list result, a tool array or a tool object included): a few hundred bytes of aliases can stand for billions of values. Each alias is reported where it is written, before anything is expanded; the file is then not checked further, because the value the alias stands for is not read and checking a stand-in would judge a document no reader sees. The file counts as not completely checked.",
		Fix:     "write the value out in place of the alias (and drop its anchor)",
	})
	RuleFileYAMLAnchor = rules.New(rules.Rule{
		ID: "mcpschema.file.yaml-anchor", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
		Title:   "YAML anchor",
		Summary: "a YAML tool file declares no anchors",
		Doc:     "An anchor (&name) only exists to be referred to by an alias, and aliases are not allowed in tool files (MCP Description 0.8.0 §15.3.5). An anchor alone changes no value, so the file is checked as written; the anchor is reported where it is written.",
		Fix:     "remove the anchor",
	})
	RuleFileYAMLMergeKey = rules.New(rules.Rule{
		ID: "mcpschema.file.yaml-merge-key", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
		Title:   "YAML merge key",
		Summary: "a YAML tool file writes no plain merge key (<<), which YAML 1.1 readers merge",
		Doc:     "MCP Description 0.8.0 §15.3.6 forbids applying YAML merge-key semantics, not the key: tooling must read \"<<\" as an ordinary key. mcpschema does: it merges nothing and checks the document a JSON reader of the same content checks (where an extension such as x-example-map: {<<: {a: 1}} is an ordinary member, and \"<<\" elsewhere is an unknown member the other rules report). YAML 1.1 readers (PyYAML's safe loader, js-yaml, go-yaml decoding into values) do merge a plain <<, so what such a client sees may differ from what mcpschema checked. Each plain merge key is reported where it is written, as a warning; a quoted '<<' is an ordinary key to every reader and is not reported. A merge key whose value is an alias stays bounded: the alias is reported (mcpschema.file.yaml-alias) and never expanded.",
		Fix:     "quote the key ('<<') if it is meant as a key; otherwise write the merged members out in the mapping and remove the \"<<\" key",
	})
	RuleFileYAMLBoolWord = rules.New(rules.Rule{
		ID: "mcpschema.file.yaml-boolean-word", Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
		Title:   "YAML 1.1 boolean word",
		Summary: "enum, const, default and example values in a YAML tool file quote yes, no, on, off, y and n",
		Doc:     "MCP Description 0.8.0 §15.3.3 resolves YAML scalars by YAML 1.2, where an unquoted yes, no, on, off, y or n is a string, and mcpschema reads it so. YAML 1.1 readers make the same text a boolean: the YAML 1.1 bool type (https://yaml.org/type/bool.html) lists y, yes, on, n, no and off in lower case, capitalised and upper case; PyYAML, SnakeYAML and go-yaml v2 read yes, no, on and off so, go-yaml v2 also y and n, and Ruby's Psych any case of yes, no, on and off. So enum: [yes, no] is two strings here and [true, false] there: a value a client sends or shows differs from the one checked, and a change from [\"yes\", \"no\"] to [yes, no] looks like no change at all. Each such value under enum, const, default, examples or example (at any depth of the value; a property named default is a name, not a value) is reported where it is written. A quoted or !!str-tagged value is a string to every reader and is not reported.",
		Fix:     "quote the value (\"yes\") to keep the string, or write true or false if a boolean is meant",
	})
	RuleFileYAMLTag = rules.New(rules.Rule{
		ID: "mcpschema.file.yaml-tag", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "YAML tag",
		Summary: "a YAML tool file uses no application-specific tags",
		Doc:     "MCP Description 0.8.0 §15.3.4 forbids application-specific, language-specific and custom YAML tags; an unsafe reader may construct an object from one. Only the tags of the YAML 1.2 JSON schema (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq) are accepted. Each other tag is reported where it is written, and the value is read as if untagged.",
		Fix:     "remove the tag and write the value as plain JSON-compatible YAML",
	})
	RuleFileShape = rules.New(rules.Rule{
		ID: "mcpschema.file.shape", Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Title:   "unknown file shape",
		Summary: "a tool file is an MCP Description, a tools/list result, a JSON-RPC response, a tool array or a tool object",
		Doc:     "mcpschema recognises an MCP Description document (root object with mcpdesc, tools under /tools), a tools/list result {\"tools\": [...]}, a JSON-RPC response holding one (/result/tools), a bare array of tool objects, and a single tool object (see mcpschema.file.no-tools for what counts as one). A file that holds none of these is a mcpschema.file.no-tools notice; when no matched file holds a tool, nothing was checked and each such file is reported under this rule, as an error. A file holding several YAML documents is reported here too.",
		Fix:     "point the patterns at tool files only, or reshape the file",
	})
)

var problemRules = map[source.ProblemKind]*rules.Rule{
	source.ProblemSyntax:       RuleFileSyntax,
	source.ProblemDuplicateKey: RuleFileDuplicateKey,
	source.ProblemBOM:          RuleFileBOM,
	source.ProblemTooLarge:     RuleFileBound,
	source.ProblemTooDeep:      RuleFileBound,
	source.ProblemTooMany:      RuleFileBound,
	source.ProblemNotJSON:      RuleFileNotJSON,
	source.ProblemEmpty:        RuleFileEmpty,
	source.ProblemUnreadable:   RuleFileUnreadable,
	source.ProblemMultiDoc:     RuleFileShape,
	source.ProblemYAMLAlias:    RuleFileYAMLAlias,
	source.ProblemYAMLAnchor:   RuleFileYAMLAnchor,
	source.ProblemYAMLMergeKey: RuleFileYAMLMergeKey,
	source.ProblemYAMLBoolWord: RuleFileYAMLBoolWord,
	source.ProblemYAMLTag:      RuleFileYAMLTag,
	source.ProblemTimeBudget:   RuleTimeBudget,
}

func reportSourceProblems(fc *FileContext) {
	for _, p := range fc.File.Problems {
		r := problemRules[p.Kind]
		fc.ReportFinding(reportFinding(r, p))
	}
	if !fc.File.Fatal() && (fc.File.Shape == source.ShapeUnknown || fc.File.Shape == source.ShapeText) {
		noToolsFinding(fc)
	}
}
