package diffcheck

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
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
		// anywhere in out: its keywords may be written elsewhere (the
		// target of a $ref it stands for)
		ts := []target{{ptr: out.ptr}}
		for _, k := range sortedKeys(out.kwPtr) {
			if p := out.kwPtr[k]; !strings.HasPrefix(p, out.ptr+"/") && p != out.ptr {
				ts = append(ts, target{ptr: p})
			}
		}
		return ts
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

// relevance rates a rejection: 2 when every reason lies at a target, 1 when
// some do, 0 when none does (the value fails for another reason). root is
// the file pointer of the rejecting schema; reason keywords are relative to
// it. A union no branch matched counts by its best branch: the value is
// rejected because of the change when the branch that changed rejects it
// there, whatever the other branches reject it for; when the union keyword
// itself is the change (a branch removed), any branch's reasons do. A oneOf
// that several branches matched is a reason at the oneOf keyword.
func relevance(rs []schema.Reason, targets []target, root string) int {
	hit, miss := false, false
	for _, r := range rs {
		sc := 0
		switch {
		case len(r.Alternatives) == 0:
			if errorAt(r.Keyword, targets, root) {
				sc = 2
			}
		case errorAt(r.Keyword, loose(targets), root):
			sc = 2 // no branch matched, and the union itself changed
		default:
			for _, alt := range r.Alternatives {
				if s := relevance(alt, targets, root); s > sc {
					sc = s
				}
			}
		}
		switch sc {
		case 2:
			hit = true
		case 1:
			hit, miss = true, true
		default:
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

// loose returns the targets that take the keywords under them too.
func loose(targets []target) []target {
	var out []target
	for _, t := range targets {
		if !t.exact {
			out = append(out, t)
		}
	}
	return out
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
	// stop reports whether the search must end now (the run's context is
	// done); nil: never.
	stop func() bool
	in   *side
	out  *side
	// seeds are values out accepts: a candidate laid over one satisfies the
	// rest of out, so out rejects it for the change alone.
	seeds []any
	// inSeeds are values in accepts (found once, when first needed): a
	// candidate put in its place inside one meets the rest of in, where
	// the values genAtVariant builds around it may not (a contains elsewhere in
	// the array, a pattern the generator misses).
	inSeeds    []any
	inSeedsSet bool
}

// maxTransplants bounds the candidates put into in's own values for one
// change.
const maxTransplants = 12

// acceptedSeeds returns up to two values in accepts: its richest value
// and its first candidates.
func (ws *witnessSearch) acceptedSeeds() []any {
	if ws.inSeedsSet {
		return ws.inSeeds
	}
	ws.inSeedsSet = true
	var cands []any
	if v, ok := genRich(ws.in.node, 0); ok {
		cands = append(cands, v)
	}
	n := 0
	eachCandidate(ws.in.node, func(v any) bool {
		cands = append(cands, v)
		n++
		return n < 3
	})
	for _, v := range dedupValues(cands) {
		if len(ws.inSeeds) >= 2 || ws.stop != nil && ws.stop() {
			break
		}
		if accepts(ws.ic, v) == yes {
			ws.inSeeds = append(ws.inSeeds, v)
		}
	}
	return ws.inSeeds
}

// transplant puts local at path inside seed, a value of n: a member set
// or added, an element replaced (at a prefixItems position of n) or
// appended (beyond them, where items apply to every element).
func transplant(n *node, seed any, path []step, local any) (any, bool) {
	if len(path) == 0 {
		return local, true
	}
	s := path[0]
	switch x := seed.(type) {
	case map[string]any:
		if s.kind == 'i' {
			return nil, false
		}
		key := s.key
		var child *node
		if n != nil {
			child, _, _ = undeclaredSchema(n, key)
			if p, ok := n.props[key]; ok {
				child = p
			}
		}
		if s.kind == 'a' && n != nil {
			key = freshName(n)
		}
		cur, had := x[key]
		if !had && len(path) > 1 {
			return nil, false
		}
		v, ok := transplant(child, cur, path[1:], local)
		if !ok {
			return nil, false
		}
		m := make(map[string]any, len(x)+1)
		for k, e := range x {
			m[k] = e
		}
		m[key] = v
		return m, true
	case []any:
		if s.kind != 'i' || n == nil {
			return nil, false
		}
		a := append([]any(nil), x...)
		if s.index >= len(n.prefix) && len(path) == 1 {
			return append(a, local), true
		}
		if s.index >= len(x) {
			return nil, false
		}
		v, ok := transplant(n.itemSchema(s.index), x[s.index], path[1:], local)
		if !ok {
			return nil, false
		}
		a[s.index] = v
		return a, true
	}
	return nil, false
}

func (c *comparer) newWitnessSearch(in, out *side) *witnessSearch {
	inRaw, outRaw := in.raw, out.raw
	if allMonotone(schemaRefs(inRaw, "")) && allMonotone(schemaRefs(outRaw, "")) {
		// what in surely accepts, and what out may accept: a value the
		// first accepts and the second rejects is a witness whatever the
		// unresolved references say (see opaque.go).
		inRaw, outRaw = acceptedPart(inRaw), knownPart(outRaw)
	}
	ws := &witnessSearch{ic: c.eng.Check(inRaw), oc: c.eng.Check(outRaw), in: in, out: out, stop: c.interrupted}
	if !ws.ic.Complete || !ws.oc.Complete {
		return ws
	}
	eachCandidate(out.node, func(v any) bool {
		if _, isObj := v.(map[string]any); isObj && accepts(ws.oc, v) == yes {
			ws.seeds = append(ws.seeds, v)
		}
		return len(ws.seeds) < 2 && !c.interrupted()
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
	var cands []any
	limit, variants := maxTries, genVariants
	// placed: the listed values some value in accepts carried (exhaustive)
	placed := map[string]bool{}
	local := any(nil)
	if ch.exhaustive {
		// every listed value, in its place through a few branches (and
		// over each seed)
		cands = dedupValues(append([]any(nil), ch.locals...))
		limit, variants = len(cands)*4*(1+len(ws.seeds)), 4
	} else {
		// no more than the tries can take (a list of 100,000 values is
		// not copied whole), each value once
		for v := range distinctCandidates(ch.locals, ch.in) {
			cands = append(cands, v)
			if len(cands) >= len(ch.locals)+maxTries {
				break
			}
		}
	}
	tries := 0
	tried := map[string]bool{}
	var best any
	bestScore := 0
	try := func(v any) {
		tries++
		if ws.stop != nil && ws.stop() {
			tries = limit // interrupted: no further candidate is tried
			return
		}
		if accepts(ws.ic, v) != yes {
			return
		}
		if ch.exhaustive {
			placed[canonical(local)] = true
		}
		rs, ok := ws.oc.Reasons(v)
		if !ok || len(rs) == 0 {
			return
		}
		if sc := relevance(rs, ch.reject, ws.out.ptr); sc > bestScore {
			best, bestScore = v, sc
		}
	}
	for _, l := range cands {
		local = l
		if tries >= limit || bestScore == 2 {
			break
		}
		for variant, last := 0, ""; variant < variants; variant++ {
			if tries >= limit || bestScore == 2 {
				break
			}
			// the variants steer the value into each branch of the unions
			// on the way: the one that changed may not be the first.
			v, ok := genAtVariant(ws.in.node, ch.path, local, 0, variant)
			if !ok {
				continue
			}
			cv := canonical(v)
			if variant > 0 && (cv == last || tried[cv]) {
				continue
			}
			last = cv
			tried[cv] = true
			try(v)
			for _, seed := range ws.seeds {
				if tries >= limit || bestScore == 2 {
					break
				}
				if o := overlay(seed, v, 0); canonical(o) != cv {
					try(o)
				}
			}
		}
	}
	if bestScore < 2 && len(ch.path) > 0 {
		moved, most := 0, maxTransplants
		if ch.exhaustive {
			most = 2 * len(cands)
		}
		for _, l := range cands {
			local = l
			if moved >= most || bestScore == 2 || ws.stop != nil && ws.stop() {
				break
			}
			for _, seed := range ws.acceptedSeeds() {
				if v, ok := transplant(ws.in.node, seed, ch.path, local); ok && !tried[canonical(v)] && moved < most {
					tried[canonical(v)] = true
					moved++
					try(v)
				}
			}
		}
	}
	if best != nil {
		return best, ""
	}
	if ws.stop != nil && ws.stop() {
		return nil, "the run was interrupted before a witness was found"
	}
	if ch.exhaustive && len(placed) < len(cands) {
		// a listed value no value base accepts carried was not checked:
		// the change is not proven harmless
		return nil, "some listed values could not be checked in a value the other side accepts"
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
// by construction; otherwise it is a warning that says it may break. When
// no change has a confirmed witness and the schemas differ, the generic
// search (witness_generic.go) looks for one in the pair as a whole: it
// confirms a change that had none, or becomes a finding of its own.
func (c *comparer) report(j *judge, b, h *side) {
	in, out := inOut(j.dir, b, h)
	var ws *witnessSearch
	search := func() *witnessSearch {
		if ws == nil {
			ws = c.newWitnessSearch(in, out)
		}
		return ws
	}
	changes := onePerChange(j.changes)
	type found struct {
		w   any
		why string
	}
	res := make([]found, len(changes))
	confirmed := false
	for i, ch := range changes {
		if ch.benign || isUndecidable(ch) {
			continue
		}
		switch {
		case c.interrupted():
			// Ctrl-C: no search starts, and the pipeline reports the
			// run as interrupted, never this finding as a result.
			res[i].why = "the run was interrupted before a witness was searched"
		case c.eng != nil && c.eng.Spent():
			// each search builds and validates values as large as the
			// schema: past the run's deadline none starts (the run
			// reports the diff cut short, mcpschema.file.time-budget).
			res[i].why = "the run's time budget ran out before a witness was searched"
		default:
			res[i].w, res[i].why = search().witness(ch)
		}
		if res[i].w != nil && !ch.interop {
			confirmed = true
		}
	}
	var gens []genericWitness
	// (a change that cannot be judged fails the gate closed already)
	if !confirmed && !j.undecided && !c.interrupted() && (c.eng == nil || !c.eng.Spent()) && canonical(in.raw) != canonical(out.raw) &&
		!(noBreakJudged(changes) && exactlyJudged(in.raw, isDraft7(in.raw), 0) && exactlyJudged(out.raw, isDraft7(out.raw), 0)) {
		gens = search().generic()
	}
	used := make([]bool, len(gens))
	for i, ch := range changes {
		if res[i].w != nil || ch.benign || isUndecidable(ch) || len(gens) == 0 {
			continue
		}
		if g := genericWitnessFor(gens, ch, ws.out.ptr); g >= 0 {
			res[i].w, res[i].why = gens[g].value, ""
			used[g] = true
			confirmed = confirmed || !ch.interop
		}
	}
	for i, ch := range changes {
		undecidable := isUndecidable(ch)
		d := draft{rule: ch.rule, severity: ch.severity, tool: h.tool, at: loc{file: h.tool.file, ptr: ch.headPtr},
			base: &loc{file: b.tool.file, ptr: ch.basePtr}, removed: ch.removed, before: ch.before, after: ch.after, msg: ch.msg,
			incomplete: undecidable}
		if !ch.benign && !undecidable {
			w, why := res[i].w, res[i].why
			if w == nil && (ch.speculative || ch.exhaustive && why == "" || ch.gap && confirmed) {
				// a suspicion no value confirms, a list of values each of
				// which head still accepts, or a doubt beside a break
				// confirmed elsewhere: nothing to report.
				continue
			}
			d.witness = w
			if w != nil && ch.proven != "" {
				d.msg = ch.proven
			}
			if w != nil && d.severity < rules.Error && !ch.interop {
				// a break the validator confirms is an error, whatever the keyword.
				d.severity = rules.Error
			}
			switch {
			case w != nil:
				d.msg += fmt.Sprintf(forExample.of(j.dir), witnessText(w))
			case ch.certain && ch.hedge != "":
				// certain on the known keywords; the reference may already
				// have rejected the values, so the report is not complete.
				d.incomplete = true
				d.msg += "; " + hedged(j.dir, ch.hedge)
			case ch.certain:
				if why == "" {
					why = "no value tried is rejected because of this change"
				}
				d.msg += "; no witness could be confirmed (" + why + "), but the break follows from the change itself"
			default:
				if ch.hedge != "" && why == "" {
					why = hedgedWhy(j.dir, ch.hedge)
					d.incomplete = true
				}
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
	// generic witnesses no change took: one finding each, at the keyword
	// that rejects it (one per rule and place).
	seen := map[string]bool{}
	for g := range gens {
		if used[g] || relevantToSome(gens[g], changes, ws.out.ptr) {
			// a break a change already names (with a witness of its own)
			continue
		}
		d := c.genericDraft(j.dir, in, out, b, h, gens[g])
		if k := d.rule.ID + "\x00" + d.at.ptr; !seen[k] {
			seen[k] = true
			c.add(d)
		}
	}
}

// relevantToSome reports whether out rejects a generic witness, in part
// at least, where a change says it rejects.
func relevantToSome(g genericWitness, changes []change, root string) bool {
	for _, ch := range changes {
		if !ch.benign && !isUndecidable(ch) && relevance(g.reasons, ch.reject, root) > 0 {
			return true
		}
	}
	return false
}

// noBreakJudged reports whether the judge found nothing that may break.
func noBreakJudged(changes []change) bool {
	for _, ch := range changes {
		if !ch.benign {
			return false
		}
	}
	return true
}

// inexactKeywords are the keywords the judge does not compare exactly: a
// oneOf's options may overlap, not and if/then/else are judged when they
// change but not against everything beside them, unevaluated* depend on
// what other keywords evaluate, contains and patternProperties are judged
// on sample values, dependencies on their triggers, dynamic references
// not at all. Where neither schema of a pair uses one, a judge that finds
// nothing has proven the change harmless by construction (type, enum and
// const, bounds, lengths, counts, properties and required,
// additionalProperties, items and prefixItems, anyOf, allOf, local $ref
// are compared keyword by keyword), and the generic search is not run.
var inexactKeywords = map[string]bool{"oneOf": true, "not": true, "if": true, "then": true, "else": true,
	"unevaluatedProperties": true, "unevaluatedItems": true, "contains": true, "patternProperties": true,
	"propertyNames": true, "dependentSchemas": true, "dependencies": true, "$dynamicRef": true, "$recursiveRef": true}

// exactlyJudged reports whether a schema uses none of inexactKeywords, no
// reference outside it and, in draft-07, no keyword beside a $ref (the
// judge ignores them as draft-07 says; the validator applies them).
func exactlyJudged(v any, draft7 bool, depth int) bool {
	if depth > 64 {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		if _, ref := x["$ref"]; ref && draft7 && !onlyAnnotations(x, "$ref") {
			return false
		}
		for k, e := range x {
			if inexactKeywords[k] {
				return false
			}
			if k == "$ref" {
				if r, ok := e.(string); !ok || !strings.HasPrefix(r, "#") {
					return false
				}
			}
			if valueKeys[k] || !isContainer(e) {
				continue
			}
			if !exactlyJudged(e, draft7, depth+1) {
				return false
			}
		}
	case []any:
		for _, e := range x {
			if isContainer(e) && !exactlyJudged(e, draft7, depth+1) {
				return false
			}
		}
	}
	return true
}

func isUndecidable(ch change) bool {
	return ch.rule == RuleInputUndecidable || ch.rule == RuleOutputUndecidable
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

// What the witness search says, per direction.
var (
	// forExample follows a finding's message with its witness.
	forExample = sides[string]{
		in:  "; for example %s is accepted at base and rejected at head",
		out: "; for example head admits %s, which base rejects",
	}
	// noneTried says that no value tried is a witness.
	noneTried = sides[string]{
		in:  "no value tried is accepted at base and rejected at head because of this change",
		out: "no value tried is admitted by head and rejected by base because of this change",
	}
	// hedgedText and hedgedWhyText take the unresolved reference of the
	// accepting side (see hedged, hedgedWhy).
	hedgedText = sides[string]{
		in:  "no witness could be confirmed, since base also requires external $ref %q, which is not fetched; the break follows from the change itself unless that reference already rejected those values",
		out: "no witness could be confirmed, since head also requires external $ref %q, which is not fetched; the break follows from the change itself unless that reference rejects those values",
	}
	hedgedWhyText = sides[string]{
		in:  "base also requires external $ref %q, which is not fetched, so no value can be shown to be accepted at base",
		out: "head also requires external $ref %q, which is not fetched, so no value can be shown to be admitted by head",
	}
)

// noWitness says that no witness was found; downgraded says the finding
// became a warning for that reason.
func noWitness(dir direction, why string, downgraded bool) string {
	what := noneTried.of(dir)
	if why != "" {
		what = why
	}
	if downgraded {
		return "it may break, but it is a warning, not an error, since no witness could be confirmed: " + what
	}
	return "no witness could be confirmed: " + what
}

// hedged says why a break that is certain on the known keywords has no
// witness: the accepting side also requires an unresolved reference.
func hedged(dir direction, ref string) string { return fmt.Sprintf(hedgedText.of(dir), ref) }

// hedgedWhy is the reason no witness was found under an unresolved
// reference of the accepting side.
func hedgedWhy(dir direction, ref string) string { return fmt.Sprintf(hedgedWhyText.of(dir), ref) }

// usesUnevaluated reports whether a schema holds unevaluatedProperties or
// unevaluatedItems, which see what an unresolved reference evaluates:
// dropping the reference could then reject more, not less.
func usesUnevaluated(v any, depth int) bool {
	if depth > 256 {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x["unevaluatedProperties"]; ok {
			return true
		}
		if _, ok := x["unevaluatedItems"]; ok {
			return true
		}
		for k, e := range x {
			if !valueKeys[k] && isContainer(e) && usesUnevaluated(e, depth+1) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if isContainer(e) && usesUnevaluated(e, depth+1) {
				return true
			}
		}
	}
	return false
}
