package diffcheck

import (
	"fmt"
	"math/big"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// listed judges the keywords of out beside its enum against the values in
// lists: a pattern, length or bound added next to an unchanged enum
// rejects the listed values it does not admit. A change is kept only when
// some listed value is (or may be) rejected, and those values are its
// witness candidates.
func (j *judge) listed(in, out *node, path []step, common typeSet) {
	var rejected []any
	for _, v := range in.enum {
		if common.has(valueType(v)) && mayReject(out, v) {
			rejected = append(rejected, v)
		}
	}
	if len(rejected) == 0 {
		return
	}
	probe := *in
	probe.hasEnum, probe.enum = false, nil
	from := len(j.changes)
	if common.has(tNumber) || common.has(tInteger) {
		j.numbers(&probe, out, path, common)
	}
	if common.has(tString) {
		j.strings(&probe, out, path)
		j.counts(&probe, out, path, tString)
	}
	for i := from; i < len(j.changes); i++ {
		j.changes[i].in = in
		j.changes[i].locals = rejected
	}
}

// mayReject reports whether out's pattern, lengths or numeric bounds may
// reject v (a pattern the local engine cannot read may).
func mayReject(out *node, v any) bool {
	switch x := v.(type) {
	case string:
		if !fitsLength(out, x) {
			return true
		}
		if out.hasPattern {
			re := compileLocal(out)
			return re == nil || !re.MatchString(x)
		}
	default:
		r, ok := number(v)
		if !ok {
			return false
		}
		if b := out.min; b != nil && (r.Cmp(b.v) < 0 || (b.excl && r.Cmp(b.v) == 0)) {
			return true
		}
		if b := out.max; b != nil && (r.Cmp(b.v) > 0 || (b.excl && r.Cmp(b.v) == 0)) {
			return true
		}
		if out.multipleOf != nil && !new(big.Rat).Quo(r, out.multipleOf).IsInt() {
			return true
		}
	}
	return false
}

// listedBranches judges the values in lists against the anyOf/oneOf of
// out, one value at a time: an enum rewritten as a union of consts (and
// other options) must keep every value. A value no branch takes is an
// enum value removed (inputs) or added (outputs); each needs a witness,
// since whether a branch takes a value is judged, not computed.
func (j *judge) listedBranches(in, out *node, path []step, common typeSet) {
	for _, kw := range []string{"anyOf", "oneOf"} {
		ob := out.anyOf
		if kw == "oneOf" {
			ob = out.oneOf
		}
		if len(ob) == 0 {
			continue
		}
		var missing []any
		for _, v := range in.enum {
			t := valueType(v)
			if !common.has(t) {
				continue
			}
			one := &node{ptr: in.ptr, kwPtr: in.kwPtr, types: t, enum: []any{v}, hasEnum: true, raw: v}
			taken := 0
			for _, o := range ob {
				if j.covers(one, o) {
					taken++
					if kw == "anyOf" || taken > 1 {
						break
					}
				}
			}
			// a oneOf takes a value exactly one of its options accepts
			if taken == 0 || kw == "oneOf" && taken > 1 {
				missing = append(missing, v)
			}
		}
		if len(missing) == 0 {
			continue
		}
		c := change{path: path, locals: missing, reject: rejectTargets(out, kw)}
		c.after, c.before = headBase[any](j.dir, in.enum, nil)
		c.headPtr, c.basePtr = headBase(j.dir, in.at(enumKw(in)), out.at(kw))
		m := untakenValue
		if kw == "oneOf" {
			m = untakenValueOneOf
		}
		c.say(m.of(j.dir), enumKw(in), where(path), kw, quoteList(missing))
		j.emit(c, in, out, kw)
	}
}

// The listed values no branch of out takes (listedBranches): msg takes
// in's keyword, where, out's keyword and the values.
var (
	untakenValue = mirror{
		in:  ruling{rule: RuleInputEnumValueRemoved, msg: "%[1]s %[2]s was rewritten as %[3]s, and no branch takes %[4]s: calls sending it are rejected; add a branch that accepts it"},
		out: untakenValueOut,
	}
	untakenValueOneOf = mirror{
		in:  ruling{rule: RuleInputEnumValueRemoved, msg: "%[1]s %[2]s was rewritten as oneOf, and no option takes %[4]s alone (none or several do, and oneOf takes a value exactly one option accepts): calls sending it are rejected; make one option, and only one, accept it"},
		out: untakenValueOut,
	}
	untakenValueOut = ruling{rule: RuleOutputEnumValueAdded, msg: "%[1]s %[2]s now allows %[4]s, which no branch of the base %[3]s took: consumers may not handle the new value; make sure they do"}
)

// maxListed bounds the listed values (enum, const) checked one by one
// against the other side: a larger list is checked up to the bound, and
// what it leaves unchecked is not proven harmless.
const maxListed = 256

// listedRest judges the keywords of out beside in's listed values that
// neither listed nor listedBranches judges (not, if/then/else, allOf, the
// object and array keywords, an anyOf or oneOf beside an enum): each
// listed value is a candidate, and the witness search tries every one
// (change.exhaustive), so a change with no witness among them is proven
// harmless and dropped, one with a witness is a break. A keyword that is
// the same on both sides is not judged again.
func (j *judge) listedRest(in, out *node, path []step, common typeSet) {
	kws := listedRestKeywords(in, out)
	if len(kws) == 0 {
		return
	}
	var vals []any
	total := 0
	for _, v := range in.enum {
		if !common.has(valueType(v)) {
			continue
		}
		total++
		if len(vals) < maxListed {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return
	}
	head, base := j.headBase(in, out)
	for _, kw := range kws {
		c := change{path: path, locals: vals, exhaustive: total <= maxListed, before: canonicalRaw(listedKeyword(base, kw)), after: canonicalRaw(listedKeyword(head, kw))}
		if kw == "properties" {
			c.reject = []target{{ptr: out.at("properties")}}
		}
		quoted := quoteList(vals)
		switch {
		case countFamily(kw) != 0 && isCountKeyword(kw):
			j.boundChange(&c, kw, in.counts[kw] == nil, intText(base.counts[kw]), intText(head.counts[kw]))
			c.msg = fmt.Sprintf(listedCount.of(j.dir), kw, intText(head.counts[kw]), where(path), quoted)
		case kw == "uniqueItems":
			j.boundChange(&c, kw, false, fmt.Sprint(base.unique), fmt.Sprint(head.unique))
		default:
			c.say(besideListed(kw).of(j.dir), kw, where(path), quoted)
			if j.dir == dirInput && kw == "required" {
				// the entry that made the member required is at head
				for _, k := range sortedKeys(out.required) {
					if !in.required[k] {
						c.headPtr = requiredEntry(head, k)
						break
					}
				}
			}
		}
		j.emit(c, in, out, kw)
	}
}

func isCountKeyword(kw string) bool {
	for _, ck := range countKeywords {
		if ck.name == kw {
			return true
		}
	}
	return false
}

// listedCount: a count keyword beside in's listed values; msg takes the
// keyword, head's count, where and the values.
var listedCount = sides[string]{
	in:  "%q %s %s beside enum %s rejects listed values base accepted: calls sending them are rejected; accept them again, or drop them from the enum",
	out: "%q %s %s was loosened beside enum %s: head may return listed values base ruled out; restore the bound",
}

// The keywords beside in's listed values that reject some of them
// (listedRest), by family: msg takes the keyword, where and the values.
var (
	besideListedConditional = besideListedRules(RuleInputConditionalAdded, RuleOutputConditionalRemoved)
	besideListedAllOf       = besideListedRules(RuleInputAllOfAdded, RuleOutputAllOfRemoved)
	besideListedRequired    = besideListedRules(RuleInputRequiredAdded, RuleOutputRequiredRemoved)
	besideListedMembers     = besideListedRules(RuleInputAdditionalRestricted, RuleOutputAdditionalRelaxed)
	besideListedValues      = besideListedRules(RuleInputEnumValueRemoved, RuleOutputEnumValueAdded)
)

// besideListedRules is the mirror of a family: in's rule and out's, with the
// messages every family shares; an output enum value added only adds.
func besideListedRules(in, out *rules.Rule) mirror {
	return mirror{
		in:  ruling{rule: in, msg: "%s %s beside enum %s rejects listed values base accepted: calls sending them are rejected; accept them again, or drop them from the enum"},
		out: ruling{rule: out, additive: out == RuleOutputEnumValueAdded, msg: "enum %[3]s %[2]s admits values the base %[1]s rejected: consumers validating with the base contract fail; return only values base admitted"},
	}
}

// besideListed is the mirror of a keyword beside in's listed values.
func besideListed(kw string) mirror {
	switch kw {
	case "not", "if", "contains", "dependentRequired", "dependentSchemas":
		return besideListedConditional
	case "allOf":
		return besideListedAllOf
	case "required":
		return besideListedRequired
	case "additionalProperties", "unevaluatedProperties", "patternProperties", "propertyNames":
		return besideListedMembers
	}
	return besideListedValues
}

// listedKeyword returns what n holds under kw, for fingerprints.
func listedKeyword(n *node, kw string) *node {
	switch kw {
	case "not":
		return n.not
	case "if":
		return n.ifN
	case "contains":
		return n.contains
	case "additionalProperties":
		return n.additional
	case "unevaluatedProperties":
		return n.unevalProps
	case "propertyNames":
		return n.propertyNames
	case "items":
		return n.items
	case "unevaluatedItems":
		return n.unevalItems
	}
	return nil
}

// listedRestKeywords returns the keywords of out that listedRest judges:
// present in out and not the same in in.
func listedRestKeywords(in, out *node) []string {
	var kws []string
	one := func(kw string, o, i *node) {
		if o != nil && (i == nil || canonical(o.raw) != canonical(i.raw)) {
			kws = append(kws, kw)
		}
	}
	list := func(kw string, o, i []*node) {
		if len(o) > 0 && rawList(o) != rawList(i) {
			kws = append(kws, kw)
		}
	}
	one("not", out.not, in.not)
	if out.ifN != nil && (in.ifN == nil || canonicalRaw(out.ifN) != canonicalRaw(in.ifN) ||
		canonicalRaw(out.thenN) != canonicalRaw(in.thenN) || canonicalRaw(out.elseN) != canonicalRaw(in.elseN)) {
		kws = append(kws, "if")
	}
	if out.hasEnum {
		// without an enum at out, listedBranches judges the branches.
		list("anyOf", out.anyOf, in.anyOf)
		list("oneOf", out.oneOf, in.oneOf)
	}
	list("allOf", out.allOf, in.allOf)
	for _, k := range sortedKeys(out.required) {
		if !in.required[k] {
			kws = append(kws, "required")
			break
		}
	}
	for _, k := range sortedKeys(out.props) {
		if i, ok := in.props[k]; !ok || canonical(i.raw) != canonical(out.props[k].raw) {
			kws = append(kws, "properties")
			break
		}
	}
	one("additionalProperties", out.additional, in.additional)
	one("unevaluatedProperties", out.unevalProps, in.unevalProps)
	if len(out.patternProps) > 0 && canonicalNodes(out.patternProps) != canonicalNodes(in.patternProps) {
		kws = append(kws, "patternProperties")
	}
	one("propertyNames", out.propertyNames, in.propertyNames)
	if len(out.depRequired) > 0 && canonical(out.depRequired) != canonical(in.depRequired) {
		kws = append(kws, "dependentRequired")
	}
	if len(out.depSchemas) > 0 && canonicalNodes(out.depSchemas) != canonicalNodes(in.depSchemas) {
		kws = append(kws, "dependentSchemas")
	}
	for _, ck := range countKeywords {
		if countFamily(ck.name) == tString {
			continue // listed judges lengths
		}
		ov, ok := out.counts[ck.name]
		if !ok {
			continue
		}
		if iv, had := in.counts[ck.name]; !had || iv.Cmp(ov) != 0 {
			kws = append(kws, ck.name)
		}
	}
	if out.unique && !in.unique {
		kws = append(kws, "uniqueItems")
	}
	list("prefixItems", out.prefix, in.prefix)
	one("items", out.items, in.items)
	one("unevaluatedItems", out.unevalItems, in.unevalItems)
	one("contains", out.contains, in.contains)
	return kws
}

// rawList is the canonical text of a list of nodes as written.
func rawList(ns []*node) string {
	raws := make([]any, len(ns))
	for i, n := range ns {
		raws[i] = n.raw
	}
	return canonical(raws)
}

// canonicalNodes is the canonical text of a map of nodes as written.
func canonicalNodes(m map[string]*node) string {
	raws := make(map[string]any, len(m))
	for k, n := range m {
		raws[k] = n.raw
	}
	return canonical(raws)
}
