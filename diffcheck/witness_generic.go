package diffcheck

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// The generic witness search (issue 29): a pair of changed schemas where no
// rule found a confirmed break is searched as a whole. Values are built
// from the accepting schema (in: base for inputs, head for outputs) with
// every member it declares, at each of its subschemas, and from the
// rejecting schema's near misses (its own values, perturbed; a near miss
// in rejects is repaired where in's error tree says); each is checked on
// both sides by the validator. A witness confirms a change the judge
// reported without one, or becomes a finding of its own under the rule of
// the keyword where out rejects it. Only members in declares are used
// (callers are not expected to send others, servers to return them), and
// numbers within ±(2^53−1).

// maxGenericTries bounds the values the generic search checks for one pair
// and side (each costs one or two validations).
const maxGenericTries = 64

// maxGenericNodes bounds the subschemas of in whose values it builds.
const maxGenericNodes = 16

// maxGenericWitnesses bounds the witnesses it keeps.
const maxGenericWitnesses = 3

// genericWitness is a confirmed witness and why out rejects it.
type genericWitness struct {
	value   any
	reasons []schema.Reason
}

// generic runs the search; it returns the witnesses found, in order.
func (ws *witnessSearch) generic() []genericWitness {
	if !ws.ic.Complete || !ws.oc.Complete {
		return nil
	}
	g := &genericRun{ws: ws, tried: map[string]bool{}}
	g.run()
	return g.found
}

type genericRun struct {
	ws    *witnessSearch
	tried map[string]bool
	tries int
	found []genericWitness
	// misses are values out rejects and in rejects too: near misses to repair.
	misses []any
}

// done reports whether the search must end.
func (g *genericRun) done() bool {
	return g.tries >= maxGenericTries || len(g.found) >= maxGenericWitnesses || (g.ws.stop != nil && g.ws.stop())
}

// try checks one value; fromOut says it came from out's side (a near miss).
func (g *genericRun) try(v any, fromOut bool) {
	if g.done() {
		return
	}
	c := canonical(v)
	if g.tried[c] {
		return
	}
	g.tried[c] = true
	if !withinInterop(v, 0) || !declaredIn(g.ws.in.node, v, 0) {
		return
	}
	g.tries++
	if accepts(g.ws.ic, v) != yes {
		if fromOut && len(g.misses) < 4 {
			g.misses = append(g.misses, v)
		}
		return
	}
	rs, ok := g.ws.oc.Reasons(v)
	if !ok || len(rs) == 0 {
		return
	}
	g.found = append(g.found, genericWitness{value: v, reasons: rs})
}

func (g *genericRun) run() {
	in, out := g.ws.in.node, g.ws.out.node
	// in's own values (its richest first), and the richest without each member
	seeds := g.ws.acceptedSeeds()
	for _, v := range seeds {
		g.try(v, false)
	}
	if v, ok := genRich(in, 0); ok {
		g.try(v, false)
		for _, d := range dropEach(v, 6) {
			g.try(d, false)
		}
	}
	// at each place either side declares: in's values there, the values
	// at both sides' boundaries there (listed values, bounds, the values a
	// not, an if or a branch names) and those one branch of a union takes
	// and another rejects, put into in's own values
	inPaths := subschemaPaths(in, maxGenericNodes)
	paths := append(inPaths, subschemaPaths(out, maxGenericNodes)...)
	for i, at := range paths {
		if g.done() {
			return
		}
		// the subschema the path was found at (a branch's own member, say),
		// and the other side's there
		inSub, outSub := at.n, nodeAtPath(out, at.path)
		if i >= len(inPaths) {
			inSub, outSub = nodeAtPath(in, at.path), at.n
		}
		var locals []any
		if inSub != nil {
			if v, ok := genRich(inSub, 1); ok {
				locals = append(locals, v)
			}
			k := 0
			eachCandidate(inSub, func(v any) bool {
				locals = append(locals, v)
				k++
				return k < 3
			})
		}
		locals = append(locals, boundaryValues(outSub, 0)...)
		locals = append(locals, boundaryValues(inSub, 0)...)
		if inSub != nil {
			for _, brs := range [][]*node{inSub.oneOf, inSub.anyOf} {
				for i, b := range brs {
					for k, o := range brs {
						if i != k && i < 4 && k < 4 {
							locals = append(locals, exclusiveCandidates(b, o)...)
						}
					}
				}
			}
		}
		locals = dedupValues(locals)
		if len(locals) > 16 {
			locals = locals[:16]
		}
		for _, l := range locals {
			for _, seed := range seeds {
				if v, ok := transplant(in, seed, at.path, l); ok {
					g.try(v, false)
				}
			}
			if v, ok := genAtVariant(in, at.path, l, 0, 0); ok {
				g.try(v, false)
			}
		}
	}
	// near misses of out: its own values, perturbed
	var outVals []any
	if v, ok := genRich(out, 0); ok {
		outVals = append(outVals, v)
	}
	k := 0
	eachCandidate(out, func(v any) bool {
		outVals = append(outVals, v)
		k++
		return k < 3
	})
	for _, v := range outVals {
		for _, p := range perturbations(v, in, 12) {
			g.try(p, true)
		}
	}
	// a near miss in rejects, repaired where in's error tree says
	for _, m := range g.misses {
		if g.done() {
			return
		}
		if r, ok := g.repair(m); ok {
			g.try(r, false)
		}
	}
}

// nodeAtPath returns the subschema of n a path of declared members,
// pattern members and elements reaches (nil when none does).
func nodeAtPath(n *node, path []step) *node {
	for _, s := range path {
		if n == nil {
			return nil
		}
		switch s.kind {
		case 'p':
			n, _ = declaredMember(n, s.key, 0)
		case 'x':
			n, _, _ = undeclaredSchema(n, s.key)
		case 'a':
			n = memberSchema(n)
		case 'i':
			n = n.itemSchema(s.index)
		}
	}
	return n
}

// maxBoundaryValues bounds the values boundaryValues returns.
const maxBoundaryValues = 12

// boundaryValues returns values at the edges of what n accepts: its listed
// values and those of its not, if, then, else and branches, its bounds and
// the numbers next to them, strings at its lengths and its pattern's samples.
func boundaryValues(n *node, depth int) []any {
	if n == nil || n.never || depth > 3 {
		return nil
	}
	var out []any
	add := func(vs ...any) {
		for _, v := range vs {
			if len(out) < maxBoundaryValues {
				out = append(out, v)
			}
		}
	}
	for i, v := range n.enum {
		if i >= 4 {
			break
		}
		add(v)
	}
	for _, b := range []*bound{n.min, n.max} {
		if b != nil {
			for _, d := range []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 1), big.NewRat(-1, 1), big.NewRat(1, 2), big.NewRat(-1, 2)} {
				add(numValue(new(big.Rat).Add(b.v, d)))
			}
		}
	}
	if n.multipleOf != nil {
		m := n.multipleOf
		add(numValue(m), numValue(new(big.Rat).Quo(m, big.NewRat(2, 1))), numValue(new(big.Rat).Mul(m, big.NewRat(3, 2))))
	}
	if n.types.has(tNumber) || n.types.has(tInteger) {
		add(json.Number("1"), json.Number("3"), json.Number("0.5"), json.Number("-1"))
	}
	if n.types.has(tString) {
		for _, k := range []string{"minLength", "maxLength"} {
			if c := n.counts[k]; c != nil && c.IsInt64() && c.Int64() < 64 {
				l := int(c.Int64())
				add(strings.Repeat("a", l), strings.Repeat("a", l+1))
				if l > 0 {
					add(strings.Repeat("a", l-1))
				}
			}
		}
		if n.hasPattern {
			for _, v := range regexSamples(n.pattern) {
				add(v)
			}
		}
	}
	for _, sub := range []*node{n.not, n.ifN, n.thenN, n.elseN} {
		add(boundaryValues(sub, depth+1)...)
	}
	for _, br := range append(append(append([]*node(nil), n.anyOf...), n.oneOf...), n.allOf...) {
		add(boundaryValues(br, depth+1)...)
	}
	return out
}

// repair replaces the part of v where in rejects it by a value of in's
// subschema there.
func (g *genericRun) repair(v any) (any, bool) {
	rs, ok := g.ws.ic.Reasons(v)
	if !ok || len(rs) == 0 {
		return nil, false
	}
	at := source.Split(rs[0].Pointer)
	sub, ok := nodeAtInstance(g.ws.in.node, at)
	if !ok {
		return nil, false
	}
	local, ok := gen(sub, 1)
	if !ok {
		return nil, false
	}
	return setAt(v, at, local)
}

// genericPath is a subschema of in and the instance path that reaches it.
type genericPath struct {
	n    *node
	path []step
}

// subschemaPaths returns the subschemas of n reached through declared
// members, pattern members and elements, breadth first, at most max.
func subschemaPaths(n *node, max int) []genericPath {
	var out []genericPath
	seen := map[*node]bool{n: true}
	queue := []genericPath{{n: n}}
	for len(queue) > 0 && len(out) < max {
		at := queue[0]
		queue = queue[1:]
		out = append(out, at)
		if len(at.path) >= 6 {
			continue
		}
		add := func(c *node, s step) {
			if c != nil && !c.never && !seen[c] && len(queue) < 4*max {
				seen[c] = true
				queue = append(queue, genericPath{n: c, path: extend(at.path, s)})
			}
		}
		for _, k := range sortedKeys(at.n.props) {
			add(at.n.props[k], step{key: k, kind: 'p'})
		}
		for _, pat := range sortedKeys(at.n.patternProps) {
			if name, ok := patternName(pat, at.n, at.n); ok {
				add(at.n.patternProps[pat], step{key: name, kind: 'x'})
			}
		}
		for i, p := range at.n.prefix {
			add(p, step{index: i, kind: 'i'})
		}
		add(at.n.items, step{index: len(at.n.prefix), kind: 'i'})
		others := append(append([]*node(nil), at.n.anyOf...), at.n.oneOf...)
		others = append(others, at.n.allOf...)
		others = append(others, at.n.thenN, at.n.elseN, at.n.ifN)
		for _, k := range sortedKeys(at.n.depSchemas) {
			others = append(others, at.n.depSchemas[k])
		}
		for _, br := range others {
			if br == nil {
				continue
			}
			for _, k := range sortedKeys(br.props) {
				add(br.props[k], step{key: k, kind: 'p'})
			}
		}
	}
	if len(out) > 1 {
		// the root last: its own values are tried first anyway
		out = append(out[1:], out[0])
	}
	return out
}

// nodeAtInstance returns the subschema of n that applies at an instance
// path (members and elements only).
func nodeAtInstance(n *node, toks []string) (*node, bool) {
	for _, t := range toks {
		if n == nil {
			return nil, false
		}
		if i, err := strconv.Atoi(t); err == nil && n.types.has(tArray) && !n.types.has(tObject) {
			n = n.itemSchema(i)
			continue
		}
		s, _, _ := undeclaredSchema(n, t)
		if p, ok := n.props[t]; ok {
			s = p
		}
		n = s
	}
	return n, n != nil && !n.never
}

// setAt returns v with the value at an instance path replaced.
func setAt(v any, toks []string, local any) (any, bool) {
	if len(toks) == 0 {
		return local, true
	}
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = e
		}
		e, ok := setAt(x[toks[0]], toks[1:], local)
		if !ok {
			return nil, false
		}
		m[toks[0]] = e
		return m, true
	case []any:
		i, err := strconv.Atoi(toks[0])
		if err != nil || i < 0 || i >= len(x) {
			return nil, false
		}
		a := append([]any(nil), x...)
		e, ok := setAt(x[i], toks[1:], local)
		if !ok {
			return nil, false
		}
		a[i] = e
		return a, true
	}
	return nil, false
}

// dropEach returns v (an object) without each of its members, at most max.
func dropEach(v any, max int) []any {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	var out []any
	for _, k := range sortedKeys(m) {
		if len(out) >= max {
			break
		}
		d := make(map[string]any, len(m))
		for kk, e := range m {
			if kk != k {
				d[kk] = e
			}
		}
		out = append(out, d)
	}
	return out
}

// perturbations returns variants of v (a value out accepts) that out may
// just reject: a member dropped or given a value in accepts there, an
// element added or dropped, a number or string moved; at most max.
func perturbations(v any, in *node, max int) []any {
	var out []any
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			if len(out) >= max {
				break
			}
			n := 0
			eachCandidate(orTrue(in.propSchema(k)), func(c any) bool {
				if canonical(c) != canonical(x[k]) {
					m := make(map[string]any, len(x))
					for kk, e := range x {
						m[kk] = e
					}
					m[k] = c
					out = append(out, m)
				}
				n++
				return n < 2
			})
		}
		out = append(out, dropEach(v, max-len(out))...)
	case []any:
		if len(x) > 0 {
			out = append(out, append(append([]any(nil), x...), x[len(x)-1]), x[:len(x)-1])
		}
		if e, ok := gen(in.itemSchema(len(x)), 1); ok {
			out = append(out, append(append([]any(nil), x...), e))
		}
	case json.Number:
		if r, ok := number(x); ok {
			for _, d := range []*big.Rat{big.NewRat(1, 1), big.NewRat(-1, 1), big.NewRat(1, 2), big.NewRat(-1, 2)} {
				out = append(out, numValue(new(big.Rat).Add(r, d)))
			}
		}
	case string:
		out = append(out, x+"a", "", strings.ToUpper(x)+"-")
	}
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// declaredIn reports whether every member of every object in v is one n
// declares where it lies: a property (of n, or of a subschema that may
// apply there: then, else, dependentSchemas, a branch), a name its
// patternProperties take, or a member of a map (additionalProperties or
// unevaluatedProperties with a schema).
func declaredIn(n *node, v any, depth int) bool {
	if depth > genDepth {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			s, ok := declaredMember(n, k, 0)
			if !ok || !declaredIn(s, e, depth+1) {
				return false
			}
		}
	case []any:
		for i, e := range x {
			var s *node
			if n != nil {
				s = n.itemSchema(i)
				if s == nil {
					s = n.contains
				}
			}
			if !declaredIn(s, e, depth+1) {
				return false
			}
		}
	}
	return true
}

// declaredMember returns the schema n declares for member k.
func declaredMember(n *node, k string, depth int) (*node, bool) {
	if n == nil || depth > 4 {
		return nil, false
	}
	if p, ok := n.props[k]; ok {
		return p, true
	}
	if s, byPattern, _ := undeclaredSchema(n, k); byPattern {
		return s, true
	}
	if ms := memberSchema(n); ms != nil && !ms.never && !ms.isTrue() {
		return ms, true
	}
	var others []*node
	others = append(others, n.thenN, n.elseN)
	for _, key := range sortedKeys(n.depSchemas) {
		others = append(others, n.depSchemas[key])
	}
	others = append(others, n.allOf...)
	others = append(others, n.anyOf...)
	others = append(others, n.oneOf...)
	for _, o := range others {
		if s, ok := declaredMember(o, k, depth+1); ok {
			return s, true
		}
	}
	return nil, false
}

// withinInterop reports whether every number in v lies within ±(2^53−1).
func withinInterop(v any, depth int) bool {
	if depth > genDepth {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if !withinInterop(e, depth+1) {
				return false
			}
		}
	case []any:
		for _, e := range x {
			if !withinInterop(e, depth+1) {
				return false
			}
		}
	case json.Number:
		r, ok := number(x)
		return !ok || new(big.Rat).Abs(r).Cmp(maxInterop) <= 0
	}
	return true
}

// nameKeyword are the keywords whose members are named by the schema's
// author (a property named "contains" is no keyword).
var nameKeyword = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
	"dependentSchemas": true, "dependencies": true}

// keywordNames are the keywords a reason's keyword location may end in.
var keywordNames = setOf("type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"minLength", "maxLength", "pattern", "format", "minItems", "maxItems", "uniqueItems", "minContains", "maxContains",
	"contains", "minProperties", "maxProperties", "required", "additionalProperties", "unevaluatedProperties",
	"patternProperties", "propertyNames", "dependentRequired", "dependentSchemas", "dependencies", "items", "prefixItems",
	"additionalItems", "unevaluatedItems", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "$ref", "properties")

// setOf is the set of words.
func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// rejectingKeyword returns the reason a generic witness is reported by
// (the deepest in the value), its keyword name ("false" for a false
// schema) and its location relative to the schema root.
func rejectingKeyword(rs []schema.Reason) (schema.Reason, string, string) {
	best := rs[0]
	for _, r := range rs[1:] {
		if len(r.Pointer) > len(best.Pointer) || len(r.Pointer) == len(best.Pointer) && len(r.Keyword) > len(best.Keyword) {
			best = r
		}
	}
	rel := strings.ReplaceAll(best.Keyword, "/dependency/", "/dependencies/")
	toks := source.Split(rel)
	// an element that fails a contains, or a value a not's subschema or an
	// if's takes, rejects nothing by itself: the keyword that holds it does
	for i := 0; i < len(toks); i++ {
		if (toks[i] == "contains" || toks[i] == "propertyNames") && (i == 0 || !nameKeyword[toks[i-1]]) {
			toks = toks[:i+1]
			rel = source.Join("", toks...)
			break
		}
	}
	kw := "false"
	if len(toks) > 0 {
		last := toks[len(toks)-1]
		parent := ""
		if len(toks) > 1 {
			parent = toks[len(toks)-2]
		}
		switch {
		case parent == "properties" || parent == "patternProperties" || parent == "$defs" || parent == "definitions" ||
			parent == "dependentSchemas" || parent == "dependencies" || parent == "prefixItems" || parent == "allOf" && last != "allOf":
			kw = "false" // a false subschema there
		case keywordNames[last]:
			kw = last
		}
	}
	return best, kw, rel
}

// The generic witness search's own rules: a value rejected, or admitted,
// at a keyword no other rule names (genericRule).
var (
	RuleInputValueRejected = compatRule{
		ID: "compat.input.value-rejected", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument value rejected",
		Summary: "the inputSchema accepts every value the base accepted",
		Doc:     "A value the base schema accepted that the head schema rejects at a keyword no other input rule names (an element `unevaluatedItems` no longer sees evaluated, `items: false`, a keyword inside a composition): the generic search found it, from values built from the base schema and from the head's near misses, each checked with the validator. A change the judge cannot prove harmless and no witness confirms is a warning that says it may break." + inputDoc,
		Fix:     "make the head schema accept the values the base accepted",
	}.rule()

	RuleOutputValueAdmitted = compatRule{
		ID: "compat.output.value-admitted", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "result value admitted",
		Summary: "the outputSchema admits only values the base admitted",
		Doc:     "A result the head schema admits that the base schema rejects at a keyword no other output rule names (an element `unevaluatedItems` did not see evaluated at base, a keyword inside a composition): the generic search found it, from values built from the head schema and from the base's near misses, each checked with the validator. A change the judge cannot prove harmless and no witness confirms is a warning that says it may break." + outputDoc,
		Fix:     "return only values the base admitted",
	}.rule()

	// unevaluatedElements: unevaluatedItems beside a changed conditional
	// evaluation (unevaluated): no other rule names it.
	unevaluatedElements = unevaluatedRules(RuleInputValueRejected, RuleOutputValueAdmitted)
)

// genericRuling is the mirror of a keyword that rejects a generic witness:
// had when the accepting side has the same keyword at the same place,
// fresh when it has not.
type genericRuling struct{ fresh, had mirror }

// genericRules maps each keyword to the mirror of the judge that names it;
// a keyword not listed takes the generic search's own rules.
var genericRules = keywordTable(map[*genericRuling][]string{
	{fresh: typeChange, had: typeChange}:             {"type"},
	{fresh: listedAll, had: listedValue}:             {"enum", "const"},
	{fresh: boundNew, had: boundMoved}:               {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties"},
	{fresh: patternNew, had: patternChanged}:         {"pattern"},
	{fresh: formatNew, had: formatNew}:               {"format"},
	{fresh: requiredMember, had: requiredMember}:     {"required"},
	{fresh: patternTaken, had: patternTaken}:         {"additionalProperties", "unevaluatedProperties", "patternProperties"},
	{fresh: namesConstrained, had: namesConstrained}: {"propertyNames"},
	{fresh: branchGone, had: branchGone}:             {"anyOf", "oneOf"},
	{fresh: allOfMember, had: allOfMember}:           {"allOf"},
	{fresh: conditionNew, had: conditionNew}:         {"not", "if", "then", "else", "contains", "minContains", "maxContains", "dependentRequired", "dependentSchemas", "dependencies"},
	{fresh: rejectsAll, had: rejectsAll}:             {"false"},
})

// requiredMember: a member made required at an input, no longer required
// at an output (the rules of objects, for the generic search).
var requiredMember = mirror{in: ruling{rule: RuleInputRequiredAdded}, out: ruling{rule: RuleOutputBecameOptional}}

// genericRuleSet is every rule genericRule may return.
func genericRuleSet() []*rules.Rule {
	out := unevaluatedElements.rules()
	for _, g := range genericRules {
		out = append(out, g.fresh.rules()...)
		out = append(out, g.had.rules()...)
	}
	return out
}

// keywordTable inverts a table of rulings to their keywords.
func keywordTable(t map[*genericRuling][]string) map[string]genericRuling {
	out := map[string]genericRuling{}
	for g, kws := range t {
		for _, k := range kws {
			out[k] = *g
		}
	}
	return out
}

// genericRule is the rule of a keyword that rejects a generic witness, and
// whether the change only adds to an output; hadIn says the accepting side
// has the same keyword at the same place.
func genericRule(dir direction, kw string, hadIn bool) (r *rules.Rule, additive bool) {
	g, ok := genericRules[kw]
	if !ok {
		g = genericRuling{fresh: unevaluatedElements, had: unevaluatedElements}
	}
	m := g.fresh
	if hadIn {
		m = g.had
	}
	v := m.of(dir)
	return v.rule, v.additive
}

// nearestAt returns the pointer of rel in raw (the schema at file pointer
// root), or of its nearest ancestor raw holds, and whether rel itself is there.
func nearestAt(raw any, root, rel string) (string, bool) {
	toks := source.Split(rel)
	for n := len(toks); n >= 0; n-- {
		if _, ok := source.Resolve(raw, source.Join("", toks[:n]...)); ok {
			return source.Join(root, toks[:n]...), n == len(toks)
		}
	}
	return root, false
}

// genericFound is what a generic witness no change took says: msg takes
// the keyword, where and the witness; an output's head may lack the keyword.
var genericFound = sides[ruling]{
	in:  ruling{msg: "%s of the head schema rejects a value %s that base accepted: calls sending it are rejected; make the head schema accept what the base accepted; for example %s is accepted at base and rejected at head"},
	out: ruling{removed: true, msg: "%s of the base schema rejects a result %s that head admits: consumers validating with the base contract fail; return only what the base admitted; for example head admits %s, which base rejects"},
}

// genericDraft turns a generic witness no change took into a finding.
func (c *comparer) genericDraft(dir direction, in, out *side, b, h *side, w genericWitness) draft {
	r, kw, rel := rejectingKeyword(w.reasons)
	_, hadIn := nearestAt(in.raw, in.ptr, rel)
	if kw == "false" {
		hadIn = false
	}
	rule, additive := genericRule(dir, kw, hadIn)
	at := "at the top level"
	if r.Pointer != "" {
		at = fmt.Sprintf("at %q", r.Pointer)
	}
	what := fmt.Sprintf("%q", kw)
	if kw == "false" {
		what = "a false schema"
	}
	d := draft{rule: rule, severity: rules.Error, tool: h.tool, witness: w.value}
	outPtr := source.Join(out.ptr, source.Split(rel)...)
	inPtr, _ := nearestAt(in.raw, in.ptr, rel)
	before, _ := source.Resolve(b.raw, rel)
	after, _ := source.Resolve(h.raw, rel)
	d.before, d.after = canonicalOrNil(before), canonicalOrNil(after)
	headPtr, basePtr := headBase(dir, inPtr, outPtr)
	d.at, d.base = loc{file: h.tool.file, ptr: headPtr}, &loc{file: b.tool.file, ptr: basePtr}
	v := genericFound.of(dir)
	d.removed = v.removed && !hadIn
	d.msg = fmt.Sprintf(v.msg, what, at, witnessText(w.value))
	if additive && !c.strictOutputs {
		d.severity = rules.Warning
	}
	return d
}

func canonicalOrNil(v any) any {
	if v == nil {
		return nil
	}
	return canonical(v)
}

// genericWitnessFor returns the first generic witness whose rejection is
// relevant to a change (every reason at its targets, else some).
func genericWitnessFor(gens []genericWitness, ch change, root string) int {
	best, bestScore := -1, 0
	for i, g := range gens {
		if sc := relevance(g.reasons, ch.reject, root); sc > bestScore {
			best, bestScore = i, sc
		}
	}
	return best
}
