package diffcheck

import "fmt"

// unjudgedRefs reports the unresolved references added, removed or moved
// that the judge could not weigh as a conjunct (in anyOf or oneOf
// branches, which it compares whole, under not, if, contains or a $defs
// entry; see refUse.plain), and those only quiet comparisons met: what
// cannot be judged fails closed, unless the judge reported a change it
// cannot judge already. A reference kept where it was no change; one
// added to an input, or removed from an output, is reported here; one
// removed from an input, or added to an output, only where it was not a
// plain conjunct (there it widens the input or narrows the output).
func (c *comparer) unjudgedRefs(j *judge, b, h *side) {
	if j.undecided {
		return
	}
	var br map[string]refUse
	if !b.acts {
		br = schemaRefs(b.tool.file.Root, b.ptr)
	}
	hr := schemaRefs(h.tool.file.Root, h.ptr)
	if len(br) == 0 && len(hr) == 0 {
		return
	}
	// narrowing: the side that must stay wider (in) and the other (out).
	inRefs, outRefs := inOut(j.dir, br, hr)
	inRoot, outRoot := inOut(j.dir, b.ptr, h.ptr)
	emit := func(v ruling, key, inPtr, outPtr string) {
		headPtr, basePtr := headBase(j.dir, inPtr, outPtr)
		c.add(draft{rule: v.rule, tool: h.tool, at: loc{file: h.tool.file, ptr: headPtr}, base: &loc{file: b.tool.file, ptr: basePtr},
			removed: v.removed, before: key, incomplete: true,
			msg: fmt.Sprintf("the change of external $ref %q cannot be judged offline: %s; inline the definition under $defs, or accept it with an ignore with a reason", key, v.msg)})
	}
	for _, k := range sortedKeys(outRefs) {
		o := outRefs[k]
		i, shared := inRefs[k]
		if shared && (o.plain || !i.plain) {
			continue
		}
		emit(outRef.of(j.dir), k, inRoot, o.ptr)
	}
	for _, k := range sortedKeys(inRefs) {
		i := inRefs[k]
		o, shared := outRefs[k]
		if i.plain || (shared && !o.plain) {
			continue
		}
		emit(inRef.of(j.dir), k, i.ptr, outRoot)
	}
}

// The references unjudgedRefs reports: msg is why the change may break.
var (
	// outRef: a reference only out has, or has where in's was plain.
	outRef = mirror{
		in:  ruling{rule: RuleInputUndecidable, msg: "head adds it where it may reject values base accepted"},
		out: ruling{rule: RuleOutputUndecidable, removed: true, msg: "base constrained the result with it, and head may admit values it rejected"},
	}
	// inRef: a reference of in that was no plain conjunct.
	inRef = mirror{
		in:  ruling{rule: RuleInputUndecidable, removed: true, msg: "base had it where removing or moving it may narrow what is accepted"},
		out: ruling{rule: RuleOutputUndecidable, msg: "head adds it where it may admit values base rejected"},
	}
)
