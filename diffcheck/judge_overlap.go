package diffcheck

import "sort"

// maxOverlapOptions bounds the oneOf options whose pairs overlaps tries.
const maxOverlapOptions = 8

// maxOverlapLocals bounds the candidate values of one overlap change.
const maxOverlapLocals = 16

// overlaps judges the exclusiveness of out's oneOf: a value of a branch of
// in that matches two options of out is rejected by out (oneOf takes
// exactly one), so options that overlap where in's values lie break them.
// Whether two options overlap is not computed: candidates that satisfy
// both are built (each option folded with in's branch, then laid over
// each other, so members of sibling options combine), and the change is
// speculative: it is reported only when the validator confirms one, which
// also drops overlaps that were there at the other side already.
func (j *judge) overlaps(in, out *node, path []step, branches, ob []*node) {
	if len(ob) < 2 || len(ob) > maxOverlapOptions {
		return
	}
	var locals []any
	// values one branch of in takes and another rejects (in's own oneOf
	// takes them once), which out's options may now take twice.
	for i, b := range branches {
		for k, other := range branches {
			if k != i && len(locals) < maxOverlapLocals {
				locals = append(locals, exclusiveCandidates(b, other)...)
			}
		}
	}
	for _, b := range branches {
		for p := 0; p < len(ob) && len(locals) < 2*maxOverlapLocals; p++ {
			for q := p + 1; q < len(ob) && len(locals) < 2*maxOverlapLocals; q++ {
				locals = append(locals, bothCandidates(b, ob[p], ob[q])...)
			}
		}
	}
	locals = dedupValues(locals)
	// the smallest values first: they make the plainest witnesses.
	sort.SliceStable(locals, func(a, b int) bool { return len(canonical(locals[a])) < len(canonical(locals[b])) })
	if len(locals) == 0 {
		return
	}
	c := change{path: path, locals: locals, speculative: true, reject: []target{{ptr: out.at("oneOf"), exact: true}}}
	c.say(overlapping.of(j.dir), where(path))
	inPtr := in.ptr // an output's head value as a whole
	if j.dir == dirInput {
		inPtr = in.at("oneOf") // the base's own oneOf, if it had one
	}
	c.headPtr, c.basePtr = headBase(j.dir, inPtr, out.at("oneOf"))
	j.emit(c, in, out, "oneOf")
}

// overlapping: oneOf options of out that overlap on in's values; msg takes where.
var overlapping = mirror{
	in:  ruling{rule: RuleInputBranchRemoved, msg: "oneOf options %s overlap: a call matching two of them is rejected, where base accepted it; make the options exclusive (a distinct const on a member they share) or use anyOf"},
	out: ruling{rule: RuleOutputBranchAdded, msg: "head may return a value %s that matches two options of the base oneOf, which rejects it: consumers validating with the base contract fail; return values that match exactly one option"},
}

// bothCandidates returns values that probably satisfy b and both options
// o1 and o2. Objects: the members each option requires, laid over each
// other, under b's own members (all it declares, or only those it
// requires), so b's consts and members of sibling options combine. Other
// values: what each option folded with b gives.
func bothCandidates(b, o1, o2 *node) []any {
	fold := func(o *node) []any {
		m := *o
		if !merge(&m, b) {
			m = *o
		}
		var vals []any
		if v, ok := gen(&m, 1); ok {
			vals = append(vals, v)
		}
		if m.types.has(tArray) {
			// arrays with elements: an empty one meets every option
			for _, size := range []int{1, 2} {
				if v, ok := genArray(&m, size, 1); ok {
					vals = append(vals, v)
				}
			}
		}
		if m.types.norm() == tAll || len(m.types.list()) > 1 {
			// an option without one type: a value of each, for bounds
			// that only apply to some (exclusiveMinimum, minLength)
			for _, t := range []typeSet{tNumber, tString, tArray} {
				if v, ok := genType(&m, t, 1); ok {
					vals = append(vals, v)
				}
			}
		}
		return vals
	}
	if b.types.has(tObject) && o1.types.has(tObject) && o2.types.has(tObject) {
		r1, ok1 := genObject(o1, nil, 1)
		r2, ok2 := genObject(o2, nil, 1)
		if !ok1 || !ok2 {
			return nil
		}
		under := overlay(r1, r2, 0)
		var out []any
		full := map[string]any{}
		for _, k := range sortedKeys(b.props) {
			if v, ok := gen(b.props[k], 1); ok {
				full[k] = v
			}
		}
		if v, ok := genObject(b, full, 1); ok {
			out = append(out, overlay(under, v, 0))
		}
		if v, ok := genObject(b, nil, 1); ok {
			out = append(out, overlay(under, v, 0))
		}
		return out
	}
	var out []any
	for _, o := range []*node{o1, o2} {
		out = append(out, fold(o)...)
	}
	return out
}

// exclusiveCandidates returns values b probably accepts and other
// probably rejects: of a type other lacks, of a size beyond other's
// counts, a number beyond its bounds, a member of another type than
// other's member.
func exclusiveCandidates(b, other *node) []any {
	var out []any
	if lost := b.types.minus(other.types); lost != 0 {
		out = append(out, genOfTypes(b, lost, other.types)...)
	}
	for _, ck := range countKeywords {
		if ov, ok := other.counts[ck.name]; ok && b.types.has(countFamily(ck.name)) {
			out = append(out, countCandidates(b, ck.name, b.counts[ck.name], ov, ck.lower)...)
		}
	}
	intOnly := !b.types.has(tNumber)
	if other.min != nil {
		out = append(out, numberCandidates(b.min, other.min, true, intOnly)...)
	}
	if other.max != nil {
		out = append(out, numberCandidates(b.max, other.max, false, intOnly)...)
	}
	if b.types.has(tObject) {
		for _, k := range sortedKeys(other.props) {
			if len(out) >= maxOverlapLocals {
				break
			}
			op, bp := other.props[k], orTrue(b.propSchema(k))
			lost := bp.types.minus(op.types)
			if lost == 0 {
				continue
			}
			for _, v := range genOfTypes(bp, lost, op.types) {
				if obj, ok := genObject(b, map[string]any{k: v}, 1); ok {
					out = append(out, obj)
				}
			}
		}
	}
	strs := func(in, o *node) []any {
		if !in.types.has(tString) || !o.hasPattern && len(o.counts) == 0 && o.format == "" {
			return nil
		}
		vs := stringCandidates(in, o)
		return vs[:min(len(vs), 3)]
	}
	out = append(out, strs(b, other)...)
	if b.types.has(tArray) && other.items != nil {
		// an element of a type other's items do not take, or a string they reject
		bi := orTrue(b.itemSchema(0))
		if lost := bi.types.minus(other.items.types); lost != 0 {
			for _, v := range genOfTypes(bi, lost, other.items.types) {
				out = append(out, []any{v})
			}
		}
		for _, v := range strs(bi, other.items) {
			out = append(out, []any{v})
		}
	}
	if other.hasEnum {
		n := 0
		eachCandidate(b, func(v any) bool {
			if len(intersectValues([]any{v}, other.enum)) == 0 {
				out = append(out, v)
			}
			n++
			return n < 6
		})
	}
	if len(out) > maxOverlapLocals {
		out = out[:maxOverlapLocals]
	}
	return out
}
