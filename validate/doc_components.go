package validate

import (
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about the components of an MCP Description document, checked
// whether a use site references them or not.
var (
	RuleComponentName = rules.New(rules.Rule{
		ID: "mcpdesc.components.name", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad component name",
		Summary: "every component name matches ^[A-Za-z0-9._-]+$",
		Doc: "MCP Description 0.8.0 section 17.1: each component name in a namespace map (schemas, toolExamples, resourceExamples, resourceTemplateExamples, promptExamples) MUST match ^[A-Za-z0-9._-]+$; names are case-sensitive and unique within their namespace. " +
			"A namespace map is a closed component-name map, not an extension location (section 14.2): an x-* key there is an ordinary component name, and its value is checked as a component.",
		Fix: "rename the component using only letters, digits, ., _ and -, and update every $componentRef to it",
	})
	RuleComponentsRef = rules.New(rules.Rule{
		ID: "mcpdesc.components.ref", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "component reference unresolved",
		Summary: "a component that is a Reference Object resolves, transitively and without a cycle, in its own namespace",
		Doc: "MCP Description 0.8.0 sections 17.2 and 17.4: a component MAY be a Reference Object {\"$componentRef\": \"#/components/<namespace>/<name>\"} with no sibling member (not even x-*). " +
			"Implementations follow component-to-component references transitively, require every target to exist in the namespace of the use site and reject cycles. " +
			"mcpschema checks every component, used or not: a malformed pointer, a missing target and a target in another namespace are errors at the component's $componentRef, and a cycle is an error at the reference that closes it (the last one followed, components taken in name order). " +
			"A use site whose chain fails is an error at the use site (mcpdesc.tool.component-ref).",
		Fix: "point the $componentRef at an existing component of the same namespace that does not lead back to it, or write the value inline",
	})
	RuleComponentValue = rules.New(rules.Rule{
		ID: "mcpdesc.components.value", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "invalid component",
		Summary: "every component is a valid value of its namespace, referenced or not",
		Doc: "MCP Description 0.8.0 sections 17.1 and 17.3: schemas holds JSON Schemas, toolExamples Tool Example Objects, resourceExamples Resource Example Objects, resourceTemplateExamples Resource Template Example Objects and promptExamples Prompt Example Objects (each also MAY be a Reference Object). " +
			"A component is checked in context at every use site (the use site's rules report it); a component no use site checks is still checked on its own: a schema is a JSON Schema object or boolean that is valid under its declared dialect (2020-12 by default), and an example has the members and member types of its example object. " +
			"Component values MUST NOT declare protocolVersions: protocol applicability comes only from each use site.",
		Fix: "fix the component (or remove it when nothing uses it)",
	})
)

// checkComponents checks every component of every namespace.
func checkComponents(fc *FileContext) {
	root, _ := fc.File.Root.(map[string]any)
	comp, ok := root["components"].(map[string]any)
	if !ok || !closedObjects(fc) {
		return
	}
	markExampleUses(fc, root)
	cycles := map[string]bool{}
	for _, ns := range source.ComponentNamespaces {
		m, ok := comp[ns].(map[string]any)
		if !ok {
			continue
		}
		for _, name := range sortedKeys(m) {
			ptr := source.Join("/components", ns, name)
			if !exampleNameRe.MatchString(name) {
				fc.Report(RuleComponentName, ptr, nil,
					"component name %q in %q does not match ^[A-Za-z0-9._-]+$: rename it using only letters, digits, ., _ and -", name, ns)
			}
			v := m[name]
			if _, isRef := componentRef(v); isRef {
				checkComponentChain(fc, ptr, ns, name, v, cycles)
				continue
			}
			if obj, isObj := v.(map[string]any); isObj && ns != "schemas" && obj["protocolVersions"] != nil {
				fc.Report(RuleComponentValue, source.Join(ptr, "protocolVersions"), nil,
					"component %q declares protocolVersions, but a component has no protocol scope of its own (it takes each use site's): remove it", name)
			}
			if ns == "schemas" {
				checkSchemaComponent(fc, ptr, v)
				continue
			}
			if fc.reached[ptr] {
				continue // a use site checked it in context
			}
			if ns == "toolExamples" {
				checkToolExampleComponent(fc, ptr, name, v)
				continue
			}
			checkOtherExampleComponent(fc, ns, ptr, name, v)
		}
	}
}

// checkComponentChain checks a component that is a Reference Object.
func checkComponentChain(fc *FileContext, ptr, ns, name string, v any, cycles map[string]bool) {
	refPtr := source.Join(ptr, componentRefKey)
	reportRefSiblings(fc, RuleComponentsRef, v.(map[string]any), ptr, "component "+quote(ptr))
	r := source.FollowComponentRef(fc.File.Root, "#/components/"+ns+"/"+name, ns)
	switch {
	case r.Problem == source.RefOK:
		return
	case r.Problem == source.RefCycle:
		at := refPtr
		if r.At != "" {
			at = source.Join(r.At, componentRefKey)
		}
		members := cycleMembers(r)
		key := strings.Join(sortedCopy(members), "\x00")
		if cycles[key] {
			return
		}
		cycles[key] = true
		fc.Report(RuleComponentsRef, at, nil,
			"component $componentRef %q closes a cycle of component references (%s): point it at a component that is no reference, or write the value inline",
			r.Ref, quoteList(members))
	case r.At == ptr || r.Problem == source.RefTooDeep:
		r.At = ""
		fc.reportRefProblem(fc, RuleComponentsRef, refPtr, "component "+quote(ptr), ns, r)
	}
	// A failure further down the chain is reported at its own component.
}

// reportRefSiblings reports members beside $componentRef in a Reference Object.
func reportRefSiblings(rep reporter, rule *rules.Rule, obj map[string]any, ptr, what string) {
	for _, k := range sortedKeys(obj) {
		if k == componentRefKey {
			continue
		}
		rep.Report(rule, source.Join(ptr, k), nil,
			"%s is a Reference Object with the member %q beside $componentRef, which MCP Description forbids (x-* too): remove it, or write the value inline", what, k)
	}
}

// checkSchemaComponent checks a schema component no tool schema check covered.
func checkSchemaComponent(fc *FileContext, ptr string, v any) {
	if fc.validated[ptr] {
		return
	}
	switch v.(type) {
	case bool:
		return
	case map[string]any:
	default:
		fc.Report(RuleComponentValue, ptr, nil,
			"schema component %q is %s, not a JSON Schema: write it as a schema object such as {\"type\": \"object\"}", ptr, jsonType(v))
		return
	}
	cs := fc.Schemas.Check(v)
	for _, p := range cs.Problems {
		f := report.Finding{Rule: RuleComponentValue.ID, Severity: RuleComponentValue.Severity, Pointer: ptr + p.Pointer, Message: p.Message, Limit: p.Limit}
		switch p.Kind {
		case schema.SchemaExternalRef:
			f.Severity = rules.Warning
			f.Incomplete = true
		case schema.SchemaBound:
			f.Incomplete = true
		}
		fc.ReportFinding(f)
	}
	if !cs.Complete {
		fc.MarkIncomplete()
	}
}

// checkToolExampleComponent checks a tool example component no tool uses.
func checkToolExampleComponent(fc *FileContext, ptr, name string, v any) {
	obj, ok := v.(map[string]any)
	if !ok {
		fc.Report(RuleComponentValue, ptr, nil,
			"tool example component %q is %s, not an object: write it as {\"input\": {...}, \"result\": {...}}", name, jsonType(v))
		return
	}
	reportUnknownMembers(fc, obj, ptr, append([]string{"protocolVersions"}, exampleFields...), "tool example")
	for _, part := range exampleFields {
		switch pv, has := obj[part]; {
		case !has:
			fc.Report(RuleComponentValue, ptr, nil, "tool example component %q has no %q: add it", name, part)
		default:
			if _, isObj := pv.(map[string]any); !isObj {
				fc.Report(RuleComponentValue, source.Join(ptr, part), nil,
					"tool example component %q %s is %s, not an object: give the complete %s object", name, part, jsonType(pv), part)
			}
		}
	}
	if res, ok := obj["result"].(map[string]any); ok {
		reportNotCompleted(fc, RuleComponentValue, res, source.Join(ptr, "result"), "tool example component "+quote(name))
		reportCarriedExtensions(fc, res, source.Join(ptr, "result"), "a tool result")
	}
}

// checkOtherExampleComponent checks a resource, resource template or prompt
// example component no use site checked.
func checkOtherExampleComponent(fc *FileContext, ns, ptr, name string, v any) {
	kind := exampleKinds[ns]
	obj, ok := v.(map[string]any)
	if !ok {
		fc.Report(RuleComponentValue, ptr, nil, "%s component %q is %s, not an object: write it as %s", kind.what, name, jsonType(v), kind.form)
		return
	}
	reportUnknownMembers(fc, obj, ptr, append([]string{"protocolVersions"}, kind.fields...), kind.what)
	for _, part := range kind.required {
		if _, has := obj[part]; !has {
			fc.Report(RuleComponentValue, ptr, nil, "%s component %q has no %q: add it", kind.what, name, part)
		}
	}
	if res, ok := obj["result"].(map[string]any); ok {
		reportNotCompleted(fc, RuleComponentValue, res, source.Join(ptr, "result"), kind.what+" component "+quote(name))
		reportCarriedExtensions(fc, res, source.Join(ptr, "result"), "a "+kind.result)
	} else if r, has := obj["result"]; has {
		fc.Report(RuleComponentValue, source.Join(ptr, "result"), nil, "%s component %q result is %s, not an object: give the completed result", kind.what, name, jsonType(r))
	}
}

// exampleKind describes the example objects of a namespace.
type exampleKind struct {
	what, form, result string
	fields, required   []string
}

// exampleKinds are the example namespaces other than toolExamples.
var exampleKinds = map[string]exampleKind{
	"resourceExamples":         {what: "resource example", form: "{\"result\": {\"contents\": [...]}}", result: "resource read result", fields: []string{"result"}, required: []string{"result"}},
	"resourceTemplateExamples": {what: "resource template example", form: "{\"uri\": \"...\", \"result\": {\"contents\": [...]}}", result: "resource read result", fields: []string{"uri", "result"}, required: []string{"uri", "result"}},
	"promptExamples":           {what: "prompt example", form: "{\"arguments\": {...}, \"result\": {\"messages\": [...]}}", result: "prompt result", fields: []string{"arguments", "result"}, required: []string{"result"}},
}

// cycleMembers are the components of the cycle a resolution closed, from
// the one the closing reference points back to.
func cycleMembers(r source.Resolution) []string {
	target := "/components/" + strings.TrimPrefix(r.Ref, "#/components/")
	for i, p := range r.Chain {
		if p == target {
			return r.Chain[i:]
		}
	}
	return r.Chain
}

// sortedCopy returns the strings sorted, leaving the argument alone.
func sortedCopy(list []string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	return out
}

// exampleNamespaces maps the root collections whose examples may reference
// components to their namespace.
var exampleNamespaces = map[string]string{"resources": "resourceExamples", "resourceTemplates": "resourceTemplateExamples", "prompts": "promptExamples"}

// markExampleUses records the example components that resources, resource
// templates and prompts reference: their checks judge them in context.
func markExampleUses(fc *FileContext, root map[string]any) {
	for _, key := range sortedKeys(map[string]any{"resources": nil, "resourceTemplates": nil, "prompts": nil}) {
		list, _ := root[key].([]any)
		for _, e := range list {
			obj, _ := e.(map[string]any)
			m, _ := obj["examples"].(map[string]any)
			for _, v := range m {
				if ref, isRef := componentRef(v); isRef {
					fc.followComponent(ref, exampleNamespaces[key])
				}
			}
		}
	}
}
