package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Rules about the tool object itself and its required members.
var (
	RuleToolObject = rules.New(rules.Rule{
		ID: "mcp.tool.entry.object", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Title:   "tool entry not an object",
		Summary: "every entry of a tool list is a tool object",
		Doc:     "Every element of a tools array (MCP tools/list result, JSON-RPC response, bare array or MCP Description /tools) is an MCP Tool, which is a JSON object (MCP schema.ts, interface Tool; MCP Description 0.8.0 section 9.1). A string, number, array or null in its place cannot be a tool and is not checked further.",
		Fix:     "replace the entry with a tool object or remove it",
	})
	RuleToolName = rules.New(rules.Rule{
		ID: "mcp.tool.name.required", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Title:   "tool name missing",
		Summary: "every tool has a string name",
		Doc:     "The MCP Tool type requires name, a string, in every protocol version (schema.ts: name: string); MCP Description 0.8.0 section 9.1 lists it as required. Clients call a tool by this name, so a tool without one cannot be called.",
		Fix:     "add a \"name\" member holding the tool's programmatic name as a string",
	})
	RuleToolInputSchema = rules.New(rules.Rule{
		ID: "mcp.tool.input-schema.required", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Title:   "inputSchema missing",
		Summary: "every tool has an inputSchema object",
		Doc:     "The MCP Tool type requires inputSchema, a JSON Schema object, in every protocol version; from 2025-11-25 the specification says it \"MUST be a valid JSON Schema object (not null)\". MCP Description 0.8.0 section 9.2: every Tool MUST contain inputSchema and its absence MUST NOT be read as \"no arguments\". A tool without arguments uses {\"type\": \"object\", \"additionalProperties\": false}.",
		Fix:     "add \"inputSchema\": {\"type\": \"object\", \"additionalProperties\": false} for a tool without arguments, or the schema of its arguments",
	})
	RuleToolOutputSchema = rules.New(rules.Rule{
		ID: "mcp.tool.output-schema.object", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Title:   "outputSchema not an object",
		Summary: "a present outputSchema is a schema object, not null",
		Doc:     "outputSchema is optional, but when present the MCP Tool type (2025-06-18 and later) requires a JSON Schema object; null, a boolean or any other value is not allowed (MCP schema.json; MCP Description 0.8.0 section 9.2). Captured tools/list results sometimes carry \"outputSchema\": null, which strict clients reject.",
		Fix:     "remove outputSchema when the tool has no structured output, or give a schema object",
	})
)

// checkToolEntry checks that the entry is an object with a string name,
// an inputSchema object and, when present, an outputSchema object.
func checkToolEntry(c *ToolContext) {
	if c.Tool.Value == nil {
		c.Report(RuleToolObject, c.Tool.Pointer, nil,
			"tool entry is %s, not an object: replace it with a tool object holding \"name\" and \"inputSchema\", or remove it", jsonType(c.Tool.Raw))
		return
	}
	name, ok := c.Tool.Value["name"]
	switch {
	case !ok:
		c.Report(RuleToolName, c.Tool.Pointer, nil,
			"tool has no \"name\": add the tool's programmatic name as a string")
	case !c.Tool.HasName:
		c.Report(RuleToolName, c.Ptr("name"), nil,
			"tool \"name\" is %s, not a string: give the tool's programmatic name as a string", jsonType(name))
	}
	in := c.SchemaRef("inputSchema")
	switch {
	case !in.Present:
		c.Report(RuleToolInputSchema, c.Tool.Pointer, nil,
			"tool %q has no \"inputSchema\", and absence does not mean \"no arguments\": add \"inputSchema\": {\"type\": \"object\", \"additionalProperties\": false} for a tool without arguments", c.Tool.Label())
	case in.IsRef && !in.Resolved:
		// reported by mcpdesc.tool.component-ref
	default:
		if _, isObj := in.Value.(map[string]any); !isObj {
			c.Report(RuleToolInputSchema, in.Pointer, nil,
				"\"inputSchema\" is %s, not a schema object: use {\"type\": \"object\", \"additionalProperties\": false} for a tool without arguments", jsonType(in.Value))
		}
	}
	out := c.SchemaRef("outputSchema")
	if out.Present && (!out.IsRef || out.Resolved) {
		if _, isObj := out.Value.(map[string]any); !isObj {
			c.Report(RuleToolOutputSchema, out.Pointer, nil,
				"\"outputSchema\" is %s, not a schema object: remove it when the tool has no structured output, or give a schema object", jsonType(out.Value))
		}
	}
}
