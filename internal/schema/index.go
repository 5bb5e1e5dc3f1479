package schema

import (
	"net/url"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// rootURL is the base URI of a schema that declares no $id. It is never
// loaded: the document is handed to the compiler as a resource.
const rootURL = "mem:///schema.json"

// node is one schema position (an object or boolean where a schema is expected).
type node struct {
	ptr      string
	obj      map[string]any // nil for a boolean schema
	base     string         // base URI in effect inside this schema (no fragment)
	resource string         // pointer of the resource root this schema belongs to
	children []string       // pointers of the subschemas directly below, sorted
}

// index lists the schema positions of one document, its resources and anchors.
type index struct {
	dialect   Dialect
	root      any
	nodes     map[string]*node
	order     []string                     // pointers in walk order (pre-order, sorted members)
	resources map[string]string            // base URI → pointer of its resource root
	anchors   map[string]map[string]string // resource pointer → anchor name → pointer
	problems  []Problem
	strip     []stub // members removed from the copy that is compiled
}

// Keywords whose value is one subschema, a map of subschemas or an array of subschemas.
var (
	singleSchemaKeywords = []string{"additionalItems", "additionalProperties", "contains", "contentSchema",
		"else", "if", "items", "not", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties"}
	mapSchemaKeywords   = []string{"$defs", "definitions", "dependencies", "dependentSchemas", "patternProperties", "properties"}
	arraySchemaKeywords = []string{"allOf", "anyOf", "items", "oneOf", "prefixItems"}
)

// buildIndex walks every schema position of doc (including unused
// definitions). doc must be within the bounds, which keeps recursion shallow.
func buildIndex(doc any, d Dialect) *index {
	ix := &index{dialect: d, root: doc, nodes: map[string]*node{}, resources: map[string]string{},
		anchors: map[string]map[string]string{}}
	ix.walk(doc, "", rootURL, "")
	return ix
}

func isSchema(v any) bool {
	switch v.(type) {
	case map[string]any, bool:
		return true
	}
	return false
}

func (ix *index) walk(v any, ptr, base, resource string) {
	n := &node{ptr: ptr}
	ix.nodes[ptr] = n
	ix.order = append(ix.order, ptr)
	obj, _ := v.(map[string]any)
	n.obj = obj
	if ptr == "" {
		ix.resources[base] = ""
	}
	if obj != nil {
		base, resource = ix.identify(obj, ptr, base, resource)
	}
	n.base, n.resource = base, resource
	if obj == nil {
		return
	}
	var kids []string
	for _, k := range singleSchemaKeywords {
		if c, ok := obj[k]; ok && isSchema(c) {
			kids = append(kids, source.Join(ptr, k))
		}
	}
	for _, k := range mapSchemaKeywords {
		if m, ok := obj[k].(map[string]any); ok {
			for name, c := range m {
				if isSchema(c) {
					kids = append(kids, source.Join(ptr, k, name))
				}
			}
		}
	}
	for _, k := range arraySchemaKeywords {
		if a, ok := obj[k].([]any); ok {
			for i, c := range a {
				if isSchema(c) {
					kids = append(kids, source.JoinIndex(source.Join(ptr, k), i))
				}
			}
		}
	}
	sort.Strings(kids)
	n.children = kids
	for _, kp := range kids {
		c, _ := source.Resolve(obj, strings.TrimPrefix(kp, ptr))
		ix.walk(c, kp, base, resource)
	}
}

// identify applies $id, $anchor and $dynamicAnchor of obj: it returns the
// base URI and resource root in effect inside obj, and records anchors.
func (ix *index) identify(obj map[string]any, ptr, base, resource string) (string, string) {
	id, hasID := obj["$id"].(string)
	if ix.dialect == DialectDraft7 {
		if _, ref := obj["$ref"]; ref {
			hasID = false // draft-07: siblings of $ref are ignored
		}
	}
	if hasID {
		if u, err := resolveURI(base, id); err == nil {
			frag := u.Fragment
			u.Fragment, u.RawFragment = "", ""
			doc := u.String()
			if doc != base || ptr == "" {
				base, resource = doc, ptr
				if _, dup := ix.resources[doc]; !dup {
					ix.resources[doc] = ptr
				}
			}
			if frag != "" && !strings.HasPrefix(frag, "/") {
				ix.addAnchor(resource, frag, ptr) // draft-07 plain-name fragment
			}
		}
		if ptr != "" {
			ix.checkNestedDialect(obj, ptr)
		}
	}
	if ix.dialect == Dialect2020 {
		for _, k := range []string{"$anchor", "$dynamicAnchor"} {
			if a, ok := obj[k].(string); ok && a != "" {
				ix.addAnchor(resource, a, ptr)
			}
		}
	}
	return base, resource
}

func (ix *index) addAnchor(resource, name, ptr string) {
	m := ix.anchors[resource]
	if m == nil {
		m = map[string]string{}
		ix.anchors[resource] = m
	}
	if _, dup := m[name]; !dup {
		m[name] = ptr
	}
}

// checkNestedDialect reports an embedded resource whose $schema is not a
// supported dialect: the compiler would try to load it as a meta-schema.
func (ix *index) checkNestedDialect(obj map[string]any, ptr string) {
	raw, ok := obj["$schema"]
	if !ok {
		return
	}
	if s, ok := raw.(string); ok {
		if _, ok := dialectOf(s); ok {
			return
		}
	}
	_, prob := detectDialect(map[string]any{"$schema": raw})
	prob.Pointer = source.Join(ptr, "$schema")
	ix.problems = append(ix.problems, *prob)
	ix.strip = append(ix.strip, stub{owner: ptr, keyword: "$schema"})
}

// resolveURI resolves ref against base.
func resolveURI(base, ref string) (*url.URL, error) {
	b, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	r, err := url.Parse(ref)
	if err != nil {
		return nil, err
	}
	return b.ResolveReference(r), nil
}
