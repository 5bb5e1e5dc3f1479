package diffcheck

import "math/big"

// merge adds the constraints of t to n (their conjunction, as allOf would)
// when every keyword can be combined without changing the meaning, and
// reports whether it did; n is untouched when it returns false.
func merge(n, t *node) bool {
	if n == t {
		return true
	}
	if !canMerge(n, t) {
		return false
	}
	n.never = n.never || t.never
	n.types = n.types.intersect(t.types)
	if t.hasEnum {
		if n.hasEnum {
			n.enum = intersectValues(n.enum, t.enum)
		} else {
			n.enum, n.hasEnum = t.enum, true
		}
	}
	n.min = tighterLower(n.min, t.min)
	n.max = tighterUpper(n.max, t.max)
	if t.multipleOf != nil {
		n.multipleOf = t.multipleOf
	}
	if len(t.counts) > 0 {
		counts := map[string]*big.Int{}
		for k, v := range n.counts {
			counts[k] = v
		}
		n.counts = counts
	}
	for k, v := range t.counts {
		old, ok := n.counts[k]
		lower := k[:3] == "min"
		if !ok || (lower && v.Cmp(old) > 0) || (!lower && v.Cmp(old) < 0) {
			n.counts[k] = v
		}
	}
	n.unique = n.unique || t.unique
	if t.hasPattern {
		n.pattern, n.hasPattern = t.pattern, true
	}
	if t.format != "" {
		n.format = t.format
	}
	if len(t.props) > 0 {
		props, ptrs := map[string]*node{}, map[string]string{}
		for k, v := range n.props {
			props[k], ptrs[k] = v, n.propPtr[k]
		}
		for k, v := range t.props {
			props[k], ptrs[k] = v, t.propPtr[k]
		}
		n.props, n.propPtr = props, ptrs
	}
	if len(t.required) > 0 {
		req := map[string]bool{}
		for k := range n.required {
			req[k] = true
		}
		for k := range t.required {
			req[k] = true
		}
		n.required = req
	}
	n.additional = pick(n.additional, t.additional)
	n.unevalProps = pick(n.unevalProps, t.unevalProps)
	n.propertyNames = pick(n.propertyNames, t.propertyNames)
	if len(t.patternProps) > 0 {
		n.patternProps = t.patternProps
	}
	if len(t.prefix) > 0 {
		n.prefix = t.prefix
	}
	n.items = pick(n.items, t.items)
	n.unevalItems = pick(n.unevalItems, t.unevalItems)
	n.contains = pick(n.contains, t.contains)
	if len(t.anyOf) > 0 {
		n.anyOf = t.anyOf
	}
	if len(t.oneOf) > 0 {
		n.oneOf = t.oneOf
	}
	n.allOf = append(append([]*node(nil), n.allOf...), t.allOf...)
	n.not = pick(n.not, t.not)
	if t.ifN != nil {
		n.ifN, n.thenN, n.elseN = t.ifN, t.thenN, t.elseN
	}
	if len(t.depRequired) > 0 {
		d := map[string][]string{}
		for k, v := range n.depRequired {
			d[k] = v
		}
		for k, v := range t.depRequired {
			d[k] = v
		}
		n.depRequired = d
	}
	if len(t.depSchemas) > 0 {
		d := map[string]*node{}
		for k, v := range n.depSchemas {
			d[k] = v
		}
		for k, v := range t.depSchemas {
			d[k] = v
		}
		n.depSchemas = d
	}
	if !n.hasDefault && t.hasDefault {
		n.def, n.hasDefault = t.def, true
	}
	if n.undecidable == "" {
		n.undecidable = t.undecidable
	}
	kw := map[string]string{}
	for k, v := range t.kwPtr {
		kw[k] = v
	}
	also := map[string][]string{}
	for k, v := range n.kwPtr {
		if tv, ok := t.kwPtr[k]; ok && tv != v {
			also[k] = append(also[k], tv)
		}
		kw[k] = v
	}
	for _, m := range []map[string][]string{n.kwAlso, t.kwAlso} {
		for k, ps := range m {
			also[k] = append(also[k], ps...)
		}
	}
	n.kwPtr = kw
	if len(also) > 0 {
		n.kwAlso = also
	}
	return true
}

func pick(a, b *node) *node {
	if a != nil {
		return a
	}
	return b
}

// canMerge reports whether n and t share no keyword whose combination
// needs allOf to keep its meaning.
func canMerge(n, t *node) bool {
	both := func(a, b bool) bool { return a && b }
	switch {
	case both(n.multipleOf != nil, t.multipleOf != nil) && n.multipleOf.Cmp(t.multipleOf) != 0,
		both(n.hasPattern, t.hasPattern) && n.pattern != t.pattern,
		both(n.format != "", t.format != "") && n.format != t.format,
		both(n.additional != nil, t.additional != nil),
		n.additional != nil && (len(t.props) > 0 || len(t.patternProps) > 0),
		t.additional != nil && (len(n.props) > 0 || len(n.patternProps) > 0),
		both(len(n.patternProps) > 0, len(t.patternProps) > 0),
		t.unevalProps != nil || t.unevalItems != nil,
		both(n.propertyNames != nil, t.propertyNames != nil),
		both(len(n.prefix) > 0, len(t.prefix) > 0),
		n.items != nil && (len(t.prefix) > 0 || t.items != nil),
		t.items != nil && len(n.prefix) > 0,
		both(n.contains != nil, t.contains != nil),
		both(len(n.anyOf) > 0, len(t.anyOf) > 0),
		both(len(n.oneOf) > 0, len(t.oneOf) > 0),
		both(n.not != nil, t.not != nil),
		both(n.ifN != nil, t.ifN != nil):
		return false
	}
	for k := range t.props {
		if _, ok := n.props[k]; ok {
			return false
		}
	}
	for k := range t.depRequired {
		if _, ok := n.depRequired[k]; ok {
			return false
		}
	}
	for k := range t.depSchemas {
		if _, ok := n.depSchemas[k]; ok {
			return false
		}
	}
	return true
}

func tighterLower(a, b *bound) *bound {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	switch c := a.v.Cmp(b.v); {
	case c > 0:
		return a
	case c < 0:
		return b
	}
	if b.excl {
		return b
	}
	return a
}

func tighterUpper(a, b *bound) *bound {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	switch c := a.v.Cmp(b.v); {
	case c < 0:
		return a
	case c > 0:
		return b
	}
	if b.excl {
		return b
	}
	return a
}

func dedupValues(vals []any) []any {
	seen := map[string]bool{}
	var out []any
	for _, v := range vals {
		c := canonical(v)
		if !seen[c] {
			seen[c] = true
			out = append(out, v)
		}
	}
	return out
}

func intersectValues(a, b []any) []any {
	in := map[string]bool{}
	for _, v := range b {
		in[canonical(v)] = true
	}
	out := []any{}
	for _, v := range dedupValues(a) {
		if in[canonical(v)] {
			out = append(out, v)
		}
	}
	return out
}

// valueSet returns the canonical forms of vals.
func valueSet(vals []any) map[string]any {
	m := map[string]any{}
	for _, v := range vals {
		m[canonical(v)] = v
	}
	return m
}
