package validate

import "github.com/mcpschema/mcpschema/validate/source"

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

// ResolveComponentRef follows v when it is a Reference Object to
// "#/components/<namespace>/<name>" in the document root, the way
// validation does (ToolContext.SchemaRef for "schemas", tool examples for
// "toolExamples").
func ResolveComponentRef(root, v any, namespace string) ComponentTarget {
	ref, isRef := componentRef(v)
	if !isRef {
		return ComponentTarget{}
	}
	fc := &FileContext{File: &source.File{Root: root}}
	target, ptr, found := fc.resolveComponent(ref, namespace)
	return ComponentTarget{IsRef: true, Found: found, Value: target, Pointer: ptr}
}
