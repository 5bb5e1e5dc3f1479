package diffcheck

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/validate/schema"
	"github.com/mcpschema/mcpschema/validate/source"
)

// side is one normalised schema of a tool.
type side struct {
	tool *toolRef
	ptr  string
	raw  any
	node *node
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
	case bok && hs == schemaAbsent:
		w, note := c.outputRemovedWitness(b)
		c.add(draft{rule: RuleOutputSchemaRemoved, tool: p.head, at: loc{file: p.head.file, ptr: p.head.tool.Pointer},
			base: &loc{file: p.base.file, ptr: b.ptr}, removed: true, before: canonical(b.raw), witness: w,
			msg: fmt.Sprintf("outputSchema of tool %q was removed: structuredContent is no longer promised to have any shape%s; restore it", p.head.name(), note)})
	case hok:
		c.add(draft{rule: RuleOutputSchemaAdded, tool: p.head, at: loc{file: p.head.file, ptr: h.ptr}, after: canonical(h.raw),
			msg: fmt.Sprintf("outputSchema of tool %q was added: the server now promises structuredContent of that shape", p.head.name())})
	}
}

// report turns the judge's changes into findings with witnesses.
func (c *comparer) report(j *judge, b, h *side) {
	in, out := b, h
	if j.dir == dirOutput {
		in, out = h, b
	}
	for _, ch := range j.changes {
		d := draft{rule: ch.rule, severity: ch.severity, tool: h.tool, at: loc{file: h.tool.file, ptr: ch.headPtr},
			base: &loc{file: b.tool.file, ptr: ch.basePtr}, removed: ch.removed, before: ch.before, after: ch.after, msg: ch.msg}
		if !ch.benign {
			w, why := c.witness(ch, in, out)
			d.witness = w
			if w == nil {
				d.msg += "; " + why
			} else if j.dir == dirInput {
				d.msg += fmt.Sprintf("; for example %s is accepted at base and rejected at head", display(w))
			} else {
				d.msg += fmt.Sprintf("; for example head admits %s, which base rejects", display(w))
			}
		}
		c.add(d)
	}
}

// maxTries bounds the candidate values tried for one witness.
const maxTries = 16

// witness searches a value in accepts and out rejects, both verdicts from the validator.
func (c *comparer) witness(ch change, in, out *side) (any, string) {
	ic, oc := c.eng.Check(in.raw), c.eng.Check(out.raw)
	if !ic.Complete || !oc.Complete {
		return nil, "no witness: a schema is not complete offline (external reference or bound), so the validator cannot confirm one"
	}
	cands := append([]any(nil), ch.locals...)
	cands = append(cands, genCandidates(ch.in)...)
	cands = dedupValues(cands)
	tries := 0
	var best any
	bestScore := -1
	for _, local := range cands {
		if tries >= maxTries || bestScore == 2 {
			break
		}
		v, ok := genAt(in.node, ch.path, local, 0)
		if !ok {
			continue
		}
		tries++
		if accepts(ic, v) != yes {
			continue
		}
		errs, ok := oc.Validate(v)
		if !ok || len(errs) == 0 {
			continue
		}
		if sc := errorScore(errs, ch.path); sc > bestScore {
			best, bestScore = v, sc
		}
	}
	if best != nil {
		return best, ""
	}
	return nil, "no witness value could be built and verified with the validator, so this verdict rests on comparing the schemas"
}

// errorScore rates how well the rejection matches the change: 2 when an
// error lies at or under the changed place, 1 when at its parent, else 0.
func errorScore(errs []schema.InstanceError, path []step) int {
	p := instancePointer(path)
	parent := instancePointer(path[:max(len(path)-1, 0)])
	score := 0
	for _, e := range errs {
		switch {
		case e.Pointer == p || strings.HasPrefix(e.Pointer, p+"/"):
			return 2
		case e.Pointer == parent:
			score = 1
		}
	}
	return score
}

// instancePointer renders a path as a JSON Pointer into the witness.
func instancePointer(path []step) string {
	var b strings.Builder
	for _, s := range path {
		switch s.kind {
		case 'i':
			b.WriteString(source.JoinIndex("", s.index))
		case 'a':
			b.WriteString(source.Join("", freshKey))
		default:
			b.WriteString(source.Join("", s.key))
		}
	}
	return b.String()
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
		return nil, " (no witness: the base schema is not complete offline)"
	}
	for _, v := range []any{"unexpected", json.Number("0"), nil, map[string]any{freshKey: true}, []any{}, map[string]any{}} {
		if accepts(bc, v) == no {
			return v, fmt.Sprintf(" (for example %s, which base rejects)", display(v))
		}
	}
	return nil, " (no witness value could be verified)"
}
