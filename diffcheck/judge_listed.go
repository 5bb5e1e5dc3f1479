package diffcheck

import "math/big"

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
