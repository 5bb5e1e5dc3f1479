package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleNativeShape is the MCP Tool type's schema-syntax restriction for the dialect-governed versions.
var RuleNativeShape = rules.New(rules.Rule{
	ID: "mcp.tool.schema.native-shape", Owner: "mcp", Level: rules.Should, Severity: rules.Warning,
	Versions: []string{"2025-11-25", "2026-07-28"},
	Title:    "schema shape not allowed",
	Summary:  "a tool schema meets the MCP Tool type's shape restrictions for its protocol versions",
	Doc: "From MCP 2025-11-25 a tool schema is judged by its JSON Schema dialect, but the MCP Tool type still restricts some syntax (MCP Description 0.9.0 section 9.2, req-tool-schema-native-shape; MCP schema.ts, interface Tool): " +
		"a literal \"type\": \"object\" at the inputSchema root (2025-11-25 and 2026-07-28), and for 2025-11-25 also at the outputSchema root and an object, not a boolean, for each top-level properties value of either schema. " +
		"A schema that misses a restriction stays valid under its dialect and is accepted with a warning naming the protocol versions concerned, because its native projection for them fails. " +
		"Only the declared root type is examined; composition is not analysed, and nested schemas are not restricted.",
	Fix: "use {} instead of true and {\"not\": {}} instead of false, add \"type\": \"object\" beside $ref or allOf, or narrow the tool's protocolVersions",
})

// checkNativeShape applies the MCP Tool type's restrictions to both schemas.
func checkNativeShape(c *ToolContext) {
	both := c.Among(RuleNativeShape.Versions)
	if len(both) == 0 {
		return
	}
	only1125 := c.Among([]string{"2025-11-25"})
	if in, ptr, ok := c.Schema("inputSchema"); ok {
		if obj, isObj := in.(map[string]any); isObj {
			nativeRootType(c, "inputSchema", obj, ptr, both)
			nativeProperties(c, "inputSchema", obj, ptr, only1125)
		}
	}
	if out, ptr, ok := c.Schema("outputSchema"); ok && len(only1125) > 0 {
		if obj, isObj := out.(map[string]any); isObj {
			nativeRootType(c, "outputSchema", obj, ptr, only1125)
			nativeProperties(c, "outputSchema", obj, ptr, only1125)
		}
	}
}

// nativeRootType warns when the schema root does not declare type "object".
func nativeRootType(c *ToolContext, key string, schema map[string]any, ptr string, vs []string) {
	t, has := schema["type"]
	if s, ok := t.(string); ok && s == "object" {
		return
	}
	if _, isRef := componentRef(schema); isRef {
		return // a Reference Object that did not resolve: mcpdesc.tool.component-ref reports it
	}
	fix := "add \"type\": \"object\" at its root"
	switch {
	case schema["$ref"] != nil:
		fix = "add \"type\": \"object\" beside \"$ref\""
	case schema["allOf"] != nil:
		fix = "add \"type\": \"object\" beside \"allOf\""
	case schema["anyOf"] != nil:
		fix = "add \"type\": \"object\" beside \"anyOf\""
	case schema["oneOf"] != nil:
		fix = "add \"type\": \"object\" beside \"oneOf\""
	}
	what := "has no root \"type\""
	if has {
		what = "declares root \"type\" " + compactJSON(t)
	}
	c.Report(RuleNativeShape, ptr, vs,
		"%s %s, but the MCP Tool type for %s requires the literal \"type\": \"object\": %s, or narrow %s",
		key, what, versionsText(vs), fix, versionsPlace(c))
}

// nativeProperties warns about boolean top-level properties values.
func nativeProperties(c *ToolContext, key string, schema map[string]any, ptr string, vs []string) {
	if len(vs) == 0 {
		return
	}
	props, ok := schema["properties"].(map[string]any)
	if !ok {
		return
	}
	for _, name := range sortedKeys(props) {
		b, isBool := props[name].(bool)
		if !isBool {
			continue
		}
		fix := "use {} instead of true"
		if !b {
			fix = "use {\"not\": {}} instead of false"
		}
		c.Report(RuleNativeShape, joinPtr(ptr, "properties", name), vs,
			"%s property %q is the boolean schema %t, but the MCP Tool type for %s requires an object for each top-level properties value: %s, or narrow %s",
			key, name, b, versionsText(vs), fix, versionsPlace(c))
	}
}
