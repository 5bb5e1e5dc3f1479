package diffcheck

import (
	"fmt"
	"math/big"
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
			taken := false
			for _, o := range ob {
				if j.covers(one, o) {
					taken = true
					break
				}
			}
			if !taken {
				missing = append(missing, v)
			}
		}
		if len(missing) == 0 {
			continue
		}
		head, base := j.headBase(in, out)
		c := change{path: path, before: base.enum, after: nil, locals: missing, reject: rejectTargets(out, kw)}
		if j.dir == dirInput {
			c.rule = RuleInputEnumValueRemoved
			c.headPtr, c.basePtr = head.at(kw), base.at(enumKw(base))
			c.msg = fmt.Sprintf("%s %s was rewritten as %s, and no branch takes %s: calls sending it are rejected; add a branch that accepts it", enumKw(base), where(path), kw, quoteList(missing))
		} else {
			c.rule = RuleOutputEnumValueAdded
			c.before, c.after = nil, head.enum
			c.headPtr, c.basePtr = head.at(enumKw(head)), base.at(kw)
			c.msg = fmt.Sprintf("%s %s now allows %s, which no branch of the base %s took: consumers may not handle the new value; make sure they do", enumKw(head), where(path), quoteList(missing), kw)
		}
		j.emit(c, in, out, kw)
	}
}
