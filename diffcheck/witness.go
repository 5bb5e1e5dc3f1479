package diffcheck

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/validate/rules"
	"github.com/mcpschema/mcpschema/validate/schema"
)

// target is a place in the rejecting schema where a witness must fail:
// the keyword at ptr or anything under it (exact: ptr itself only, as
// `not` and `false` report at the schema that holds them).
type target struct {
	ptr   string
	exact bool
}

// rejectTargets returns where out rejects values because of keyword kw.
func rejectTargets(out *node, kw string) []target {
	var names []string
	switch kw {
	case "", "$ref":
		return []target{{ptr: out.ptr}}
	case "not":
		return []target{{ptr: out.ptr, exact: true}}
	case "if":
		names = []string{"then", "else"}
	case "properties": // a member removed from a closed object
		names = []string{"additionalProperties", "unevaluatedProperties"}
	case "minimum", "exclusiveMinimum":
		names = []string{"minimum", "exclusiveMinimum"}
	case "maximum", "exclusiveMaximum":
		names = []string{"maximum", "exclusiveMaximum"}
	case "enum", "const":
		names = []string{"enum", "const"}
	case "minContains", "maxContains":
		names = []string{kw, "contains"}
	default:
		names = []string{kw}
	}
	var out2 []target
	for _, n := range names {
		if p, ok := out.kwPtr[n]; ok {
			out2 = append(out2, target{ptr: p})
		}
		for _, p := range out.kwAlso[n] {
			out2 = append(out2, target{ptr: p})
		}
	}
	if len(out2) == 0 {
		return []target{{ptr: out.ptr}}
	}
	return out2
}

// relevance rates a rejection: 2 when every error lies at a target, 1 when
// some do, 0 when none does (the value fails for another reason). root is
// the file pointer of the rejecting schema; error keywords are relative to it.
func relevance(errs []schema.InstanceError, targets []target, root string) int {
	hit, miss := false, false
	for _, e := range errs {
		if errorAt(e.Keyword, targets, root) {
			hit = true
		} else {
			miss = true
		}
	}
	switch {
	case hit && !miss:
		return 2
	case hit:
		return 1
	}
	return 0
}

func errorAt(keyword string, targets []target, root string) bool {
	// the engine names draft-07 `dependencies` "dependency" in keyword locations.
	alt := strings.ReplaceAll(keyword, "/dependency/", "/dependencies/")
	for _, t := range targets {
		rel, ok := strings.CutPrefix(t.ptr, root)
		if !ok || (rel != "" && rel[0] != '/') {
			return true // outside the schema root: nothing to compare with
		}
		for _, k := range []string{keyword, alt} {
			if k == rel || (!t.exact && strings.HasPrefix(k, rel+"/")) || (!t.exact && rel == "") {
				return true
			}
		}
	}
	return false
}

// maxTries bounds the candidate values tried for one witness.
const maxTries = 48

// witnessSearch holds what the witnesses of one schema pair share.
type witnessSearch struct {
	ic, oc *schema.Checked
	in     *side
	out    *side
	// seeds are values out accepts: a candidate laid over one satisfies the
	// rest of out, so out rejects it for the change alone.
	seeds []any
}

func (c *comparer) newWitnessSearch(in, out *side) *witnessSearch {
	ws := &witnessSearch{ic: c.eng.Check(in.raw), oc: c.eng.Check(out.raw), in: in, out: out}
	if !ws.ic.Complete || !ws.oc.Complete {
		return ws
	}
	eachCandidate(out.node, func(v any) bool {
		if _, isObj := v.(map[string]any); isObj && accepts(ws.oc, v) == yes {
			ws.seeds = append(ws.seeds, v)
		}
		return len(ws.seeds) < 2
	})
	return ws
}

// witness searches a value in accepts and out rejects at the change's own
// keyword, both verdicts from the validator. It prefers values out rejects
// for that keyword alone.
func (ws *witnessSearch) witness(ch change) (any, string) {
	if !ws.ic.Complete || !ws.oc.Complete {
		return nil, "a schema is not complete offline, with an external reference or a bound, so the validator cannot confirm one"
	}
	cands := append([]any(nil), ch.locals...)
	cands = append(cands, genCandidates(ch.in)...)
	cands = dedupValues(cands)
	tries := 0
	var best any
	bestScore := 0
	try := func(v any) {
		tries++
		if accepts(ws.ic, v) != yes {
			return
		}
		errs, ok := ws.oc.Validate(v)
		if !ok || len(errs) == 0 {
			return
		}
		if sc := relevance(errs, ch.reject, ws.out.ptr); sc > bestScore {
			best, bestScore = v, sc
		}
	}
	for _, local := range cands {
		if tries >= maxTries || bestScore == 2 {
			break
		}
		v, ok := genAt(ws.in.node, ch.path, local, 0)
		if !ok {
			continue
		}
		try(v)
		for _, seed := range ws.seeds {
			if tries >= maxTries || bestScore == 2 {
				break
			}
			if o := overlay(seed, v, 0); canonical(o) != canonical(v) {
				try(o)
			}
		}
	}
	if best != nil {
		return best, ""
	}
	return nil, ""
}

// overlay lays v over seed: objects merge member by member (v wins), any
// other value replaces the seed.
func overlay(seed, v any, depth int) any {
	so, ok1 := seed.(map[string]any)
	vo, ok2 := v.(map[string]any)
	if !ok1 || !ok2 || depth > genDepth {
		return v
	}
	out := make(map[string]any, len(so)+len(vo))
	for k, x := range so {
		out[k] = x
	}
	for k, x := range vo {
		out[k] = overlay(so[k], x, depth+1)
	}
	return out
}

// report turns the judge's changes into findings with witnesses. A
// breaking change without a witness stays an error only when it is certain
// by construction; otherwise it is a warning that says it may break.
func (c *comparer) report(j *judge, b, h *side) {
	in, out := b, h
	if j.dir == dirOutput {
		in, out = h, b
	}
	var ws *witnessSearch
	for _, ch := range onePerChange(j.changes) {
		d := draft{rule: ch.rule, severity: ch.severity, tool: h.tool, at: loc{file: h.tool.file, ptr: ch.headPtr},
			base: &loc{file: b.tool.file, ptr: ch.basePtr}, removed: ch.removed, before: ch.before, after: ch.after, msg: ch.msg,
			incomplete: ch.rule == RuleInputUndecidable || ch.rule == RuleOutputUndecidable}
		if !ch.benign {
			if ws == nil {
				ws = c.newWitnessSearch(in, out)
			}
			w, why := ws.witness(ch)
			d.witness = w
			if w != nil && ch.proven != "" {
				d.msg = ch.proven
			}
			if w != nil && d.severity < rules.Error && !ch.interop {
				// a break the validator confirms is an error, whatever the keyword.
				d.severity = rules.Error
			}
			switch {
			case w != nil && j.dir == dirInput:
				d.msg += fmt.Sprintf("; for example %s is accepted at base and rejected at head", witnessText(w))
			case w != nil:
				d.msg += fmt.Sprintf("; for example head admits %s, which base rejects", witnessText(w))
			case ch.certain:
				if why == "" {
					why = "no value tried is rejected because of this change"
				}
				d.msg += "; no witness could be confirmed (" + why + "), but the break follows from the change itself"
			default:
				downgrade := d.severity == rules.Error
				d.msg += "; " + noWitness(j.dir, why, downgrade)
				if downgrade {
					d.severity = rules.Warning
				}
			}
		}
		// the output policy applies last, after a witness made the finding
		// an error: an output that only gains a member or a value is a
		// warning unless the config asks for strict outputs.
		if ch.additive && !c.strictOutputs && d.severity == rules.Error {
			d.severity = rules.Warning
		}
		c.add(d)
	}
}

// onePerChange keeps one change per place and value: a $defs entry used at
// several places of one tool is judged at each, but changed once. The kept
// change names the other places it applies at.
func onePerChange(changes []change) []change {
	type key struct{ rule, head, base, before, after string }
	first := map[key]int{}
	var out []change
	var also [][]string
	for _, ch := range changes {
		base := ch.basePtr
		if !ch.removed && ch.before == nil {
			// something added at head has no place of its own at base: basePtr
			// is where each use of a shared entry was, one change all the same.
			base = ""
		}
		k := key{ch.rule.ID, ch.headPtr, base, canonical(ch.before), canonical(ch.after)}
		if i, ok := first[k]; ok {
			if w := where(ch.path); w != where(out[i].path) && len(also[i]) < 5 {
				also[i] = append(also[i], strings.TrimPrefix(w, "at "))
			}
			continue
		}
		first[k] = len(out)
		out = append(out, ch)
		also = append(also, nil)
	}
	for i := range out {
		if len(also[i]) > 0 {
			note := "; the schema is also used at " + strings.Join(also[i], ", ") + ", where the same change applies"
			out[i].msg += note
			if out[i].proven != "" {
				out[i].proven += note
			}
		}
	}
	return out
}

// noWitness says that no witness was found; downgraded says the finding
// became a warning for that reason.
func noWitness(dir direction, why string, downgraded bool) string {
	what := "no value tried is accepted at base and rejected at head because of this change"
	if dir == dirOutput {
		what = "no value tried is admitted by head and rejected by base because of this change"
	}
	if why != "" {
		what = why
	}
	if downgraded {
		return "it may break, but it is a warning, not an error, since no witness could be confirmed: " + what
	}
	return "no witness could be confirmed: " + what
}
