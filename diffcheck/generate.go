package diffcheck

import (
	"encoding/json"
	"math/big"
	"regexp"
	"strings"
)

// The generator builds values a node probably accepts. It is a heuristic:
// every witness is checked by the validator before it is shown.

const genDepth = 24

func numValue(r *big.Rat) json.Number {
	if t, ok := sciText(r); ok && len(ratString(r)) > 32 {
		return json.Number(t) // exact, and short: 1e+1000 rather than 1001 digits
	}
	if r.IsInt() {
		return json.Number(r.Num().String())
	}
	prec := 12
	if n, ok := decimalDigits(r.Denom()); ok && n > prec && n <= 400 {
		prec = n // exact: 5e-14, half a step of multipleOf 1e-13, is not 0
	}
	s := strings.TrimRight(r.FloatString(prec), "0")
	return json.Number(strings.TrimSuffix(s, "."))
}

// decimalDigits returns the digits after the point that write 1/den
// exactly, when den has no prime factor but 2 and 5.
func decimalDigits(den *big.Int) (int, bool) {
	d := new(big.Int).Set(den)
	if d.Sign() <= 0 {
		return 0, false
	}
	a := int(d.TrailingZeroBits())
	d.Rsh(d, uint(a))
	five, q, rem := big.NewInt(5), new(big.Int), new(big.Int)
	b := 0
	for b <= 2000 {
		q.QuoRem(d, five, rem)
		if rem.Sign() != 0 {
			break
		}
		d.Set(q)
		b++
	}
	if d.Cmp(big.NewInt(1)) != 0 {
		return 0, false
	}
	return max(a, b), true
}

// gen returns one value n probably accepts.
func gen(n *node, depth int) (any, bool) {
	if n == nil {
		return "x", true
	}
	if n.never || depth > genDepth {
		return nil, false
	}
	if n.hasEnum {
		if len(n.enum) == 0 {
			return nil, false
		}
		return n.enum[0], true
	}
	if len(n.anyOf) > 0 || len(n.oneOf) > 0 {
		for _, br := range append(append([]*node(nil), n.anyOf...), n.oneOf...) {
			m := *br
			if merge(&m, withoutBranches(n)) {
				if v, ok := gen(&m, depth+1); ok {
					return v, true
				}
			}
			if v, ok := gen(br, depth+1); ok {
				return v, true
			}
		}
	}
	for _, t := range []typeSet{tObject, tString, tInteger, tNumber, tBoolean, tArray, tNull} {
		if !n.types.has(t) {
			continue
		}
		if v, ok := genType(n, t, depth); ok {
			return v, true
		}
	}
	return nil, false
}

func withoutBranches(n *node) *node {
	m := *n
	m.anyOf, m.oneOf = nil, nil
	return &m
}

func genType(n *node, t typeSet, depth int) (any, bool) {
	switch t {
	case tObject:
		return genObject(n, nil, depth)
	case tString:
		return genString(n, -1), true
	case tInteger:
		return genNumber(n, true)
	case tNumber:
		return genNumber(n, false)
	case tBoolean:
		return true, true
	case tArray:
		return genArray(n, -1, depth)
	case tNull:
		return nil, true
	}
	return nil, false
}

var formatSamples = map[string]string{
	"date-time": "2024-01-02T03:04:05Z", "date": "2024-01-02", "time": "03:04:05Z", "email": "a@example.com",
	"uri": "https://example.com/a", "uri-reference": "a", "uuid": "123e4567-e89b-12d3-a456-426614174000",
	"hostname": "example.com", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1", "duration": "P1D",
}

var patternSamples = []string{"a", "abc", "A", "1", "123", "a1", "a-b", "a_b", "abc123", "x@y.z", "2024-01-02", "main", "owner/repo", "a.b", ""}

// genString returns a string of length (or the minimum length when < 0).
func genString(n *node, length int) string {
	min := 1
	if c := n.counts["minLength"]; c != nil && c.IsInt64() {
		min = int(c.Int64())
	}
	if length < 0 {
		length = min
		if c := n.counts["maxLength"]; c != nil && c.IsInt64() && int(c.Int64()) < length {
			length = int(c.Int64())
		}
	}
	if length > 4096 {
		length = 4096
	}
	if length < 0 {
		length = 0
	}
	if s, ok := formatSamples[n.format]; ok && len(s) == length || (ok && length <= 1) {
		return s
	}
	if n.hasPattern {
		if re, err := regexp.Compile(n.pattern); err == nil {
			for _, s := range patternSamples {
				if re.MatchString(s) && (length <= 1 || len([]rune(s)) == length) {
					return s
				}
			}
			for _, s := range patternSamples {
				if p := strings.Repeat(s, length); len(s) == 1 && re.MatchString(p) {
					return p
				}
			}
		}
	}
	return strings.Repeat("a", length)
}

func genNumber(n *node, integer bool) (any, bool) {
	lo, hi := effective(n.min, true, integer), effective(n.max, false, integer)
	v := big.NewRat(1, 1)
	if lo != nil {
		v = new(big.Rat).Set(lo.v)
		if lo.excl {
			v.Add(v, big.NewRat(1, 2))
		}
	} else if hi != nil && hi.v.Cmp(v) < 0 {
		v = new(big.Rat).Sub(hi.v, big.NewRat(1, 1))
	}
	if n.multipleOf != nil {
		q := new(big.Rat).Quo(v, n.multipleOf)
		c := new(big.Int).Quo(q.Num(), q.Denom())
		if !q.IsInt() && q.Sign() > 0 {
			c.Add(c, big.NewInt(1))
		}
		v = new(big.Rat).Mul(new(big.Rat).SetInt(c), n.multipleOf)
	}
	if integer && !v.IsInt() {
		c := new(big.Int).Quo(v.Num(), v.Denom())
		c.Add(c, big.NewInt(1))
		v = new(big.Rat).SetInt(c)
	}
	return numValue(v), true
}

// genObject returns an object with the required members (plus extra
// members up to count when count >= 0).
func genObject(n *node, extra map[string]any, depth int) (any, bool) {
	obj := map[string]any{}
	for _, k := range sortedKeys(n.required) {
		if _, ok := extra[k]; ok {
			continue
		}
		s := n.propSchema(k)
		v, ok := gen(s, depth+1)
		if !ok {
			return nil, false
		}
		obj[k] = v
	}
	for k, v := range extra {
		obj[k] = v
	}
	if c := n.counts["minProperties"]; c != nil && c.IsInt64() {
		for _, k := range sortedKeys(n.props) {
			if int64(len(obj)) >= c.Int64() {
				break
			}
			if _, ok := obj[k]; !ok {
				if v, ok := gen(n.props[k], depth+1); ok {
					obj[k] = v
				}
			}
		}
	}
	return obj, true
}

// genArray returns an array of count elements (the minimum when < 0).
func genArray(n *node, count int, depth int) (any, bool) {
	if count < 0 {
		count = 0
		if c := n.counts["minItems"]; c != nil && c.IsInt64() {
			count = int(c.Int64())
		}
		if n.contains != nil && count == 0 {
			count = 1
		}
	}
	if count > 1000 {
		return nil, false
	}
	arr := make([]any, 0, count)
	for i := 0; i < count; i++ {
		s := n.itemSchema(i)
		if i == 0 && n.contains != nil && s == nil {
			s = n.contains
		}
		v, ok := gen(s, depth+1)
		if !ok {
			return nil, false
		}
		if n.unique && s != nil && !s.hasEnum {
			v = varyValue(v, i)
		}
		arr = append(arr, v)
	}
	return arr, true
}

// varyValue makes the i-th array element distinct.
func varyValue(v any, i int) any {
	switch x := v.(type) {
	case string:
		return x + strings.Repeat("b", i)
	case json.Number:
		r, _ := new(big.Rat).SetString(string(x))
		if r == nil {
			return v
		}
		return numValue(new(big.Rat).Add(r, big.NewRat(int64(i), 1)))
	case []any:
		if len(x) > 0 && i > 0 {
			a := append([]any(nil), x...)
			a[0] = varyValue(a[0], i)
			return a
		}
	case map[string]any:
		if ks := sortedKeys(x); len(ks) > 0 && i > 0 {
			m := make(map[string]any, len(x))
			for k, e := range x {
				m[k] = e
			}
			m[ks[0]] = varyValue(x[ks[0]], i)
			return m
		}
	}
	return v
}

// genCandidates returns a few different values n probably accepts.
func genCandidates(n *node) []any {
	var out []any
	eachCandidate(n, func(v any) bool {
		out = append(out, v)
		return true
	})
	return out
}

// eachCandidate calls yield with the values genCandidates returns, in the
// same order, until yield returns false: a caller that needs the first few
// does not pay for the rest.
func eachCandidate(n *node, yield func(any) bool) {
	if n == nil {
		for _, v := range []any{"x", json.Number("1"), true} {
			if !yield(v) {
				return
			}
		}
		return
	}
	// Each value's first form passes, as in dedupValues. seen holds the
	// values passed one by one; n.enum's are told apart once (firsts) and
	// looked up afterwards (listed): a set of an enum's forms built as its
	// values passed took 30 MB for 490,000 values (issue 29 item 5).
	var seen seenValues
	var enum []any
	var listed *valueSet
	stopped := false
	emit := func(v any) bool {
		if stopped {
			return false
		}
		if enum != nil && listed == nil {
			listed = newValueSet(enum)
		}
		if (listed != nil && listed.has(v)) || !seen.add(v) {
			return true
		}
		if !yield(v) {
			stopped = true
		}
		return !stopped
	}
	list := func(vals []any) bool {
		first := firsts(vals)
		for i, v := range vals {
			if first[i] && !seen.has(v) && !yield(v) {
				stopped = true
				return false
			}
		}
		enum = vals
		return true
	}
	candidates(n, emit, list)
}

// candidates calls emit with each candidate value of n, in order, and list
// (at most once) with the values n lists, where they come, until either
// returns false; repeated forms are the callers' to skip.
func candidates(n *node, emit func(any) bool, list func([]any) bool) {
	if v, ok := gen(n, 0); ok && !emit(v) {
		return
	}
	if n.hasDefault && !emit(n.def) {
		return
	}
	if n.hasEnum && !list(n.enum) {
		return
	}
	for _, t := range []typeSet{tObject, tString, tInteger, tNumber, tBoolean, tArray, tNull} {
		if n.types.has(t) && !n.hasEnum {
			if v, ok := genType(n, t, 1); ok && !emit(v) {
				return
			}
		}
	}
	if n.types.has(tObject) && len(n.props) > 0 {
		full := map[string]any{}
		for _, k := range sortedKeys(n.props) {
			if v, ok := gen(n.props[k], 1); ok {
				full[k] = v
			}
		}
		if v, ok := genObject(n, full, 1); ok && !emit(v) {
			return
		}
		if keys := sortedKeys(full); len(keys) <= 8 {
			for _, k := range keys {
				if v, ok := genObject(n, map[string]any{k: full[k]}, 1); ok && !emit(v) {
					return
				}
				rest := map[string]any{}
				for _, o := range keys {
					if o != k {
						rest[o] = full[o]
					}
				}
				if v, ok := genObject(n, rest, 1); ok && !emit(v) {
					return
				}
			}
		}
	}
	if n.types.has(tBoolean) && !n.hasEnum && !emit(false) {
		return
	}
	if n.types.has(tString) && !n.hasEnum {
		for _, v := range []any{"other", "", "0"} {
			if !emit(v) {
				return
			}
		}
	}
	if n.types.norm() == tAll && !n.hasEnum {
		for _, v := range []any{map[string]any{}, "x", json.Number("1"), json.Number("0.5"), false, nil, []any{}} {
			if !emit(v) {
				return
			}
		}
	}
}

// genOfTypes returns values of the lost types that in probably accepts.
func genOfTypes(in *node, lost, out typeSet) []any {
	var vals []any
	if in.hasEnum {
		for _, v := range in.enum {
			if lost.has(valueType(v)) || (lost&tNumber != 0 && valueType(v) == tNumber) {
				vals = append(vals, v)
			}
		}
		return vals
	}
	for _, t := range []typeSet{tObject, tString, tInteger, tNumber, tBoolean, tArray, tNull} {
		if lost&t == 0 && !(t == tInteger && lost&tNumber != 0) {
			continue
		}
		if t == tNumber && out.has(tInteger) {
			vals = append(vals, json.Number("0.5"), json.Number("1.5"))
			if v, ok := genNumber(in, false); ok {
				r, _ := new(big.Rat).SetString(string(v.(json.Number)))
				if r != nil {
					vals = append(vals, numValue(new(big.Rat).Add(r, big.NewRat(1, 2))))
				}
			}
			continue
		}
		if v, ok := genType(in, t, 1); ok {
			vals = append(vals, v)
		}
	}
	return vals
}

// numberCandidates returns numbers between in's bound ie and out's tighter bound oe.
func numberCandidates(ie, oe *bound, lower, intOnly bool) []any {
	var vals []any
	one := big.NewRat(1, 1)
	half := big.NewRat(1, 2)
	if ie != nil && !ie.excl {
		vals = append(vals, numValue(ie.v))
	}
	if lower {
		vals = append(vals, numValue(new(big.Rat).Sub(oe.v, one)))
		if oe.excl {
			vals = append(vals, numValue(oe.v))
		}
		if !intOnly {
			vals = append(vals, numValue(new(big.Rat).Sub(oe.v, half)))
		}
		if ie != nil && ie.excl {
			vals = append(vals, numValue(new(big.Rat).Add(ie.v, half)), numValue(new(big.Rat).Add(ie.v, one)))
		}
	} else {
		vals = append(vals, numValue(new(big.Rat).Add(oe.v, one)))
		if oe.excl {
			vals = append(vals, numValue(oe.v))
		}
		if !intOnly {
			vals = append(vals, numValue(new(big.Rat).Add(oe.v, half)))
		}
		if ie != nil && ie.excl {
			vals = append(vals, numValue(new(big.Rat).Sub(ie.v, half)), numValue(new(big.Rat).Sub(ie.v, one)))
		}
	}
	return dedupValues(vals)
}

// countCandidates returns strings, arrays or objects whose size lies between
// in's bound iv (nil: none) and out's bound ov.
func countCandidates(in *node, kw string, iv, ov *big.Int, lower bool) []any {
	var sizes []int
	if kw == "uniqueItems" {
		v, ok := gen(in.itemSchema(0), 1)
		if !ok {
			return nil
		}
		return []any{[]any{v, v}}
	}
	if ov == nil || !ov.IsInt64() || ov.Int64() > 10000 {
		return nil
	}
	o := int(ov.Int64())
	if lower {
		sizes = append(sizes, o-1)
		if iv != nil && iv.IsInt64() {
			sizes = append(sizes, int(iv.Int64()))
		} else {
			sizes = append(sizes, 0)
		}
	} else {
		sizes = append(sizes, o+1)
	}
	var vals []any
	if countFamily(kw) == tString {
		// strings of in's own format whose length breaks the new bound
		for _, v := range formatVariants[in.format] {
			l := len([]rune(v))
			if (lower && l < o) || (!lower && l > o) {
				vals = append(vals, v)
			}
		}
	}
	for _, size := range sizes {
		if size < 0 {
			continue
		}
		switch countFamily(kw) {
		case tString:
			vals = append(vals, genString(in, size))
		case tArray:
			if v, ok := genArray(in, size, 1); ok {
				vals = append(vals, v)
			}
		case tObject:
			extra := map[string]any{}
			for _, k := range sortedKeys(in.props) {
				if len(extra) >= size {
					break
				}
				if v, ok := gen(in.props[k], 1); ok {
					extra[k] = v
				}
			}
			for i := 0; len(extra) < size && i < size+len(in.props); i++ {
				k := freshKey + strings.Repeat("_", i)
				if _, ok := in.props[k]; !ok {
					v, ok := gen(memberSchema(in), 1)
					if ok {
						extra[k] = v
					}
				}
			}
			if len(extra) == size {
				// drop non-required members beyond size when needed
				if v, ok := genObject(in, extra, 1); ok {
					vals = append(vals, v)
				}
			}
		}
	}
	return vals
}

// genVariants is how many variants genAtVariant has: the branch taken at
// each union on the way (variant/2 rotates among the branches that fit)
// and whether the object there carries every member that branch declares
// (odd variants), so a value can be steered into the branch that changed.
const genVariants = 8

// genAtVariant returns a value root probably accepts whose part at path is
// local, steered by variant (see genVariants).
func genAtVariant(root *node, path []step, local any, depth, variant int) (any, bool) {
	if len(path) == 0 {
		return local, true
	}
	if root == nil {
		root = trueNode
	}
	if depth > genDepth {
		return nil, false
	}
	s := path[0]
	want := tObject
	if s.kind == 'i' {
		want = tArray
	}
	folded := len(root.anyOf)+len(root.oneOf) > 0
	root = firstBranch(root, s.key, want, variant/2)
	switch s.kind {
	case 'p', 'a', 'x':
		key := s.key
		var child *node
		switch s.kind {
		case 'x': // a member a patternProperties pattern takes
			child, _, _ = undeclaredSchema(root, key)
		case 'p':
			child = root.propSchema(key)
			if _, ok := root.props[key]; !ok && len(root.props) == 0 && len(root.anyOf)+len(root.oneOf) > 0 {
				child = branchProp(root, key)
			}
		default:
			key = freshName(root)
			child = memberSchema(root)
		}
		v, ok := genAtVariant(child, path[1:], local, depth+1, variant)
		if !ok {
			return nil, false
		}
		extra := map[string]any{key: v}
		if folded && variant%2 == 1 {
			// every member the branch declares, so no sibling branch takes the value.
			for _, k := range sortedKeys(root.props) {
				if _, ok := extra[k]; !ok {
					if m, ok := gen(root.props[k], depth+1); ok {
						extra[k] = m
					}
				}
			}
		}
		return genObject(root, extra, depth)
	case 'i':
		count := s.index + 1
		if c := root.counts["minItems"]; c != nil && c.IsInt64() && int(c.Int64()) > count {
			count = int(c.Int64())
		}
		arrV, ok := genArray(root, count, depth)
		if !ok {
			return nil, false
		}
		arr := arrV.([]any)
		v, ok := genAtVariant(root.itemSchema(s.index), path[1:], local, depth+1, variant)
		if !ok {
			return nil, false
		}
		arr[s.index] = v
		return arr, true
	}
	return nil, false
}

// branchProp finds the schema of member key in an anyOf/oneOf branch.
func branchProp(n *node, key string) *node {
	for _, br := range append(append([]*node(nil), n.anyOf...), n.oneOf...) {
		if p, ok := br.props[key]; ok {
			return p
		}
	}
	return nil
}

// firstBranch folds an anyOf/oneOf branch into n, so a value built from
// it meets that branch too: branches of type want (the step's: object for
// a member, array for an element) that declare key first, then other
// branches of type want, then the rest; rot rotates the first of these
// groups that is not empty (genAtVariant's choice of branch). A branch
// that cannot be folded (unevaluatedProperties, say) is taken as it is
// when n has no members of its own; n itself when neither works.
func firstBranch(n *node, key string, want typeSet, rot int) *node {
	var branches, typed, others []*node
	for _, br := range append(append([]*node(nil), n.anyOf...), n.oneOf...) {
		_, declares := br.props[key]
		switch {
		case declares && br.types.has(want):
			branches = append(branches, br) // branches declaring the member come first
		case br.types.has(want):
			typed = append(typed, br)
		default:
			others = append(others, br)
		}
	}
	rotate := func(g []*node) []*node {
		if len(g) < 2 || rot%len(g) == 0 {
			return g
		}
		k := rot % len(g)
		return append(append([]*node(nil), g[k:]...), g[:k]...)
	}
	if len(branches) > 0 {
		branches = rotate(branches)
	} else {
		typed = rotate(typed)
	}
	bare := len(n.props) == 0 && len(n.required) == 0
	first := len(branches)
	if first == 0 {
		first = len(typed)
	}
	for i, br := range append(append(branches, typed...), others...) {
		m := *withoutBranches(n)
		if merge(&m, br) {
			return &m
		}
		if bare && (i < first || first == 0) {
			return br
		}
	}
	return n
}

// maxRichMembers bounds the members genRich puts in one object.
const maxRichMembers = 32

// genRich returns a value n probably accepts that carries every member
// some subschema of n declares (its properties and those of its then,
// else, dependentSchemas, allOf and anyOf/oneOf branches, a name each of
// its patternProperties, with the member that triggers a dependentSchemas
// entry) and, for arrays, an element for each prefixItems entry, one its
// contains takes and one its items take: the values whose members and
// elements other keywords evaluate, which unevaluatedProperties and
// unevaluatedItems depend on.
func genRich(n *node, depth int) (any, bool) {
	if n == nil || n.never || depth > 6 {
		return gen(n, depth)
	}
	if n.hasEnum || (!n.types.has(tObject) && !n.types.has(tArray)) {
		return gen(n, depth)
	}
	if n.types.has(tObject) {
		extra := map[string]any{}
		var decl []*node
		decl = append(decl, n)
		for _, o := range []*node{n.ifN, n.thenN, n.elseN} {
			if o != nil {
				decl = append(decl, o)
			}
		}
		for _, k := range sortedKeys(n.depSchemas) {
			decl = append(decl, n.depSchemas[k])
			if _, ok := extra[k]; !ok && len(extra) < maxRichMembers {
				if v, ok := gen(n.propSchema(k), depth+1); ok {
					extra[k] = v
				}
			}
		}
		decl = append(decl, n.allOf...)
		decl = append(decl, n.anyOf...)
		decl = append(decl, n.oneOf...)
		for i := 0; i < len(decl) && len(decl) < 64; i++ {
			// the branches of branches declare members too
			if d := decl[i]; d != n {
				decl = append(decl, d.allOf...)
				decl = append(decl, d.anyOf...)
				decl = append(decl, d.oneOf...)
			}
		}
		for _, d := range decl {
			for _, k := range sortedKeys(d.props) {
				if _, ok := extra[k]; ok || len(extra) >= maxRichMembers {
					continue
				}
				s := d.props[k]
				if p, ok := n.props[k]; ok {
					s = p
				}
				if v, ok := genRich(s, depth+1); ok {
					extra[k] = v
				}
			}
			for _, pat := range sortedKeys(d.patternProps) {
				if len(extra) >= maxRichMembers {
					break
				}
				if name, ok := patternName(pat, n, d); ok {
					if _, taken := extra[name]; !taken {
						if v, ok := gen(d.patternProps[pat], depth+1); ok {
							extra[name] = v
						}
					}
				}
			}
		}
		return genObject(n, extra, depth)
	}
	var arr []any
	for i := range n.prefix {
		if i >= maxRichMembers {
			break
		}
		v, ok := genRich(n.prefix[i], depth+1)
		if !ok {
			return gen(n, depth)
		}
		arr = append(arr, v)
	}
	for _, s := range []*node{n.contains, n.items} {
		if s != nil && !s.never {
			if v, ok := genRich(s, depth+1); ok {
				arr = append(arr, v)
			}
		}
	}
	return arr, true
}

// freshName names the undeclared member a witness adds to an object of n:
// freshKey, unless n declares it or its propertyNames probably reject it
// (a pattern, a length, a list), then a name they take.
func freshName(n *node) string {
	names := []string{freshKey, "extra", "more", "x", "a"}
	pn := n.propertyNames
	if pn != nil && pn.hasEnum {
		for _, v := range pn.enum {
			if s, ok := v.(string); ok {
				names = append(names, s)
			}
		}
	}
	re := compileLocal(pn)
	for _, k := range names {
		if _, declared := n.props[k]; declared {
			continue
		}
		if pn == nil {
			return k
		}
		if !fitsLength(pn, k) || re != nil && !re.MatchString(k) {
			continue
		}
		if pn.hasEnum && len(intersectValues([]any{k}, pn.enum)) == 0 {
			continue
		}
		return k
	}
	return freshKey
}
