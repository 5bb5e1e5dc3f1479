package deprecation

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// Properties reads the deprecated properties of a tool schema (its
// inputSchema for Parameter, its outputSchema for OutputProperty) at ptr:
// every property schema below "properties", through "items" (path token
// "[]") and the branches of allOf, anyOf and oneOf (same path), that says
// "deprecated": true (FormSchema, dates under "x-mcpschema-deprecated") or
// whose description starts with a deprecation prefix. At most maxNodes
// schema objects are visited (0: no bound), properties in name order.
func Properties(kind Kind, schema any, ptr string, maxNodes int) ([]Deprecation, []Problem) {
	w := &walker{kind: kind, max: maxNodes}
	w.node(schema, ptr, nil)
	return w.out, w.probs
}

type walker struct {
	kind  Kind
	max   int
	seen  int
	out   []Deprecation
	probs []Problem
}

// node walks the subschemas of the schema object v at ptr whose
// properties sit at path.
func (w *walker) node(v any, ptr string, path []string) {
	obj, ok := v.(map[string]any)
	if !ok || (w.max > 0 && w.seen >= w.max) {
		return
	}
	w.seen++
	if props, ok := obj["properties"].(map[string]any); ok {
		pp := source.Join(ptr, "properties")
		for _, name := range sortedKeys(props) {
			if w.max > 0 && w.seen >= w.max {
				return
			}
			sub := append(append([]string(nil), path...), name)
			at := source.Join(pp, name)
			w.property(props[name], at, sub)
			w.node(props[name], at, sub)
		}
	}
	switch items := obj["items"].(type) {
	case map[string]any:
		w.node(items, source.Join(ptr, "items"), itemsPath(path))
	case []any:
		for i, it := range items {
			w.node(it, source.JoinIndex(source.Join(ptr, "items"), i), itemsPath(path))
		}
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		list, _ := obj[key].([]any)
		for i, b := range list {
			w.node(b, source.JoinIndex(source.Join(ptr, key), i), path)
		}
	}
}

// property reads the deprecation of one property schema.
func (w *walker) property(v any, ptr string, path []string) {
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	if _, has := obj["deprecated"]; !has {
		if _, has := obj[SchemaKey]; !has {
			if desc, _ := obj["description"].(string); !mentionsDeprecated(desc) {
				// nothing below can mark it or report (every form of the
				// description holds the word): the common case, with no
				// allocation
				return
			}
		}
	}
	d := Deprecation{Kind: w.kind, Name: joinPath(path), Path: path, Pointer: ptr}
	// a "deprecated" that is not a boolean is the schema check's to report
	// (2019-09 and 2020-12 meta-schemas): it marks nothing here.
	flag, isBool := obj["deprecated"].(bool)
	xv, hasX := obj[SchemaKey]
	xPtr := source.Join(ptr, SchemaKey)
	start := len(w.probs)
	defer func() {
		for i := start; i < len(w.probs); i++ {
			w.probs[i].Kind, w.probs[i].Name = w.kind, d.Name
		}
	}()
	marked := hasX && xv != nil && xv != false
	switch {
	case isBool && !flag && marked:
		w.probs = append(w.probs, Problem{Pointer: xPtr, Message: fmt.Sprintf("%q marks it deprecated, but \"deprecated\" is false: remove one of them", SchemaKey)})
		return
	case isBool && flag:
		d.Form, d.Marker = FormSchema, source.Join(ptr, "deprecated")
	case marked:
		d.Form, d.Marker = FormSchema, xPtr
		w.probs = append(w.probs, Problem{Pointer: xPtr, Message: fmt.Sprintf("%q without \"deprecated\": true: add \"deprecated\": true, which is what clients and SDKs read", SchemaKey)})
	}
	if hasX {
		w.probs = append(w.probs, d.readObject(xv, xPtr, fmt.Sprintf("%q", SchemaKey))...)
	}
	desc, _ := obj["description"].(string)
	w.probs = append(w.probs, d.readDescription(desc, source.Join(ptr, "description"), isBool && !flag)...)
	if d.Form != "" {
		w.out = append(w.out, d)
	}
}

// itemsPath is the path of an array's items: "[]" after the last name.
func itemsPath(path []string) []string {
	out := append([]string(nil), path...)
	if len(out) == 0 {
		return []string{"[]"}
	}
	out[len(out)-1] += "[]"
	return out
}

// joinPath renders a property path ("filters.region", "tags[].id").
func joinPath(path []string) string { return strings.Join(path, ".") }

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
