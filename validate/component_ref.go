package validate

import (
	"github.com/mcpschema/mcpschema/validate/rules"
)

// RuleComponentRef requires every $componentRef of a tool to resolve.
var RuleComponentRef = rules.Register(rules.Rule{
	ID: "mcpdesc.tool.component-ref", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Summary: "a tool's $componentRef selects a component of the document",
	Doc: "MCP Description 0.8.0 sections 9.2, 9.3 and 17: inputSchema and outputSchema MAY be Reference Objects {\"$componentRef\": \"#/components/schemas/<name>\"}, and an example MAY be {\"$componentRef\": \"#/components/toolExamples/<name>\"}. " +
		"Resolution happens before every other rule, so mcpschema checks the component in place of the reference and reports positions inside the component. A reference that is not a string, points to another namespace or selects nothing is an error at the reference.",
	Fix: "point $componentRef at an existing entry of /components/schemas (or /components/toolExamples for examples), or add that component",
})

func init() {
	addCheck(Check{Name: "component-refs", Rules: []*rules.Rule{RuleComponentRef}, Tool: checkComponentRefs})
}

// checkComponentRefs reports schema references that select nothing.
func checkComponentRefs(c *ToolContext) {
	for _, key := range []string{"inputSchema", "outputSchema"} {
		r := c.SchemaRef(key)
		if !r.IsRef || r.Resolved {
			continue
		}
		reportUnresolved(c, r.RefPointer, r.Ref, c.Tool.Value[key], "schemas", key)
	}
}

// reportUnresolved reports a Reference Object whose $componentRef selects nothing.
func reportUnresolved(c *ToolContext, ptr, ref string, obj any, namespace, what string) {
	raw := obj.(map[string]any)[componentRefKey]
	if _, isStr := raw.(string); !isStr {
		c.Report(RuleComponentRef, ptr, nil,
			"%s $componentRef is %s, not a reference: write it as \"#/components/%s/<name>\"", what, jsonType(raw), namespace)
		return
	}
	c.Report(RuleComponentRef, ptr, nil,
		"%s $componentRef %q selects no component: point it at an existing \"#/components/%s/<name>\" or add that component", what, ref, namespace)
}
