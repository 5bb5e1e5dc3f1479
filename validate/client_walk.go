package validate

import (
	"sort"

	"github.com/mcpschema/mcpschema/internal/source"
)

// schemaWalk visits the subschemas a model API reads, below a tool
// schema's root: the keywords in single (one subschema), lists (arrays of
// subschemas) and maps (subschemas by name). Pointers are built only for
// the nodes a check reports on (at), from the path of tokens the walk
// keeps, so walking a large schema allocates little. The walk stays within
// the schema bounds (limits.max-schema-depth, limits.max-subschemas): past
// them it stops, as json-schema.tool-schema.valid reports the schema as not
// checked.
type schemaWalk struct {
	single, lists, maps []string
	root                string
	path                []string
	visit               func(w *schemaWalk, obj map[string]any)
	// maxDepth and left bound the walk (nesting of schemas, schemas visited).
	maxDepth, depth, left int
}

// newSchemaWalk starts a walk below root within c's schema bounds.
func newSchemaWalk(c *ToolContext, root string) *schemaWalk {
	l := c.Opts.Limits.Schema.WithDefaults()
	return &schemaWalk{root: root, maxDepth: l.MaxDepth, left: l.MaxSubschemas}
}

// at is the pointer of the node being visited, joined with tokens.
func (w *schemaWalk) at(tokens ...string) string {
	return source.Join(source.Join(w.root, w.path...), tokens...)
}

// isRoot reports whether the node being visited is the schema's root.
func (w *schemaWalk) isRoot() bool { return len(w.path) == 0 }

func (w *schemaWalk) run(v any) {
	obj, ok := v.(map[string]any)
	if !ok || w.left <= 0 || w.depth > w.maxDepth {
		return
	}
	w.left--
	w.visit(w, obj)
	for _, k := range w.single {
		if c, ok := obj[k].(map[string]any); ok {
			w.down(c, k)
		}
	}
	for _, k := range w.lists {
		list, _ := obj[k].([]any)
		for i, c := range list {
			w.down(c, k, itoa(i))
		}
	}
	for _, k := range w.maps {
		m, _ := obj[k].(map[string]any)
		names := make([]string, 0, len(m))
		for name := range m {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			w.down(m[name], k, name)
		}
	}
}

func (w *schemaWalk) down(v any, tokens ...string) {
	n := len(w.path)
	w.path = append(w.path, tokens...)
	w.depth++
	w.run(v)
	w.depth--
	w.path = w.path[:n]
}
