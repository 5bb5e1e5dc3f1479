package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleExtensionPlacement keeps x-* members off carried MCP values.
var RuleExtensionPlacement = rules.New(rules.Rule{
	ID: "mcpdesc.document.extension-placement", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "x-* extension misplaced",
	Summary: "x-* extensions appear only on MCP Description objects, never directly on carried MCP payloads, results, annotations or _meta",
	Doc: "MCP Description 0.8.0 section 14.2: specification extensions MAY appear on eligible MCP Description semantic objects (root, Info, Transport, Security Scheme, Capabilities, Tool, Resource, Prompt, Elicitation Declaration, example wrapper objects ...), and MUST NOT appear directly on carried MCP payload, result, annotation or _meta objects, on Security Requirement Objects, on Reference Objects or on embedded JSON Schemas: those keep the rules of their owning format. " +
		"mcpschema reports an x-* member directly on an example's result, a content block, tool or resource annotations, a _meta object, an interaction step's request or response, a prompt message, a completion result and a Security Requirement Object. " +
		"Inside a component namespace map an x-* key is an ordinary component name (mcpdesc.components.name, mcpdesc.components.value).",
	Fix: "move the x-* member to the enclosing MCP Description object (the example, the tool, the resource) or remove it",
})

// reportCarriedExtensions reports x-* members directly on a carried MCP
// value (what names it: "a tool result", "a content block" ...).
func reportCarriedExtensions(rep reporter, obj map[string]any, ptr, what string) {
	for _, k := range sortedKeys(obj) {
		if isExtension(k) {
			reportCarriedExtension(rep, k, ptr, what)
		}
	}
}

// reportCarriedExtension reports the x-* member name of the carried MCP
// value at ptr (see reportCarriedExtensions).
func reportCarriedExtension(rep reporter, name, ptr, what string) {
	rep.Report(RuleExtensionPlacement, source.Join(ptr, name), nil,
		"extension %q is on %s, which is not an MCP Description object and cannot carry extensions: move it to the enclosing MCP Description object, or remove it", name, what)
}

// markValidated records that a schema component was validated in context.
func (c *FileContext) markValidated(ptr string) {
	if c.validated == nil {
		c.validated = map[string]bool{}
	}
	c.validated[ptr] = true
}

// notCompletedMembers are result members of task and input-required forms.
var notCompletedMembers = []string{"task", "requestState", "inputRequests"}

// reportNotCompleted reports result members of forms that are not a
// completed result (a task, an input-required result).
func reportNotCompleted(rep reporter, rule *rules.Rule, res map[string]any, ptr, what string) {
	for _, k := range notCompletedMembers {
		if _, has := res[k]; has {
			rep.Report(rule, source.Join(ptr, k), nil,
				"%s result has %q, which belongs to a task or input-required result, not a completed one: an example is a completed result; remove it", what, k)
		}
	}
}
