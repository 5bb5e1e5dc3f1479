package validate

import (
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
)

// RuleToolSchemaValid: every tool schema is valid under its dialect.
var RuleToolSchemaValid = rules.New(rules.Rule{
	ID: "json-schema.tool-schema.valid", Owner: "json-schema", Level: rules.Must, Severity: rules.Error,
	Versions: []string{"2025-11-25", "2026-07-28"},
	Title:    "tool schema invalid",
	Summary:  "a tool's inputSchema and outputSchema are valid under their declared or default JSON Schema dialect",
	Doc: "MCP 2025-11-25 and 2026-07-28 (Basic, JSON Schema usage) make JSON Schema 2020-12 the default dialect of tool schemas and require an error for a dialect an implementation does not support; " +
		"MCP Description section 9.2 limits declared dialects to 2020-12 and draft-07, never fetches external $ref targets and warns when validation is incomplete. " +
		"mcpschema reads each inputSchema and outputSchema under its $schema (https://json-schema.org/draft/2020-12/schema or http://json-schema.org/draft-07/schema#, http or https, with or without a trailing #) or 2020-12 when absent. " +
		"Any other $schema, or a non-string one, is an error. Every meta-schema violation is reported at its keyword, every local $ref or $dynamicRef that selects nothing is an error at that reference (also inside unused $defs), " +
		"and a reference to another document is never fetched or read: it is a warning that the check is incomplete, and the file and run are reported as not completely checked. " +
		"Schemas over the configured depth, size or time bounds are reported and not checked. Patterns are ECMA-262 regular expressions. " +
		"Earlier protocol versions define no dialect; mcp.tool.schema.legacy-shape applies to them instead.",
	Fix:    "fix the schema at the reported keyword, declare \"$schema\": \"https://json-schema.org/draft/2020-12/schema\" (or draft-07), and move externally referenced definitions into \"$defs\"",
	Also:   []rules.Severity{rules.Warning},
	Varies: "warning for a reference to another document (never fetched; the check is incomplete)",
})

// checkToolSchemaValid checks both schemas of a tool under their dialect,
// for the protocol versions that define one.
func checkToolSchemaValid(c *ToolContext) {
	versions := c.Among(rules.DialectVersions)
	if len(versions) == 0 {
		return
	}
	for _, key := range []string{"inputSchema", "outputSchema"} {
		v, ptr, ok := c.Schema(key)
		if !ok {
			continue
		}
		if _, isObj := v.(map[string]any); !isObj {
			continue // other rules own missing, null and non-object schemas
		}
		if c.OutOfTime() {
			return // reported once per file (see reportBudget)
		}
		c.markValidated(ptr)
		cs := c.Schemas.Check(v)
		for _, p := range cs.Problems {
			f := report.Finding{Rule: RuleToolSchemaValid.ID, Severity: RuleToolSchemaValid.Severity,
				Pointer: ptr + p.Pointer, ProtocolVersions: versions, Message: p.Message, Limit: p.Limit}
			switch p.Kind {
			case schema.SchemaExternalRef:
				f.Severity = rules.Warning
				f.Incomplete = true
			case schema.SchemaBound:
				f.Incomplete = true
			}
			c.ReportFinding(f)
		}
		if !cs.Complete {
			c.MarkIncomplete()
		}
	}
}
