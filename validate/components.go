package validate

import (
	"strings"

	"github.com/mcpschema/mcpschema/validate/source"
)

// componentRefKey is the member of an MCP Description Reference Object.
const componentRefKey = "$componentRef"

// componentRef returns the reference of a Reference Object
// ({"$componentRef": "#/components/..."}) and whether v is one.
func componentRef(v any) (string, bool) {
	obj, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	raw, ok := obj[componentRefKey]
	if !ok {
		return "", false
	}
	s, _ := raw.(string)
	return s, true
}

// resolveComponent resolves ref, which must read
// "#/components/<namespace>/<name>", in the file's root. It returns the
// component, its pointer and whether it was found.
func (c *FileContext) resolveComponent(ref, namespace string) (any, string, bool) {
	prefix := "#/components/" + namespace + "/"
	if !strings.HasPrefix(ref, prefix) {
		return nil, "", false
	}
	name := ref[len(prefix):]
	if name == "" || strings.Contains(name, "/") {
		return nil, "", false
	}
	ptr := ref[1:]
	v, ok := source.Resolve(c.File.Root, ptr)
	if !ok {
		return nil, "", false
	}
	return v, ptr, true
}
