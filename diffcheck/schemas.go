package diffcheck

import (
	"encoding/json"
	"fmt"

	"github.com/mcpschema/mcpschema/validate/rules"
	"github.com/mcpschema/mcpschema/validate/schema"
	"github.com/mcpschema/mcpschema/validate/source"
)

// side is one normalised schema of a tool.
type side struct {
	tool *toolRef
	ptr  string
	raw  any
	node *node
	// acts: the tool has no schema there (or true); raw is what it acts as.
	acts bool
}

// sideOf returns the normalised schema of a tool under key; status says
// why there is none.
func sideOf(t *toolRef, key string) (*side, schemaStatus) {
	ptr, raw, status := schemaOf(t, key)
	if status != schemaUsable {
		return nil, status
	}
	n := normalize(t.file.Root, ptr)
	if n == nil {
		return nil, schemaUnusable
	}
	return &side{tool: t, ptr: ptr, raw: raw, node: n}, schemaUsable
}

// compareInputs judges the inputSchemas of a pair. A head schema that is
// not a schema object is left to validation (mcp.tool.input-schema.required),
// which reports it as an error already.
func (c *comparer) compareInputs(p pair) {
	b, bs := sideOf(p.base, "inputSchema")
	h, hs := sideOf(p.head, "inputSchema")
	bok, hok := bs == schemaUsable, hs == schemaUsable
	switch {
	case bok && hok:
		j := newJudge(dirInput)
		j.sub(b.node, h.node, nil)
		c.report(j, b, h)
		c.unjudgedRefs(j, b, h)
	case hok:
		c.compareBaseNotSchema(p, h)
	case bok && hs == schemaAbsent:
		c.add(draft{rule: RuleInputSchemaRemoved, tool: p.head, at: loc{file: p.head.file, ptr: p.head.tool.Pointer},
			base: &loc{file: p.base.file, ptr: b.ptr}, removed: true, before: canonical(b.raw),
			msg: fmt.Sprintf("inputSchema of tool %q was removed: what the tool accepts is unknown now, so the change cannot be judged; restore it", p.head.name())})
	}
}

// compareOutputs judges the outputSchemas of a pair. A head schema that is
// not a schema object is left to validation (mcp.tool.output-schema.object).
func (c *comparer) compareOutputs(p pair) {
	b, bs := sideOf(p.base, "outputSchema")
	h, hs := sideOf(p.head, "outputSchema")
	bok, hok := bs == schemaUsable, hs == schemaUsable
	switch {
	case bok && hok:
		j := newJudge(dirOutput)
		j.sub(h.node, b.node, nil)
		c.report(j, b, h)
		c.unjudgedRefs(j, b, h)
	case bok && hs == schemaAbsent:
		w, note := c.outputRemovedWitness(b)
		d := draft{rule: RuleOutputSchemaRemoved, tool: p.head, at: loc{file: p.head.file, ptr: p.head.tool.Pointer},
			base: &loc{file: p.base.file, ptr: b.ptr}, removed: true, before: canonical(b.raw), witness: w,
			msg: fmt.Sprintf("outputSchema of tool %q was removed: structuredContent is no longer promised to have any shape%s; restore it", p.head.name(), note)}
		if w == nil {
			// base may admit everything: not certain to break anyone.
			d.severity = rules.Warning
		}
		c.add(d)
	case hok:
		c.add(draft{rule: RuleOutputSchemaAdded, tool: p.head, at: loc{file: p.head.file, ptr: h.ptr}, after: canonical(h.raw),
			msg: fmt.Sprintf("outputSchema of tool %q was added: the server now promises structuredContent of that shape", p.head.name())})
	}
}

type verdict int

const (
	unknown verdict = iota
	yes
	no
)

func accepts(cs *schema.Checked, v any) verdict {
	errs, ok := cs.Validate(v)
	switch {
	case !ok:
		return unknown
	case len(errs) == 0:
		return yes
	}
	return no
}

// outputRemovedWitness finds a value the base outputSchema rejects: with no
// head schema, head admits anything.
func (c *comparer) outputRemovedWitness(b *side) (any, string) {
	bc := c.eng.Check(b.raw)
	if !bc.Complete {
		return nil, " (it may break, but it is a warning, not an error, since no witness could be confirmed: the base schema is not complete offline)"
	}
	for _, v := range []any{"unexpected", json.Number("0"), nil, map[string]any{freshKey: true}, []any{}, map[string]any{}} {
		if accepts(bc, v) == no {
			return v, fmt.Sprintf(" (for example %s, which base rejects)", display(v))
		}
	}
	return nil, " (it may break, but it is a warning, not an error, since no witness could be confirmed: no value tried is rejected by the base schema)"
}

// anyArguments is the schema a base tool with no inputSchema, or true,
// acts as: MCP arguments are a JSON object (tools/call params.arguments),
// and any object was accepted.
func anyArguments() map[string]any { return map[string]any{"type": "object"} }

// compareBaseNotSchema judges a head inputSchema against a base tool
// whose inputSchema is no schema object (issue 19 item 4). Missing or
// true, it accepted any arguments object, and is compared as that;
// false accepted nothing, so nothing can break. Any other value (null, a
// string, a number, a reference that selects nothing) cannot be
// interpreted: unless head accepts every arguments object, which rules a
// break out, the change is reported as not compared, an error.
func (c *comparer) compareBaseNotSchema(p pair, h *side) {
	v, present := p.base.tool.Value["inputSchema"]
	ptr := p.base.tool.Pointer
	if present {
		ptr = source.Join(ptr, "inputSchema")
	}
	what := "had no inputSchema"
	switch x := v.(type) {
	case bool:
		if !x {
			return
		}
		what = "had inputSchema true"
	case nil:
		if present {
			what = ""
		}
	default:
		what = ""
	}
	acts := &side{tool: p.base, ptr: ptr, raw: anyArguments(), acts: true,
		node: &node{ptr: ptr, types: tObject, kwPtr: map[string]string{}, raw: anyArguments()}}
	if what == "" {
		if newJudge(dirInput).covers(acts.node, h.node) {
			return
		}
		c.add(draft{rule: RuleInputUndecidable, severity: rules.Error, tool: p.head, at: loc{file: p.head.file, ptr: h.ptr},
			base: &loc{file: p.base.file, ptr: ptr}, before: canonical(v), after: canonical(h.raw), incomplete: true,
			msg: fmt.Sprintf("inputSchema of tool %q was not compared: at base it is %s, no schema, so what the tool accepted is unknown and a breaking change cannot be ruled out; review it by hand, and accept it with an ignore with a reason", p.head.name(), notSchema(v))})
		return
	}
	first := len(c.findings)
	j := newJudge(dirInput)
	j.sub(acts.node, h.node, nil)
	c.report(j, acts, h)
	c.unjudgedRefs(j, acts, h)
	for i := first; i < len(c.findings); i++ {
		c.findings[i].Message += fmt.Sprintf("; tool %q %s at base, so it accepted any arguments object", p.head.name(), what)
	}
}

// notSchema describes a base inputSchema that is no schema object.
func notSchema(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "a reference that selects nothing"
	case bool:
		return "a boolean"
	}
	return "a number"
}

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
	inRefs, outRefs := br, hr
	if j.dir == dirOutput {
		inRefs, outRefs = hr, br
	}
	rule := RuleInputUndecidable
	if j.dir == dirOutput {
		rule = RuleOutputUndecidable
	}
	emit := func(key string, headPtr string, removed bool, basePtr, why string) {
		c.add(draft{rule: rule, tool: h.tool, at: loc{file: h.tool.file, ptr: headPtr}, base: &loc{file: b.tool.file, ptr: basePtr},
			removed: removed, before: key, incomplete: true,
			msg: fmt.Sprintf("the change of external $ref %q cannot be judged offline: %s; inline the definition under $defs, or accept it with an ignore with a reason", key, why)})
	}
	for _, k := range sortedKeys(outRefs) {
		o := outRefs[k]
		i, shared := inRefs[k]
		if shared && (o.plain || !i.plain) {
			continue
		}
		if j.dir == dirInput {
			emit(k, o.ptr, false, b.ptr, "head adds it where it may reject values base accepted")
		} else {
			emit(k, h.ptr, true, o.ptr, "base constrained the result with it, and head may admit values it rejected")
		}
	}
	for _, k := range sortedKeys(inRefs) {
		i := inRefs[k]
		o, shared := outRefs[k]
		if i.plain || (shared && !o.plain) {
			continue
		}
		if j.dir == dirInput {
			emit(k, h.ptr, true, i.ptr, "base had it where removing or moving it may narrow what is accepted")
		} else {
			emit(k, i.ptr, false, b.ptr, "head adds it where it may admit values base rejected")
		}
	}
}
