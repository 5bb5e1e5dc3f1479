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

// ResolveComponent resolves ref, which must read
// "#/components/<namespace>/<name>", in the document root. It returns the
// component, its pointer and whether it was found.
func ResolveComponent(root any, ref, namespace string) (any, string, bool) {
	prefix := "#/components/" + namespace + "/"
	if !strings.HasPrefix(ref, prefix) {
		return nil, "", false
	}
	name := ref[len(prefix):]
	if name == "" || strings.Contains(name, "/") {
		return nil, "", false
	}
	ptr := ref[1:]
	v, ok := Resolve(root, ptr)
	if !ok {
		return nil, "", false
	}
	return v, ptr, true
}

// ResolveComponentRef follows v when it is a Reference Object to
// "#/components/<namespace>/<name>" in the document root, the way
// validation does (tool schemas for "schemas", tool examples for
// "toolExamples").
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
