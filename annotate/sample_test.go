package annotate

import (
	"encoding/json"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// sampleRules is the rule set of this package's tests: these rules only.
var sampleRules = mustSet(
	rules.New(rules.Rule{ID: "compat.input.required-added", Kind: rules.Breaking, Direction: rules.Input, Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Summary: "a property became required", Doc: "callers that omit the property now fail.", Fix: "make the property optional or give it a default", Title: "required argument added"}),
	rules.New(rules.Rule{ID: "compat.tool.removed", Kind: rules.Breaking, Direction: rules.Tool, Owner: "mcpschema", Level: rules.Must, Severity: rules.Error,
		Summary: "a tool present at the base revision is still present", Doc: "callers that name the tool break.", Fix: "keep the tool", Title: "tool removed"}),
	rules.New(rules.Rule{ID: "json-schema.tool-schema.valid", Owner: "json-schema", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2025-11-25", "2026-07-28"}, Summary: "tool schemas are valid JSON Schema", Doc: "each schema is valid under its dialect.", Fix: "fix the keyword the message names"}),
	rules.New(rules.Rule{ID: "mcp.tool.schema.native-shape", Owner: "mcp", Level: rules.Should, Severity: rules.Warning,
		Summary: "schemas keep the MCP tool shape", Doc: "the root is an object schema.", Fix: "add \"type\": \"object\""}),
	rules.New(rules.Rule{ID: "mcpschema.tool.name-style", Owner: "mcpschema", Level: rules.May, Severity: rules.Notice,
		Summary: "tool names use the recommended characters"}),
)

// mustSet is a set of the given records, or a panic.
func mustSet(rs ...*rules.Rule) *rules.Set {
	s, err := rules.NewSet(rs)
	if err != nil {
		panic(err)
	}
	return s
}

// sampleReport has every severity, a breaking change with a base location
// and a witness, odd characters that need escaping, and an incomplete file.
func sampleReport() *report.Report {
	rep := &report.Report{
		Files: []report.FileSummary{
			{Path: "tools/b w,eird:name.yaml", Tools: 1, Complete: false},
			{Path: "tools/a.json", Tools: 2, Complete: true},
		},
		Findings: []report.Finding{
			{Rule: "compat.input.required-added", Severity: rules.Error, File: "tools/a.json", Pointer: "/tools/0/inputSchema/required/1",
				Line: 12, Column: 9, Message: `property "limit" became required`, Tool: "search", ToolPointer: "/tools/0",
				Base:    &report.Location{File: "tools/a.json", Pointer: "/tools/0/inputSchema/required", Line: 10, Column: 19},
				Witness: map[string]any{"query": "a<b>&c", "n": json.Number("1")}},
			{Rule: "mcp.tool.schema.native-shape", Severity: rules.Warning, File: "tools/a.json", Pointer: "/tools/1/inputSchema",
				Line: 20, Column: 20, Message: "root is not \"type\": \"object\"\n100% sure, see a:b | c `x` @team *bold* <script>",
				Tool: "fetch|all", ToolPointer: "/tools/1", ProtocolVersions: []string{"2025-11-25"}},
			{Rule: "json-schema.tool-schema.valid", Severity: rules.Error, File: "tools/b w,eird:name.yaml", Pointer: "/tools/0/inputSchema/$ref",
				Line: 4, Column: 7, Message: `external "$ref" "https://example.com/s.json" is not fetched: the check is incomplete`,
				Tool: "ünïcode", ToolPointer: "/tools/0", Incomplete: true},
			{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "tools/b w,eird:name.yaml", Pointer: "/tools/0/name",
				Line: 2, Column: 11, Message: "name \"ünïcode\" has characters outside [A-Za-z0-9_.-]\r\nsecond line", Tool: "ünïcode", ToolPointer: "/tools/0"},
		},
		Notes: []string{"check run could not be created: fell back to workflow annotations"},
	}
	rep.Finalize()
	return rep
}

// cleanReport has no findings at all.
func cleanReport() *report.Report {
	rep := &report.Report{Files: []report.FileSummary{{Path: "tools/a.json", Tools: 2, Complete: true}}}
	rep.Finalize()
	return rep
}
