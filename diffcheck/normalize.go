package diffcheck

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// builder normalises one schema (with everything it references) into nodes.
type builder struct {
	doc      any    // the document the schema sits in
	root     any    // the schema root
	rootPtr  string // pointer of the schema root in the document
	draft7   bool
	ptrBytes int // what the pointers of the nodes still to build may cost (maxPointerBytes)
	memo     map[string]*node
	building map[string]bool
	aliases  [][2]*node // node, target: target copied into node at the end
	anchors  map[string]string
	budget   int
	// uneval: some schema built uses unevaluatedProperties or
	// unevaluatedItems, which see what an unresolved reference evaluates.
	uneval bool
	// keepBranches: the schema uses unevaluated*, which see what every
	// matching anyOf branch evaluates, so an anyOf is kept even when one
	// branch accepts everything.
	keepBranches bool
}

// maxNodes bounds the nodes built for one schema: as many as the judge
// visits pairs of (maxSteps), since a pair of schemas with more cannot be
// judged whole anyway. Each node costs about 1 KB, so a node whose
// subschemas (of properties, allOf, items, ...) would overrun the bound is
// not filled at all, rather than building one unfilled node per member:
// 50,000 changed property types (1.4 MB) built 100,000 nodes, 100 MB.
const maxNodes = maxSteps

// maxPointerBytes bounds the bytes of pointers built for one schema: a
// node keeps its pointer and one per keyword, so a long property name
// above thousands of schemas would cost gigabytes (without the bound,
// 10,000 changed schemas under a 100 KB name, 390 KB, cost 8.5 GB).
const maxPointerBytes = 16 << 20

// normalize builds the node of the schema at ptr inside doc.
func normalize(doc any, schemaPtr string) *node {
	root, ok := source.Resolve(doc, schemaPtr)
	if !ok {
		return nil
	}
	b := &builder{doc: doc, root: root, rootPtr: schemaPtr, memo: map[string]*node{},
		building: map[string]bool{}, anchors: map[string]string{}, budget: maxNodes, ptrBytes: maxPointerBytes}
	if m, ok := root.(map[string]any); ok {
		if s, ok := m["$schema"].(string); ok && strings.Contains(s, "draft-07") {
			b.draft7 = true
		}
	}
	b.keepBranches = usesUnevaluated(root, 0)
	b.scanAnchors(root, schemaPtr, 0)
	n := b.build(root, schemaPtr, 0)
	for pass := 0; pass < 3; pass++ {
		for _, a := range b.aliases {
			ptr, raw := a[0].ptr, a[0].raw
			*a[0] = *a[1]
			a[0].ptr, a[0].raw = ptr, raw
		}
	}
	if b.uneval {
		b.opaqueUndecidable()
	}
	return n
}

// opaqueUndecidable makes every node with an unresolved reference one
// that cannot be judged: beside unevaluatedProperties or unevaluatedItems
// a reference may evaluate members and so accept more, not only reject
// more, and the known keywords alone prove nothing.
func (b *builder) opaqueUndecidable() {
	for _, n := range b.memo {
		if len(n.opaque) > 0 && n.undecidable == "" {
			n.undecidable = fmt.Sprintf("external $ref %q is not fetched", firstOpaque(n))
		}
	}
}

// scanAnchors records $anchor names (and draft-07 "#name" $id values).
func (b *builder) scanAnchors(v any, ptr string, depth int) {
	b.scanAnchorsAt(v, ptr, nil, depth)
}

// scanAnchorsAt does the work of scanAnchors for the value at ptr and the
// tokens of path below it, joined into a pointer only for an anchor found;
// it steps into objects and arrays only, as no other value holds one.
func (b *builder) scanAnchorsAt(v any, ptr string, path []string, depth int) {
	if depth > 64 {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		if len(path) > 0 && embeddedID(x) {
			return // an embedded resource's anchors are its own
		}
		if a, ok := x["$anchor"].(string); ok {
			b.anchors[a] = source.Join(ptr, path...)
		}
		if id, ok := x["$id"].(string); ok && strings.HasPrefix(id, "#") && len(id) > 1 {
			b.anchors[id[1:]] = source.Join(ptr, path...)
		}
		for _, k := range sortedKeys(x) {
			if k == "enum" || k == "const" || k == "default" || k == "examples" || !isContainer(x[k]) {
				continue
			}
			b.scanAnchorsAt(x[k], ptr, append(path, k), depth+1)
		}
	case []any:
		for i, e := range x {
			if isContainer(e) {
				b.scanAnchorsAt(e, ptr, append(path, strconv.Itoa(i)), depth+1)
			}
		}
	}
}

// isContainer reports whether v is an object or an array.
func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// embeddedID reports whether x is an embedded resource: an object with
// an `$id` that is not a draft-07 anchor ("#name"). A "#..." reference
// inside it selects in it, not in the document root.
func embeddedID(x map[string]any) bool {
	id, ok := x["$id"].(string)
	return ok && !strings.HasPrefix(id, "#")
}

// resourceAt returns the pointer of the innermost embedded resource below
// the schema root that holds the object at ptr (the object itself counts
// unless draft-07, which ignores the keywords beside `$ref`), or the root's.
func (b *builder) resourceAt(ptr string) string {
	res := b.rootPtr
	if !strings.HasPrefix(ptr, b.rootPtr) {
		return res
	}
	cur, at := b.root, b.rootPtr
	toks := source.Split(ptr[len(b.rootPtr):])
	for i, tok := range toks {
		switch v := cur.(type) {
		case map[string]any:
			cur = v[tok]
		case []any:
			cur = nil
			if j, ok := arrayIndex(tok, len(v)); ok {
				cur = v[j]
			}
		default:
			return res
		}
		at = source.Join(at, tok)
		if m, ok := cur.(map[string]any); ok && embeddedID(m) && (i < len(toks)-1 || !b.draft7) {
			res = at
		}
	}
	return res
}

// resolveRef returns the pointer (in the document) a local reference
// written in the object at ptr selects; undecidable says why a reference
// that may select something is not followed.
func (b *builder) resolveRef(ref, ptr string) (target string, found bool, undecidable string) {
	if !strings.HasPrefix(ref, "#") {
		return "", false, ""
	}
	frag := ref[1:]
	if un, err := unescapeURI(frag); err == nil {
		frag = un
	}
	if res := b.resourceAt(ptr); res != b.rootPtr {
		// inside an embedded resource: its own pointers; its anchors are
		// not recorded (scanAnchors stops at it), so they are not judged.
		rv, _ := source.Resolve(b.doc, res)
		switch {
		case frag == "":
			return res, true, ""
		case !strings.HasPrefix(frag, "/"):
			return "", false, fmt.Sprintf("$ref %q selects an anchor of the embedded resource at %q, which is not followed", ref, res)
		}
		if _, ok := source.Resolve(rv, frag); ok {
			return res + frag, true, ""
		}
		return "", false, ""
	}
	target, found = b.resolveRootRef(frag)
	return target, found, ""
}

// resolveRootRef returns the pointer a fragment (unescaped, without "#")
// selects in the schema root's resource.
func (b *builder) resolveRootRef(frag string) (string, bool) {
	if frag == "" {
		return b.rootPtr, true
	}
	if !strings.HasPrefix(frag, "/") {
		p, ok := b.anchors[frag]
		return p, ok
	}
	if _, ok := source.Resolve(b.root, frag); ok {
		return b.rootPtr + frag, true
	}
	if _, ok := source.Resolve(b.doc, frag); ok && b.rootPtr != "" {
		return frag, true
	}
	return "", false
}

func unescapeURI(s string) (string, error) {
	if !strings.Contains(s, "%") {
		return s, nil
	}
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			var c byte
			if _, err := fmt.Sscanf(s[i+1:i+3], "%02x", &c); err != nil {
				return "", err
			}
			out.WriteByte(c)
			i += 2
			continue
		}
		out.WriteByte(s[i])
	}
	return out.String(), nil
}

// annotationKeys never change which values a schema accepts.
var annotationKeys = map[string]bool{
	"title": true, "description": true, "examples": true, "$comment": true, "deprecated": true,
	"readOnly": true, "writeOnly": true, "$schema": true, "$id": true, "$anchor": true,
	"$defs": true, "definitions": true, "default": true, "contentMediaType": true,
	"contentEncoding": true, "contentSchema": true, "$vocabulary": true, "$dynamicAnchor": true,
}

func (b *builder) build(v any, ptr string, depth int) *node {
	if n, ok := b.memo[ptr]; ok {
		return n
	}
	n := &node{ptr: ptr, types: tAll, kwPtr: map[string]string{}, raw: v}
	b.memo[ptr] = n
	b.budget--
	over := false
	if x, ok := v.(map[string]any); ok {
		bytes, subschemas := fillCost(x, ptr)
		b.ptrBytes -= bytes
		over = b.budget-subschemas < 0
	}
	if over || b.budget < 0 {
		n.undecidable = fmt.Sprintf("the schema is too large to compare (more than %d subschemas)", maxNodes)
		return n
	}
	if b.ptrBytes < 0 || depth > 128 {
		n.undecidable = "the schema is too large or too deep to compare"
		return n
	}
	switch x := v.(type) {
	case bool:
		n.never = !x
		return n
	case map[string]any:
		b.building[ptr] = true
		b.fill(n, x, ptr, depth)
		delete(b.building, ptr)
		return n
	}
	return n
}

// subschemaKeywords are the keywords whose value holds subschemas by name
// or by index: filling a node builds a pointer for each of them.
var subschemaKeywords = map[string]bool{"properties": true, "patternProperties": true, "$defs": true,
	"definitions": true, "dependentSchemas": true, "dependencies": true, "allOf": true, "anyOf": true,
	"oneOf": true, "prefixItems": true, "items": true}

// fillCost is what filling the node of x at ptr costs: about the bytes
// of the pointers it builds (one per keyword, and one per subschema of a
// keyword that holds several, each child's own, kept by the child), and
// the number of subschemas held by the keywords that hold several (see
// subschemaKeywords). It is charged before the node is filled, so a node
// too costly is not filled at all: its children are never built.
func fillCost(x map[string]any, ptr string) (bytes, subschemas int) {
	bytes = len(x) * (len(ptr) + 16)
	for k, v := range x {
		if !subschemaKeywords[k] {
			continue
		}
		switch m := v.(type) {
		case map[string]any:
			subschemas += len(m)
			for name := range m {
				bytes += len(ptr) + len(k) + len(name) + 2
			}
		case []any:
			subschemas += len(m)
			bytes += len(m) * (len(ptr) + len(k) + 8)
		}
	}
	return bytes, subschemas
}

func (b *builder) child(x map[string]any, ptr, key string, depth int) *node {
	v, ok := x[key]
	if !ok {
		return nil
	}
	return b.build(v, source.Join(ptr, key), depth+1)
}

func (b *builder) fill(n *node, x map[string]any, ptr string, depth int) {
	if _, ok := x["unevaluatedProperties"]; ok {
		b.uneval = true
	}
	if _, ok := x["unevaluatedItems"]; ok {
		b.uneval = true
	}
	if ref, ok := x["$ref"].(string); ok {
		target, found, why := b.resolveRef(ref, ptr)
		n.kwPtr["$ref"] = source.Join(ptr, "$ref")
		switch {
		case why != "":
			n.undecidable = why
		case unresolvedRef(ref):
			// one more conjunct, unknown: the known keywords beside it are
			// still judged (none in draft-07, which ignores them).
			n.opaque = map[string]string{b.refKey(ptr, ref): n.kwPtr["$ref"]}
			if b.draft7 {
				return
			}
		case !found:
			n.undecidable = fmt.Sprintf("local $ref %q selects nothing", ref)
		default:
			tv, _ := source.Resolve(b.doc, target)
			t := b.build(tv, target, depth+1)
			if b.draft7 || onlyAnnotations(x, "$ref") {
				b.alias(n, t, target)
				return
			}
			defer func() { b.conjoin(n, t, target) }()
		}
	}
	if arr, ok := x["allOf"].([]any); ok && len(arr) == 1 && onlyAnnotations(x, "allOf") {
		// a lone one-element allOf is its member, whatever the member holds
		// (unevaluatedProperties sees the member's own annotations only).
		target := source.JoinIndex(source.Join(ptr, "allOf"), 0)
		b.alias(n, b.build(arr[0], target, depth+1), target)
		return
	}
	for _, k := range []string{"$dynamicRef", "$recursiveRef"} {
		if _, ok := x[k]; ok {
			n.undecidable = k + " is resolved at run time"
			n.scope = b.root
			n.kwPtr[k] = source.Join(ptr, k)
		}
	}
	for k := range x { // any order: each key sets its own entry
		if !annotationKeys[k] {
			n.kwPtr[k] = source.Join(ptr, k)
		}
	}
	if d, ok := x["default"]; ok {
		n.def, n.hasDefault = d, true
		n.kwPtr["default"] = source.Join(ptr, "default")
	}
	b.fillValues(n, x)
	b.fillObject(n, x, ptr, depth)
	b.fillArray(n, x, ptr, depth)
	b.fillApplicators(n, x, ptr, depth)
	b.simplify(n)
}

// alias makes n stand for t (a reference with nothing beside it).
func (b *builder) alias(n, t *node, target string) {
	if b.building[target] || t == n {
		b.aliases = append(b.aliases, [2]*node{n, t})
		return
	}
	ptr, raw := n.ptr, n.raw
	*n = *t
	n.ptr, n.raw = ptr, raw
}

// conjoin adds t's constraints to n, flattening when the keywords allow.
func (b *builder) conjoin(n, t *node, target string) {
	if b.building[target] || !merge(n, t) {
		n.allOf = append(n.allOf, t)
	}
	b.simplify(n)
}

func onlyAnnotations(x map[string]any, except string) bool {
	for k := range x {
		if k != except && !annotationKeys[k] {
			return false
		}
	}
	return true
}

func (b *builder) fillValues(n *node, x map[string]any) {
	switch t := x["type"].(type) {
	case string:
		n.types = typeByName(t)
	case []any:
		n.types = 0
		for _, e := range t {
			if s, ok := e.(string); ok {
				n.types |= typeByName(s)
			}
		}
	}
	n.types = n.types.norm()
	if c, ok := x["const"]; ok {
		n.enum, n.hasEnum = []any{c}, true
	}
	if e, ok := x["enum"].([]any); ok {
		if n.hasEnum {
			n.enum = intersectValues(n.enum, e)
		} else {
			n.enum, n.hasEnum = distinctValues(e), true
		}
	}
	// A numeric keyword whose value cannot be compared exactly stops a
	// verdict here instead of being read as absent.
	numeric := func(key string) (*big.Rat, bool) {
		v, present := x[key]
		if !present {
			return nil, false
		}
		r, ok := number(v)
		if !ok {
			if _, isNum := v.(json.Number); isNum && n.undecidable == "" {
				n.undecidable = fmt.Sprintf("%q %s is too large to compare exactly", key, v)
			}
			return nil, false
		}
		return r, true
	}
	setBound := func(key string, lower, excl bool) {
		r, ok := numeric(key)
		if !ok {
			return
		}
		nb := &bound{v: r, excl: excl}
		if lower {
			n.min = tighterLower(n.min, nb)
		} else {
			n.max = tighterUpper(n.max, nb)
		}
	}
	setBound("minimum", true, false)
	setBound("exclusiveMinimum", true, true)
	setBound("maximum", false, false)
	setBound("exclusiveMaximum", false, true)
	if r, ok := numeric("multipleOf"); ok && r.Sign() > 0 {
		n.multipleOf = r
	}
	for _, ck := range countKeywords {
		if r, ok := numeric(ck.name); ok {
			c := new(big.Int).Quo(r.Num(), r.Denom())
			if !r.IsInt() && ck.lower {
				c.Add(c, big.NewInt(1))
			}
			if n.counts == nil {
				n.counts = map[string]*big.Int{}
			}
			n.counts[ck.name] = c
		}
	}
	if u, ok := x["uniqueItems"].(bool); ok && u {
		n.unique = true
	}
	if p, ok := x["pattern"].(string); ok {
		n.pattern, n.hasPattern = p, true
	}
	if f, ok := x["format"].(string); ok {
		n.format = f
	}
}

func (b *builder) fillObject(n *node, x map[string]any, ptr string, depth int) {
	if props, ok := x["properties"].(map[string]any); ok {
		n.props = map[string]*node{}
		n.propPtr = map[string]string{}
		pp := source.Join(ptr, "properties")
		for _, k := range sortedKeys(props) {
			kp := source.Join(pp, k)
			n.props[k] = b.build(props[k], kp, depth+1)
			n.propPtr[k] = kp
		}
	}
	if req, ok := x["required"].([]any); ok {
		for _, r := range req {
			if s, ok := r.(string); ok {
				if n.required == nil {
					n.required = map[string]bool{}
				}
				n.required[s] = true
			}
		}
	}
	n.additional = b.child(x, ptr, "additionalProperties", depth)
	n.unevalProps = b.child(x, ptr, "unevaluatedProperties", depth)
	n.propertyNames = b.child(x, ptr, "propertyNames", depth)
	if pp, ok := x["patternProperties"].(map[string]any); ok {
		n.patternProps = map[string]*node{}
		for _, k := range sortedKeys(pp) {
			n.patternProps[k] = b.build(pp[k], source.Join(ptr, "patternProperties", k), depth+1)
		}
	}
	deps := map[string]any{}
	if d, ok := x["dependencies"].(map[string]any); ok {
		for k, v := range d {
			deps[k] = v
		}
		n.kwPtr["dependentRequired"] = source.Join(ptr, "dependencies")
		n.kwPtr["dependentSchemas"] = source.Join(ptr, "dependencies")
	}
	depPtr := func(key, kw string) string {
		if _, ok := x[kw].(map[string]any); ok {
			return source.Join(ptr, kw, key)
		}
		return source.Join(ptr, "dependencies", key)
	}
	if d, ok := x["dependentRequired"].(map[string]any); ok {
		for k, v := range d {
			deps[k] = v
		}
	}
	for _, k := range sortedKeys(deps) {
		if arr, ok := deps[k].([]any); ok {
			var names []string
			for _, e := range arr {
				if s, ok := e.(string); ok {
					names = append(names, s)
				}
			}
			if n.depRequired == nil {
				n.depRequired = map[string][]string{}
			}
			n.depRequired[k] = names
		}
	}
	if d, ok := x["dependentSchemas"].(map[string]any); ok {
		for k, v := range d {
			deps[k] = v
		}
	}
	for _, k := range sortedKeys(deps) {
		switch deps[k].(type) {
		case map[string]any, bool:
			if n.depSchemas == nil {
				n.depSchemas = map[string]*node{}
			}
			kw := "dependentSchemas"
			if _, isDS := x[kw].(map[string]any); !isDS || x[kw].(map[string]any)[k] == nil {
				kw = "dependencies"
			}
			n.depSchemas[k] = b.build(deps[k], depPtr(k, kw), depth+1)
		}
	}
}

func (b *builder) fillArray(n *node, x map[string]any, ptr string, depth int) {
	if arr, ok := x["prefixItems"].([]any); ok {
		for i, e := range arr {
			n.prefix = append(n.prefix, b.build(e, source.JoinIndex(source.Join(ptr, "prefixItems"), i), depth+1))
		}
		n.items = b.child(x, ptr, "items", depth)
	} else if arr, ok := x["items"].([]any); ok {
		for i, e := range arr {
			n.prefix = append(n.prefix, b.build(e, source.JoinIndex(source.Join(ptr, "items"), i), depth+1))
		}
		n.items = b.child(x, ptr, "additionalItems", depth)
		if n.items != nil {
			n.kwPtr["items"] = source.Join(ptr, "additionalItems")
		}
		n.kwPtr["prefixItems"] = source.Join(ptr, "items")
	} else {
		n.items = b.child(x, ptr, "items", depth)
	}
	n.unevalItems = b.child(x, ptr, "unevaluatedItems", depth)
	n.contains = b.child(x, ptr, "contains", depth)
}

func (b *builder) fillApplicators(n *node, x map[string]any, ptr string, depth int) {
	list := func(key string) []*node {
		arr, ok := x[key].([]any)
		if !ok {
			return nil
		}
		out := make([]*node, 0, len(arr))
		for i, e := range arr {
			out = append(out, b.build(e, source.JoinIndex(source.Join(ptr, key), i), depth+1))
		}
		return out
	}
	n.anyOf = list("anyOf")
	n.oneOf = list("oneOf")
	allOf := list("allOf")
	n.not = b.child(x, ptr, "not", depth)
	if _, ok := x["if"]; ok {
		n.ifN = b.child(x, ptr, "if", depth)
		n.thenN = b.child(x, ptr, "then", depth)
		n.elseN = b.child(x, ptr, "else", depth)
	}
	for _, a := range allOf {
		if b.building[a.ptr] || !merge(n, a) {
			n.allOf = append(n.allOf, a)
		}
	}
}

// simplify rewrites equivalent spellings into one form.
func (b *builder) simplify(n *node) {
	if n.not != nil && n.not.isTrue() {
		n.never, n.not = true, nil
	}
	for _, p := range []**node{&n.additional, &n.unevalProps, &n.propertyNames, &n.items, &n.unevalItems} {
		if *p != nil && (*p).isTrue() && !b.building[(*p).ptr] {
			*p = nil
		}
	}
	if n.ifN != nil && n.thenN == nil && n.elseN == nil {
		n.ifN = nil
	}
	for _, list := range []*[]*node{&n.anyOf, &n.oneOf} {
		if len(*list) == 1 && !b.building[(*list)[0].ptr] {
			one := (*list)[0]
			*list = nil
			if !merge(n, one) {
				n.allOf = append(n.allOf, one)
			}
		}
	}
	if len(n.anyOf) > 0 && !b.keepBranches {
		for _, br := range n.anyOf {
			if br.isTrue() && !b.building[br.ptr] {
				n.anyOf = nil
				break
			}
		}
	}
	for i, list := range []*[]*node{&n.anyOf, &n.oneOf} {
		if len(*list) > 1 {
			_, ownType := n.kwPtr["type"]
			if u := b.typeUnion(*list); u != nil && merge(n, u) {
				*list = nil
				if kw := []string{"anyOf", "oneOf"}[i]; !ownType && n.kwPtr[kw] != "" {
					n.kwPtr["type"] = n.kwPtr[kw]
				}
			}
		}
	}
	if n.hasEnum {
		var types typeSet
		kept := 0
		for _, e := range n.enum {
			if t := valueType(e); n.types.has(t) {
				kept++
				types |= t
			}
		}
		switch {
		case kept == 0:
			n.enum = nil
		case kept < len(n.enum):
			// a new array: n.enum may be the file's own (distinctValues)
			vals := make([]any, 0, kept)
			for _, e := range n.enum {
				if n.types.has(valueType(e)) {
					vals = append(vals, e)
				}
			}
			n.enum = vals
		}
		n.types = types.norm()
	}
	if n.types == 0 {
		n.never = true
	}
	if !n.types.has(tNumber) && !n.types.has(tInteger) {
		n.min, n.max, n.multipleOf = nil, nil, nil
	}
	if !n.types.has(tString) {
		n.hasPattern, n.pattern, n.format = false, "", ""
		delete(n.counts, "minLength")
		delete(n.counts, "maxLength")
	}
	if !n.types.has(tObject) {
		n.props, n.required, n.additional, n.unevalProps, n.patternProps, n.propertyNames = nil, nil, nil, nil, nil, nil
		n.depRequired, n.depSchemas = nil, nil
		delete(n.counts, "minProperties")
		delete(n.counts, "maxProperties")
	}
	if !n.types.has(tArray) {
		n.prefix, n.items, n.unevalItems, n.contains, n.unique = nil, nil, nil, nil, false
		for _, k := range []string{"minItems", "maxItems", "minContains", "maxContains"} {
			delete(n.counts, k)
		}
	}
	if r := n.counts["minLength"]; r != nil && r.Sign() == 0 {
		delete(n.counts, "minLength")
	}
	if r := n.counts["minItems"]; r != nil && r.Sign() == 0 {
		delete(n.counts, "minItems")
	}
	if r := n.counts["minProperties"]; r != nil && r.Sign() == 0 {
		delete(n.counts, "minProperties")
	}
	if n.multipleOf != nil && n.multipleOf.Cmp(big.NewRat(1, 1)) == 0 && n.types.norm()&^(tNumber|tInteger) == 0 {
		n.multipleOf = nil
		n.types = tInteger
	}
}

// typeUnion merges branches that split one schema by type (for example
// `anyOf: [{type: string}, {type: null}]`, the same as `type: [string, null]`).
func (b *builder) typeUnion(branches []*node) *node {
	u := &node{types: 0, kwPtr: map[string]string{}}
	var enumUnion []any
	var seen typeSet
	anyEnum := false
	for _, br := range branches {
		if b.building[br.ptr] || br.never || br.types.norm() == tAll || len(br.anyOf)+len(br.oneOf)+len(br.allOf) > 0 ||
			br.not != nil || br.ifN != nil || br.undecidable != "" || len(br.opaque) > 0 {
			return nil
		}
		if br.types.intersect(seen) != 0 {
			return nil
		}
		seen |= br.types
		if br.hasEnum {
			anyEnum = true
		}
	}
	for _, br := range branches {
		if anyEnum {
			switch {
			case br.hasEnum:
				enumUnion = append(enumUnion, br.enum...)
			case br.types.norm() == tNull:
				enumUnion = append(enumUnion, nil)
			case br.types.norm() == tBoolean:
				enumUnion = append(enumUnion, true, false)
			default:
				return nil
			}
		}
		saved := br.types
		u.types |= saved
		tmp := *br
		tmp.types = tAll
		tmp.hasEnum, tmp.enum = false, nil
		if !mergeFamilies(u, &tmp) {
			return nil
		}
	}
	u.types = u.types.norm()
	if anyEnum {
		u.enum, u.hasEnum = enumUnion, true
	}
	return u
}

// mergeFamilies merges the type-specific keywords of t into u; the caller
// guarantees the branches own disjoint types.
func mergeFamilies(u, t *node) bool {
	save := u.types
	u.types = tAll
	ok := merge(u, t)
	u.types = save
	return ok
}
