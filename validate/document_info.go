package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleDocComponents closes the components object to its namespaces.
var RuleDocComponents = rules.New(rules.Rule{
	ID: "mcpdesc.document.components", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "unknown component namespace",
	Summary: "the components object holds only the component namespaces MCP Description defines",
	Doc: "MCP Description 0.8.0 sections 3.2, 3.8, 9.3, 9.4 and 17: components holds reusable schemas (schemas) and named primitive examples (toolExamples, resourceExamples, resourceTemplateExamples, promptExamples), plus x-* extensions; it is a closed object, so another namespace is rejected. " +
		"In particular 0.8.0 defines no namespace for interaction scenarios: interactionExamples are declaration-local. A reference into an unknown namespace is never resolved (mcpdesc.tool.component-ref).",
	Fix: "move the entries to a defined namespace (schemas for JSON Schemas, toolExamples for tool examples), keep interaction examples on their tool, or rename the member with an x- prefix",
})

// componentNamespaces are the namespaces of the components object.
var componentNamespaces = []string{"schemas", "toolExamples", "resourceExamples", "resourceTemplateExamples", "promptExamples"}

// infoRequired are the Info Object members a document must give as strings.
var infoRequired = []string{"name", "version"}

// checkInfo checks the Info Object's required members.
func checkInfo(fc *FileContext, info map[string]any) {
	// icons is a non-empty array of Icon Objects when present (section 5.1).
	checkCollection(fc, info, "/info", "icons", false)
	for _, k := range infoRequired {
		v, has := info[k]
		if !has {
			fc.Report(RuleDocInfo, "/info", nil, "info has no %q: add the server's %s as a string", k, k)
			continue
		}
		if s, isStr := v.(string); !isStr {
			fc.Report(RuleDocInfo, source.Join("/info", k), nil, "info %s is %s, not a string: write it as a quoted string", k, jsonType(v))
		} else if s == "" {
			fc.Report(RuleDocInfo, source.Join("/info", k), nil, "info %s is empty, which MCP Description forbids: give the server's %s", k, k)
		}
	}
}

// checkComponentNamespaces reports members of components that are no namespace.
func checkComponentNamespaces(fc *FileContext, comp map[string]any) {
	for _, ns := range sortedKeys(comp) {
		if contains(componentNamespaces, ns) || isExtension(ns) {
			continue
		}
		fc.Report(RuleDocComponents, source.Join("/components", ns), nil,
			"unknown component namespace %q: MCP Description defines %s; move the entries to one of them, or rename it %q to keep it as an extension", ns, quoteList(componentNamespaces), "x-"+ns)
	}
}
