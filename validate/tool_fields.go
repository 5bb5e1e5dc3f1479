package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Rules about the types of a tool's display fields, as the MCP Tool type
// defines them. They apply to every file shape.
var (
	RuleToolTitle = rules.New(rules.Rule{
		ID: "mcp.tool.title.string", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Versions: versionsFrom("2025-06-18"),
		Title:    "title not a string",
		Summary:  "a tool's title is a string",
		Doc: "MCP 2025-06-18 and later (schema.ts, BaseMetadata: title?: string; MCP Description 0.8.0 section 9.1): a present title is the human-readable display name, a string. " +
			"null or any other value is rejected by clients that check the Tool type; captured tools/list results sometimes carry \"title\": null. Earlier versions define no tool title (mcpdesc.tool.field-version reports it in documents).",
		Fix: "give the title as a string, or remove it",
	})
	RuleToolDescription = rules.New(rules.Rule{
		ID: "mcp.tool.description.string", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Title:   "description not a string",
		Summary: "a tool's description is a string",
		Doc:     "MCP, every protocol version (schema.ts, interface Tool: description?: string; MCP Description 0.8.0 section 9.1): a present description is human-readable text, a string. The model reads it to choose the tool, so null or another value loses it.",
		Fix:     "give the description as a string, or remove it",
	})
)

// checkToolStrings reports a title or description that is not a string.
func checkToolStrings(c *ToolContext) {
	if c.Tool.Value == nil {
		return
	}
	if raw, has := c.Tool.Value["description"]; has {
		if _, ok := raw.(string); !ok {
			c.Report(RuleToolDescription, c.Ptr("description"), nil,
				"tool description is %s, not a string: give the description as text, or remove it", jsonType(raw))
		}
	}
	vs := c.Among(RuleToolTitle.Versions)
	if raw, has := c.Tool.Value["title"]; has && len(vs) > 0 {
		if _, ok := raw.(string); !ok {
			c.Report(RuleToolTitle, c.Ptr("title"), vs,
				"tool title is %s, not a string: give the display name as text, or remove it", jsonType(raw))
		}
	}
}
