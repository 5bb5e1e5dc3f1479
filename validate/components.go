package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// componentRefKey is the member of an MCP Description Reference Object.
const componentRefKey = source.ComponentRefKey

// componentRef returns the reference of a Reference Object
// ({"$componentRef": "#/components/..."}) and whether v is one.
func componentRef(v any) (string, bool) { return source.ComponentRef(v) }

// resolveComponent resolves ref, which must read
// "#/components/<namespace>/<name>", in the file's root, following
// component-to-component references. It returns the component, its
// pointer and whether it was found.
func (c *FileContext) resolveComponent(ref, namespace string) (any, string, bool) {
	return source.ResolveComponent(c.File.Root, ref, namespace)
}

// followComponent resolves ref transitively and records the components
// the chain passed through as reached from a use site.
func (c *FileContext) followComponent(ref, namespace string) source.Resolution {
	r := source.FollowComponentRef(c.File.Root, ref, namespace)
	if c.reached == nil {
		c.reached = map[string]bool{}
	}
	for _, p := range r.Chain {
		c.reached[p] = true
	}
	return r
}

// reporter is what a check reports through: a FileContext or a ToolContext.
type reporter interface {
	Report(rule *rules.Rule, ptr string, versions []string, format string, args ...any)
}

// reportRefProblem reports a Reference Object at refPtr (the pointer of its
// $componentRef member) that does not resolve, what naming the use site.
// A failure inside a component chain is reported at the use site as not
// resolving; the component check reports its cause at the component.
func (c *FileContext) reportRefProblem(rep reporter, rule *rules.Rule, refPtr, what, namespace string, r source.Resolution) {
	raw, _ := source.Resolve(c.File.Root, refPtr)
	if _, isStr := raw.(string); !isStr {
		rep.Report(rule, refPtr, nil,
			"%s $componentRef is %s, not a reference: write it as \"#/components/%s/<name>\"", what, jsonType(raw), namespace)
		return
	}
	ref := raw.(string)
	if r.At != "" {
		rep.Report(rule, refPtr, nil,
			"%s $componentRef %q does not resolve: component %q %s; fix that reference or point this one at a component that is no reference",
			what, ref, r.At, refProblemText(r, namespace))
		return
	}
	rep.Report(rule, refPtr, nil, "%s $componentRef %q %s", what, ref, refProblemFix(r, namespace))
}

// refProblemText says what went wrong along a chain, for messages.
func refProblemText(r source.Resolution, namespace string) string {
	switch r.Problem {
	case source.RefNamespace:
		return "references namespace " + quote(r.Reached) + ", not " + quote(namespace)
	case source.RefMissing:
		return "references " + quote(r.Ref) + ", which selects no component"
	case source.RefCycle:
		return "references " + quote(r.Ref) + ", which closes a cycle of references"
	case source.RefTooDeep:
		return "references " + quote(r.Ref) + ", one reference more than the " + itoa(source.MaxComponentChain) + " mcpschema follows"
	}
	return "has a $componentRef that is not \"#/components/" + namespace + "/<name>\""
}

// refProblemFix says what went wrong with a reference and how to fix it.
func refProblemFix(r source.Resolution, namespace string) string {
	switch r.Problem {
	case source.RefNamespace:
		return "reaches namespace " + quote(r.Reached) + ", not " + quote(namespace) + ", the namespace this use site takes" +
			": point it at \"#/components/" + namespace + "/<name>\""
	case source.RefMissing:
		return "selects no component: point it at an existing \"#/components/" + namespace + "/<name>\" or add that component"
	case source.RefCycle:
		return "closes a cycle of component references: point it at a component that is no reference"
	case source.RefTooDeep:
		return "starts a chain of more than " + itoa(source.MaxComponentChain) + " component references: point it at the final component"
	}
	return "is not a local component reference: write it as \"#/components/" + namespace + "/<name>\" (remote, relative and other pointers are not allowed)"
}
