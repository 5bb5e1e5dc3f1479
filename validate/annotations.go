package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleToolAnnotations checks the ToolAnnotations object of a tool.
var RuleToolAnnotations = rules.New(rules.Rule{
	ID: "mcp.tool.annotations.type", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
	Versions: versionsFrom("2025-03-26"),
	Title:    "annotations of the wrong type",
	Summary:  "tool annotations are an object whose hints are booleans and whose title is a string",
	Doc: "MCP 2025-03-26 and later (schema.ts, interface ToolAnnotations; MCP Description 0.8.0 section 9.6): a present annotations member is an object; title is a string and readOnlyHint, destructiveHint, idempotentHint and openWorldHint are booleans (defaults false, true, false and true). " +
		"\"annotations\": null, a hint written as the string \"true\" or as 1 is not a ToolAnnotations value, and a client that reads it as a hint may treat a destructive tool as safe. Other members are allowed for forward compatibility. Applies to every file shape; 2024-11-05 defines no annotations (mcpdesc.tool.field-version reports them in documents).",
	Fix: "write annotations as an object such as {\"readOnlyHint\": true}, with boolean hints and a string title, or remove it",
})

// annotationHints are the boolean ToolAnnotations members and their defaults.
var annotationHints = map[string]string{
	"readOnlyHint": "false", "destructiveHint": "true", "idempotentHint": "false", "openWorldHint": "true",
}

// checkAnnotations checks the annotations object and its known members.
func checkAnnotations(c *ToolContext) {
	if c.Tool.Value == nil {
		return
	}
	raw, has := c.Tool.Value["annotations"]
	vs := c.Among(RuleToolAnnotations.Versions)
	if !has || len(vs) == 0 {
		return
	}
	ptr := c.Ptr("annotations")
	obj, ok := raw.(map[string]any)
	if !ok {
		c.Report(RuleToolAnnotations, ptr, vs,
			"tool annotations is %s, not an object: write the hints as an object such as {\"readOnlyHint\": true}, or remove it", jsonType(raw))
		return
	}
	if closedObjects(c.FileContext) {
		reportCarriedExtensions(c, obj, ptr, "tool annotations")
	}
	for _, k := range sortedKeys(obj) {
		v := obj[k]
		if k == "title" {
			if _, isStr := v.(string); !isStr {
				c.Report(RuleToolAnnotations, joinPtr(ptr, k), vs,
					"annotation \"title\" is %s, not a string: give the title as text, or remove it", jsonType(v))
			}
			continue
		}
		def, hint := annotationHints[k]
		if _, isBool := v.(bool); hint && !isBool {
			c.Report(RuleToolAnnotations, joinPtr(ptr, k), vs,
				"annotation %q is %s, not a boolean: use true or false, or remove it to take the default %s", k, jsonType(v), def)
		}
	}
}
