package validate

import "github.com/mcpschema/mcpschema/validate/source"

// componentRefKey is the member of an MCP Description Reference Object.
const componentRefKey = source.ComponentRefKey

// componentRef returns the reference of a Reference Object
// ({"$componentRef": "#/components/..."}) and whether v is one.
func componentRef(v any) (string, bool) { return source.ComponentRef(v) }

// resolveComponent resolves ref, which must read
// "#/components/<namespace>/<name>", in the file's root. It returns the
// component, its pointer and whether it was found.
func (c *FileContext) resolveComponent(ref, namespace string) (any, string, bool) {
	return source.ResolveComponent(c.File.Root, ref, namespace)
}
