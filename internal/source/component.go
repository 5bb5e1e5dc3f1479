package source

import "strings"

// ComponentRefKey is the member of an MCP Description Reference Object.
const ComponentRefKey = "$componentRef"

// ComponentTarget is what an MCP Description Reference Object selects.
type ComponentTarget struct {
	// IsRef reports whether the value is a Reference Object ({"$componentRef": ...}).
	IsRef bool
	// Found reports whether the reference selects a component of the namespace.
	Found bool
	// Value is the component (nil unless Found).
	Value any
	// Pointer is where the component sits in the document ("" unless Found).
	Pointer string
}

// ComponentRef returns the reference of a Reference Object
// ({"$componentRef": "#/components/..."}) and whether v is one; the
// reference is "" when its value is not a string.
func ComponentRef(v any) (string, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	raw, ok := obj[ComponentRefKey]
	if !ok {
		return "", false
	}
	s, _ := raw.(string)
	return s, true
}

// ComponentNamespaces are the namespaces of the components object, in the
// order MCP Description 0.8.0 section 17.1 lists them.
var ComponentNamespaces = []string{"schemas", "toolExamples", "resourceExamples", "resourceTemplateExamples", "promptExamples"}

// RefProblem says why a Reference Object does not resolve.
type RefProblem int

// The ways a $componentRef can fail (MCP Description 0.8.0 section 17.4
// asks validators to tell them apart).
const (
	RefOK        RefProblem = iota // the reference selects a component
	RefMalformed                   // not a string "#/components/<namespace>/<name>"
	RefNamespace                   // a component of another namespace
	RefMissing                     // no component of that name
	RefCycle                       // component references lead back to a component already followed
	RefTooDeep                     // the chain is longer than MaxComponentChain
)

// MaxComponentChain bounds how many component-to-component references one
// resolution follows (MCP Description 0.8.0 section 17.7: implementations
// SHOULD bound reference depth), so that resolving every use site and every
// component stays linear in the document.
const MaxComponentChain = 64

// Resolution is where following a $componentRef, transitively, led.
type Resolution struct {
	// Problem is RefOK when the chain ends in a component that is no Reference Object.
	Problem RefProblem
	// Value and Pointer are the final component (set when Problem is RefOK).
	Value   any
	Pointer string
	// At is the pointer of the component whose $componentRef failed; "" when
	// the reference that was followed first (the use site) failed itself.
	At string
	// Ref is the failing reference text ("" when it is not a string).
	Ref string
	// Reached is the namespace a RefNamespace reference points into.
	Reached string
	// Chain are the pointers of the components followed, in order.
	Chain []string
}

// parseComponentRef splits "#/components/<namespace>/<name>" into its
// namespace and name; ok is false for any other form.
func parseComponentRef(ref string) (ns, name string, ok bool) {
	const prefix = "#/components/"
	if !strings.HasPrefix(ref, prefix) {
		return "", "", false
	}
	rest := ref[len(prefix):]
	i := strings.Index(rest, "/")
	if i <= 0 || i == len(rest)-1 || strings.Contains(rest[i+1:], "/") {
		return "", "", false
	}
	ns, name = rest[:i], rest[i+1:]
	for _, known := range ComponentNamespaces {
		if ns == known {
			return ns, name, true
		}
	}
	return "", "", false
}

// FollowComponentRef resolves ref, which must read
// "#/components/<namespace>/<name>", in the document root and follows
// component-to-component references transitively. Every step must stay in
// namespace; a reference back to a component already followed is a cycle,
// reported at the reference that closes it. The chain is bounded by the
// number of components, so hostile input cannot make it loop.
func FollowComponentRef(root any, ref, namespace string) Resolution {
	var r Resolution
	seen := map[string]bool{}
	at := ""
	for {
		ns, name, ok := parseComponentRef(ref)
		switch {
		case !ok:
			r.Problem, r.At, r.Ref = RefMalformed, at, ref
			return r
		case ns != namespace:
			r.Problem, r.At, r.Ref, r.Reached = RefNamespace, at, ref, ns
			return r
		}
		ptr := "/components/" + ns + "/" + name
		if seen[ptr] {
			r.Problem, r.At, r.Ref = RefCycle, at, ref
			return r
		}
		v, found := Resolve(root, ptr)
		if !found {
			r.Problem, r.At, r.Ref = RefMissing, at, ref
			return r
		}
		if len(r.Chain) == MaxComponentChain {
			r.Problem, r.At, r.Ref = RefTooDeep, at, ref
			return r
		}
		seen[ptr] = true
		r.Chain = append(r.Chain, ptr)
		next, isRef := ComponentRef(v)
		if !isRef {
			r.Value, r.Pointer = v, ptr
			return r
		}
		ref, at = next, ptr
	}
}

// ResolveComponent resolves ref, which must read
// "#/components/<namespace>/<name>", in the document root, following
// component-to-component references. It returns the final component, its
// pointer and whether the whole chain resolved.
func ResolveComponent(root any, ref, namespace string) (any, string, bool) {
	r := FollowComponentRef(root, ref, namespace)
	if r.Problem != RefOK {
		return nil, "", false
	}
	return r.Value, r.Pointer, true
}

// ResolveComponentRef follows v when it is a Reference Object to
// "#/components/<namespace>/<name>" in the document root, the way
// validation does (tool schemas for "schemas", tool examples for
// "toolExamples"), transitively.
func ResolveComponentRef(root, v any, namespace string) ComponentTarget {
	ref, isRef := ComponentRef(v)
	if !isRef {
		return ComponentTarget{}
	}
	target, ptr, found := ResolveComponent(root, ref, namespace)
	return ComponentTarget{IsRef: true, Found: found, Value: target, Pointer: ptr}
}

// ResolveLoneRef follows v when it is an object whose only member is a
// local "$ref" ("#/..."): it returns the pointer and value the reference
// selects and whether it selects something.
func ResolveLoneRef(root, v any) (string, any, bool) {
	obj, ok := v.(map[string]any)
	if !ok || len(obj) != 1 {
		return "", nil, false
	}
	return resolveLocalRef(root, obj)
}

// ResolveLocalRef follows the local "$ref" ("#/...") of the object v,
// whatever other members it has: it returns the pointer and value the
// reference selects and whether it selects something.
func ResolveLocalRef(root, v any) (string, any, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return "", nil, false
	}
	return resolveLocalRef(root, obj)
}

func resolveLocalRef(root any, obj map[string]any) (string, any, bool) {
	ref, ok := obj["$ref"].(string)
	if !ok || len(ref) <= 2 || ref[:2] != "#/" {
		return "", nil, false
	}
	target, ok := Resolve(root, ref[1:])
	if !ok {
		return "", nil, false
	}
	return ref[1:], target, true
}
