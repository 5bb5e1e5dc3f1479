package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleComponentRef requires every $componentRef of a tool to resolve.
var RuleComponentRef = rules.New(rules.Rule{
	ID: "mcpdesc.tool.component-ref", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "$componentRef selects nothing",
	Summary: "a tool's $componentRef selects a component of the document",
	Doc: "MCP Description 0.8.0 sections 9.2, 9.3 and 17: inputSchema and outputSchema MAY be Reference Objects {\"$componentRef\": \"#/components/schemas/<name>\"}, and an example MAY be {\"$componentRef\": \"#/components/toolExamples/<name>\"}. " +
		"Resolution happens before every other rule, so mcpschema checks the component in place of the reference and reports positions inside the component. Component-to-component references are followed transitively (at most 64 of them). " +
		"A reference that is not a string or not of the form #/components/<namespace>/<name>, reaches another namespace (the message names it), selects nothing, or leads into a cycle is an error at the reference; the cause inside the components is reported there as mcpdesc.components.ref.",
	Fix: "point $componentRef at an existing entry of /components/schemas (or /components/toolExamples for examples), or add that component",
})

// checkComponentRefs reports schema references that select nothing.
func checkComponentRefs(c *ToolContext) {
	for _, key := range []string{"inputSchema", "outputSchema"} {
		r := c.SchemaRef(key)
		if r.IsRef && closedObjects(c.FileContext) {
			reportRefSiblings(c, RuleComponentRef, c.Tool.Value[key].(map[string]any), c.Ptr(key), key)
		}
		if !r.IsRef || r.Resolved {
			continue
		}
		c.reportRefProblem(c, RuleComponentRef, r.RefPointer, key, "schemas", r.Resolution)
	}
}
