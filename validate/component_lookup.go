package validate

import "github.com/mcpschema/mcpschema/internal/source"

// ComponentTarget is what an MCP Description Reference Object selects
// (kept here for callers of validate; it lives in internal/source).
type ComponentTarget = source.ComponentTarget

// ResolveComponentRef follows v when it is a Reference Object to
// "#/components/<namespace>/<name>" in the document root, the way
// validation does (ToolContext.SchemaRef for "schemas", tool examples for
// "toolExamples"). It is source.ResolveComponentRef.
func ResolveComponentRef(root, v any, namespace string) ComponentTarget {
	return source.ResolveComponentRef(root, v, namespace)
}
