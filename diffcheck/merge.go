package diffcheck

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
	mergeValues(n, t)
	mergeObject(n, t)
	mergeArray(n, t)
	mergeApplicators(n, t)
	mergeBookkeeping(n, t)
	return true
}

// mergeValues merges the keywords on the value itself: types, enum, bounds,
// multipleOf, length and count limits, uniqueItems, pattern and format.
func mergeValues(n, t *node) {
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
		n.counts = unionMap(n.counts, nil)
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
}

// mergeObject merges the object keywords: properties, required,
// additionalProperties, unevaluatedProperties, propertyNames,
// patternProperties, dependentRequired and dependentSchemas.
func mergeObject(n, t *node) {
	if len(t.props) > 0 {
		n.props, n.propPtr = unionMap(n.props, t.props), unionMap(n.propPtr, t.propPtr)
	}
	if len(t.required) > 0 {
		n.required = unionMap(n.required, t.required)
	}
	n.additional = pick(n.additional, t.additional)
	n.unevalProps = pick(n.unevalProps, t.unevalProps)
	n.propertyNames = pick(n.propertyNames, t.propertyNames)
	if len(t.patternProps) > 0 {
		n.patternProps = t.patternProps
	}
	if len(t.depRequired) > 0 {
		n.depRequired = unionMap(n.depRequired, t.depRequired)
	}
	if len(t.depSchemas) > 0 {
		n.depSchemas = unionMap(n.depSchemas, t.depSchemas)
	}
}

// mergeArray merges the array keywords: prefixItems, items,
// unevaluatedItems and contains.
func mergeArray(n, t *node) {
	if len(t.prefix) > 0 {
		n.prefix = t.prefix
	}
	n.items = pick(n.items, t.items)
	n.unevalItems = pick(n.unevalItems, t.unevalItems)
	n.contains = pick(n.contains, t.contains)
}

// mergeApplicators merges anyOf, oneOf, allOf, not and if/then/else.
func mergeApplicators(n, t *node) {
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
}

// mergeBookkeeping merges what is not a constraint: the default, the
// reason the node cannot be judged, and the keywords' pointers (n's win).
func mergeBookkeeping(n, t *node) {
	if !n.hasDefault && t.hasDefault {
		n.def, n.hasDefault = t.def, true
	}
	if n.undecidable == "" {
		n.undecidable = t.undecidable
	}
	if len(t.opaque) > 0 {
		n.opaque = unionMap(n.opaque, t.opaque)
	}
	// A keyword both sides set at different places keeps every place, so a
	// witness can be confirmed at any of them (allOf branches with their own
	// required, for example).
	also := map[string][]string{}
	for k, v := range n.kwPtr {
		if tv, ok := t.kwPtr[k]; ok && tv != v {
			also[k] = append(also[k], tv)
		}
	}
	for _, m := range []map[string][]string{n.kwAlso, t.kwAlso} {
		for k, ps := range m {
			also[k] = append(also[k], ps...)
		}
	}
	n.kwPtr = unionMap(t.kwPtr, n.kwPtr)
	if len(also) > 0 {
		n.kwAlso = also
	}
}

// unionMap returns a new map with the entries of a, then those of b over
// them.
func unionMap[V any](a, b map[string]V) map[string]V {
	m := make(map[string]V, len(a)+len(b))
	for k, v := range a {
		m[k] = v
	}
	for k, v := range b {
		m[k] = v
	}
	return m
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

// dedupValues returns the first of each canonical form of vals, in order
// (nil for none).
func dedupValues(vals []any) []any {
	if len(vals) == 0 {
		return nil
	}
	first := firsts(vals)
	n := 0
	for _, f := range first {
		if f {
			n++
		}
	}
	out := make([]any, 0, n)
	for i, v := range vals {
		if first[i] {
			out = append(out, v)
		}
	}
	return out
}

// distinctValues is dedupValues, but returns vals itself when no value
// repeats an earlier one's form (an enum as written, usually): the result
// may share vals' array, so it is never modified.
func distinctValues(vals []any) []any {
	if len(vals) == 0 {
		return nil
	}
	first := firsts(vals)
	for _, f := range first {
		if !f {
			return dedupValues(vals)
		}
	}
	return vals
}

// intersectValues returns the values of a, each form once, whose form b
// holds.
func intersectValues(a, b []any) []any {
	in := newValueSet(b)
	out := []any{}
	for _, v := range dedupValues(a) {
		if in.has(v) {
			out = append(out, v)
		}
	}
	return out
}
