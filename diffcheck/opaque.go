package diffcheck

import (
	"maps"
	"net/url"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// An unresolved reference (a `$ref` that is not a fragment of the
// document: an absolute URI, or a relative one read against `$id`) is never
// fetched. Beside other keywords, or as an allOf member, it is one more
// conjunct whose constraints are unknown: the node accepts what its known
// keywords accept and the reference accepts. So it can only reject more:
//
//   - on the rejecting side of a comparison (head for inputs, base for
//     outputs) a value the known keywords reject is rejected whatever the
//     reference says, so every break the known keywords prove is certain;
//     a reference the accepting side does not share may reject more, which
//     cannot be judged offline (compat.*.undecidable);
//   - on the accepting side (base for inputs, head for outputs) a value the
//     known keywords accept may still be rejected by the reference, so a
//     break found there is certain only on the known keywords.
//
// The node keeps such references in opaque (key → pointer of the `$ref`);
// the key is the reference resolved against the `$id`s above it, so the
// same reference at base and head has the same key.

// refKey returns the key of an unresolved reference written at ptr (the
// pointer of the schema object holding it): ref resolved against the
// `$id`s of the objects from the document root down to ptr.
func (b *builder) refKey(ptr, ref string) string { return refKeyAt(b.doc, ptr, ref) }

// refKeyAt is refKey in the document doc.
func refKeyAt(doc any, ptr, ref string) string {
	var base *url.URL // nil until an $id is met
	cur := doc
	apply := func(v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		id, ok := m["$id"].(string)
		if !ok || strings.HasPrefix(id, "#") {
			return
		}
		if u, err := url.Parse(id); err == nil {
			if base != nil {
				u = base.ResolveReference(u)
			}
			base = u
		}
	}
	apply(cur)
	for _, tok := range source.Split(ptr) {
		switch v := cur.(type) {
		case map[string]any:
			cur = v[tok]
		case []any:
			cur = nil
			if i, ok := arrayIndex(tok, len(v)); ok {
				cur = v[i]
			}
		default:
			cur = nil
		}
		apply(cur)
	}
	u, err := url.Parse(ref)
	switch {
	case base == nil:
		return ref
	case err != nil:
		return base.String() + " " + ref
	}
	return base.ResolveReference(u).String()
}

// arrayIndex parses a pointer token as an index below n.
func arrayIndex(tok string, n int) (int, bool) {
	if tok == "" || len(tok) > 9 {
		return 0, false
	}
	i := 0
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		i = i*10 + int(c-'0')
	}
	return i, i < n
}

// unresolvedRef reports whether a `$ref` value is not a fragment of the
// document (the builder resolves those): it names another resource.
func unresolvedRef(ref string) bool {
	return !strings.HasPrefix(ref, "#")
}

// addedOpaque returns the first (sorted) reference of out that in does
// not share: out may reject more through it.
func addedOpaque(in, out *node) (key, ptr string) {
	if len(out.opaque) == 0 {
		return "", ""
	}
	for _, k := range sortedKeys(out.opaque) {
		if _, ok := in.opaque[k]; !ok {
			return k, out.opaque[k]
		}
	}
	return "", ""
}

// firstOpaque returns the first (sorted) reference of n, "" when none.
func firstOpaque(n *node) string {
	if len(n.opaque) == 0 {
		return ""
	}
	return sortedKeys(n.opaque)[0]
}

// knownPart returns schema with every unresolved reference dropped, so
// that the validator judges the known keywords alone: it accepts every
// value schema accepts (and maybe more), so a value it rejects is
// rejected by schema whatever the references say. A draft-07 object with
// an unresolved `$ref` becomes true (its siblings are ignored there).
func knownPart(schema any) any {
	return rewriteRefs(schema, isDraft7(schema), false, 0)
}

// acceptedPart returns schema with every object that holds an unresolved
// reference replaced by false: it accepts only values schema accepts, so
// a value it accepts is accepted by schema whatever the references say.
func acceptedPart(schema any) any {
	return rewriteRefs(schema, isDraft7(schema), true, 0)
}

func isDraft7(schema any) bool {
	m, ok := schema.(map[string]any)
	if !ok {
		return false
	}
	s, _ := m["$schema"].(string)
	return strings.Contains(s, "draft-07")
}

// valueKeys hold instance values, not schemas.
var valueKeys = map[string]bool{"enum": true, "const": true, "default": true, "examples": true}

// rewriteRefs returns v with each object that holds an unresolved
// reference rewritten: to false (toFalse), else without the `$ref` (true
// under draft-07, where its siblings are ignored), and whether anything
// changed. Values that hold none are shared, not copied.
func rewriteRefs(v any, draft7, toFalse bool, depth int) any {
	out, _ := rewrite(v, draft7, toFalse, depth)
	return out
}

func rewrite(v any, draft7, toFalse bool, depth int) (any, bool) {
	if depth > 256 {
		return v, false
	}
	switch x := v.(type) {
	case map[string]any:
		r, isStr := x["$ref"].(string)
		opaque := isStr && unresolvedRef(r)
		if opaque {
			switch {
			case toFalse:
				return false, true
			case draft7:
				return true, true
			}
		}
		var out map[string]any
		for k, e := range x {
			if valueKeys[k] || !isContainer(e) {
				continue
			}
			if ne, changed := rewrite(e, draft7, toFalse, depth+1); changed {
				if out == nil {
					out = maps.Clone(x)
				}
				out[k] = ne
			}
		}
		if opaque {
			if out == nil {
				out = maps.Clone(x)
			}
			delete(out, "$ref")
		}
		if out == nil {
			return v, false
		}
		return out, true
	case []any:
		var out []any
		for i, e := range x {
			if !isContainer(e) {
				continue
			}
			if ne, changed := rewrite(e, draft7, toFalse, depth+1); changed {
				if out == nil {
					out = append([]any(nil), x...)
				}
				out[i] = ne
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	}
	return v, false
}

// refUse is one unresolved reference of a schema.
type refUse struct {
	ptr string // pointer of the $ref
	// monotone: the reference sits where a narrower subschema can only
	// make the whole schema narrower (not under not, if, oneOf, contains
	// or a $defs entry, whose uses are not known here).
	monotone bool
	// plain: monotone and not in an anyOf branch either: a conjunct of
	// the schema at its place, which the judge weighs as one.
	plain bool
}

// nonMonotone are the keywords under which a subschema accepting less may
// make the schema accept more (or where its uses are not known).
var nonMonotone = map[string]bool{"not": true, "if": true, "oneOf": true, "contains": true,
	"$defs": true, "definitions": true, "unevaluatedProperties": true, "unevaluatedItems": true}

// schemaRefs returns the unresolved references of the schema at ptr in
// doc by key (the first use of each, the least monotone when one is not).
func schemaRefs(doc any, ptr string) map[string]refUse {
	root, ok := source.Resolve(doc, ptr)
	if !ok {
		return nil
	}
	out := map[string]refUse{}
	var walk func(v any, at string, monotone, plain bool, depth int)
	walk = func(v any, at string, monotone, plain bool, depth int) {
		if depth > 256 {
			return
		}
		switch x := v.(type) {
		case map[string]any:
			if r, ok := x["$ref"].(string); ok && unresolvedRef(r) {
				k := refKeyAt(doc, at, r)
				if u, seen := out[k]; !seen || (u.plain && !plain) || (u.monotone && !monotone) {
					out[k] = refUse{ptr: source.Join(at, "$ref"), monotone: monotone, plain: plain && monotone}
				}
			}
			for _, k := range sortedKeys(x) {
				if valueKeys[k] || !isContainer(x[k]) {
					continue
				}
				walk(x[k], source.Join(at, k), monotone && !nonMonotone[k], plain && !nonMonotone[k] && k != "anyOf", depth+1)
			}
		case []any:
			for i, e := range x {
				if isContainer(e) {
					walk(e, source.JoinIndex(at, i), monotone, plain, depth+1)
				}
			}
		}
	}
	m := !usesUnevaluated(root, 0)
	walk(root, ptr, m, m, 0)
	return out
}

// allMonotone reports whether every reference sits in a monotone place,
// so that dropping them (knownPart) or falsifying them (acceptedPart)
// bounds the schema from above or below.
func allMonotone(refs map[string]refUse) bool {
	for _, u := range refs {
		if !u.monotone {
			return false
		}
	}
	return true
}
