package diffcheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// step is one element of an instance path.
type step struct {
	key   string
	index int
	// kind: 'p' a declared member, 'a' an undeclared member, 'x' a member a
	// patternProperties pattern takes (key is a name it matches), 'i' an array element.
	kind byte
}

// freshKey names the undeclared member a witness adds.
const freshKey = "unexpected_member"

// change is one judged difference between a pair of schemas. in is the
// node whose values must stay accepted by out.
type change struct {
	rule     *rules.Rule
	severity rules.Severity
	in, out  *node
	headPtr  string
	basePtr  string
	removed  bool // the head pointer is the nearest surviving ancestor
	path     []step
	before   any
	after    any
	msg      string
	// proven, when set, replaces msg once a witness is confirmed (msg hedges).
	proven string
	// locals are candidate values, at path, accepted by in and rejected by out.
	locals []any
	// benign: nothing is rejected (ignored argument, changed default), so no witness.
	benign bool
	// reject lists where out must reject a witness: the changed keyword
	// (file pointers into out's file). emit fills it from the keyword.
	reject []target
	// certain: the break follows from the change itself (a member became
	// required, a type or listed value was removed, a closed object lost a
	// member), so the finding stays an error when no witness is found.
	certain bool
	// speculative: the change is only a suspicion (oneOf options that may
	// overlap), reported only when the validator confirms a witness.
	speculative bool
	// exhaustive: locals are every value in accepts there (a finite list,
	// see listedRest): when the witness search tries them all and none is
	// a witness, the change is proven harmless and dropped.
	exhaustive bool
	// gap: the judge cannot tell whether the change rejects anything; it
	// may break when no witness is found, unless a break is confirmed
	// elsewhere in the pair.
	gap bool
	// interop: the change only excludes numbers beyond the interoperable
	// range (RFC 7493 §2.2), so it is a notice even with a witness.
	interop bool
	// hedge names an unresolved reference of the accepting side above the
	// change: the values the known keywords accept there may be rejected
	// by it, so without a witness the break is certain on the known
	// keywords only.
	hedge string
	// additive: an output change that only adds (a closed object gains a
	// member, an enum or const gains a value); see Options.StrictOutputs.
	additive bool
}

// judge compares two normalised schemas in one direction.
type judge struct {
	dir     direction
	quiet   bool
	changes []change
	seen    map[[2]*node]bool
	steps   *int
	// uncertain: the pair being judged is one branch of several, so no
	// change below it is certain by construction.
	uncertain bool
	// hedge: an unresolved reference of the accepting side (in) above the
	// pair being judged (see change.hedge).
	hedge string
	// undecided: a change that cannot be judged was reported (not in a
	// quiet judge), so the gate fails already.
	undecided bool
	// cut: the judge reached maxSteps or maxChanges and reported it once;
	// nothing further is judged or recorded.
	cut bool
}

// maxSteps bounds the node pairs one comparison visits.
const maxSteps = 20000

// maxChanges bounds the changes one judge (one tool pair, one side)
// records: each costs kilobytes of findings, witness search and report,
// so a pair of schemas that differ in 50,000 places (1.4 MB each) made
// the process peak at 392 MB. Past the bound one undecidable change says
// the rest was not judged, which fails the gate.
const maxChanges = 2000

func newJudge(dir direction) *judge {
	steps := 0
	return &judge{dir: dir, seen: map[[2]*node]bool{}, steps: &steps}
}

// headBase returns the head and base node of a pair.
func (j *judge) headBase(in, out *node) (head, base *node) { return headBase(j.dir, in, out) }

// covers reports whether out accepts every value in accepts, as far as the
// comparison can tell.
func (j *judge) covers(in, out *node) bool {
	q := &judge{dir: j.dir, quiet: true, seen: map[[2]*node]bool{}, steps: j.steps}
	q.sub(in, out, nil)
	for _, c := range q.changes {
		if !c.benign {
			return false
		}
	}
	return true
}

// equivalent reports whether two nodes accept the same values.
func (j *judge) equivalent(a, b *node) bool {
	return j.covers(a, b) && j.covers(b, a)
}

// emit records a change; kw names the keyword in head and base.
func (j *judge) emit(c change, in, out *node, kw string) {
	// a quiet judge (covers) only asks whether something breaks: a benign
	// change is not recorded, so it cannot end the comparison before a
	// breaking one is found.
	if j.quiet && (c.benign || len(j.changes) > 0) {
		return
	}
	if j.cut {
		return
	}
	if !j.quiet && len(j.changes) >= maxChanges {
		c, kw = j.undecidableChange(c.path, fmt.Sprintf("the schemas differ in more places than the %d changes judged per tool and side, so neither this change nor any later one is judged", maxChanges)), "$ref"
	}
	c.in, c.out = in, out
	if !j.quiet && (len(j.changes) >= maxChanges || *j.steps > maxSteps) {
		j.cut = true // this is the undecidable change that reports the bound
	}
	if j.uncertain {
		c.certain = false
	}
	if c.hedge == "" {
		c.hedge = j.hedge
	}
	head, base := j.headBase(in, out)
	if c.headPtr == "" {
		if p, ok := head.kwPtr[kw]; ok {
			c.headPtr = p
		} else {
			c.headPtr = head.ptr
			if _, inBase := base.kwPtr[kw]; inBase {
				c.removed = true
			}
		}
	}
	if c.basePtr == "" {
		c.basePtr = base.at(kw)
	}
	if c.severity == 0 {
		c.severity = c.rule.Severity
	}
	if c.rule == RuleInputUndecidable || c.rule == RuleOutputUndecidable {
		j.undecided = true
	}
	if c.reject == nil {
		c.reject = rejectTargets(out, kw)
	}
	j.changes = append(j.changes, c)
}

func extend(path []step, s step) []step {
	out := make([]step, len(path), len(path)+1)
	copy(out, path)
	return append(out, s)
}

// An output that stops constraining a place (sub).
var (
	RuleOutputBecameTrue = compatRule{
		ID: "compat.output.became-unconstrained", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "output unconstrained",
		Summary: "the outputSchema does not stop constraining a place",
		Doc:     "The head schema admits any value at a place where the base schema promised something narrower." + outputDoc,
		Fix:     "restore the constraint",
	}.rule()
)

// sub reports where out rejects values in accepts.
func (j *judge) sub(in, out *node, path []step) {
	if in == nil || out == nil || in.never {
		return
	}
	if (j.quiet && len(j.changes) > 0) || j.cut {
		return
	}
	key := [2]*node{in, out}
	if j.seen[key] {
		return
	}
	j.seen[key] = true
	*j.steps++
	if *j.steps > maxSteps {
		// reported once: a change past the bound is not judged.
		j.undecidable(in, out, path, fmt.Sprintf("the schemas are too large to compare within the work bound (%d pairs of subschemas), so neither this change nor any later one is judged", maxSteps))
		return
	}
	if in.undecidable != "" || out.undecidable != "" {
		if canonical(in.raw) != canonical(out.raw) || ((in.scope != nil || out.scope != nil) && canonical(in.scope) != canonical(out.scope)) {
			reason := out.undecidable
			if reason == "" {
				reason = in.undecidable
			}
			j.undecidable(in, out, path, reason)
		}
		return
	}
	if key, ptr := addedOpaque(in, out); key != "" {
		j.opaqueAdded(in, out, path, key, ptr)
	}
	if len(in.opaque) > 0 && j.hedge == "" {
		j.hedge = firstOpaque(in)
		defer func() { j.hedge = "" }()
	}
	if out.never {
		j.becameFalse(in, out, path)
		return
	}
	if out.isTrue() {
		j.defaults(in, out, path)
		return
	}
	if in.isTrue() && j.dir == dirOutput {
		j.emit(change{rule: RuleOutputBecameTrue, path: path,
			msg: "the result " + where(path) + " is no longer constrained: head admits any value where base promised a schema; restore the constraint"}, in, out, "")
		return
	}
	if parts := distribute(in, out); parts != nil {
		j.parts(in, out, path, parts)
		return
	}
	common := j.types(in, out, path)
	if common == 0 {
		return
	}
	if j.enums(in, out, path, common) {
		j.listed(in, out, path, common)
		j.listedRest(in, out, path, common)
		if in.hasEnum && !out.hasEnum {
			j.listedBranches(in, out, path, common)
		}
		j.defaults(in, out, path)
		return
	}
	if common.has(tNumber) || common.has(tInteger) {
		j.numbers(in, out, path, common)
	}
	if common.has(tString) {
		j.strings(in, out, path)
	}
	j.counts(in, out, path, common)
	if common.has(tObject) {
		j.objects(in, out, path)
	}
	if common.has(tArray) {
		j.arrays(in, out, path)
	}
	j.compositions(in, out, path)
	j.unevaluated(in, out, path, common)
	j.defaults(in, out, path)
}

// A change that cannot be judged offline, per direction (undecidable,
// opaqueAdded, unjudgedRefs): the gate fails closed.
var (
	RuleInputUndecidable = compatRule{
		ID: "compat.input.undecidable", Level: rules.Should, Severity: rules.Error,
		Title:   "input change not decidable",
		Summary: "an input change can be judged",
		Doc:     "Where the verdict depends on a `$dynamicRef`, an external `$ref` that is never fetched, a base inputSchema that is no schema, or a bound on the work, mcpschema says so instead of guessing. A base tool with no inputSchema, or `true`, accepted any arguments object (MCP arguments are an object) and is compared as `{\"type\": \"object\"}`, `false` as accepting nothing; a base inputSchema that is null, a string or another value that is no schema cannot be interpreted, so unless the head schema accepts every arguments object the change is reported here, not compared." + undecidableDoc,
		Fix:     "use local `$defs` references so the change can be judged, or accept it with an ignore with a reason",
	}.rule()

	RuleOutputUndecidable = compatRule{
		ID: "compat.output.undecidable", Level: rules.Should, Severity: rules.Error,
		Title:   "output change not decidable",
		Summary: "an output change can be judged",
		Doc:     "Where the verdict depends on a `$dynamicRef`, an external `$ref` that is never fetched, or a bound on the work, mcpschema says so instead of guessing." + undecidableDoc,
		Fix:     "use local `$defs` references so the change can be judged, or accept it with an ignore with a reason",
	}.rule()

	// undecidableRules: the change's own message follows the reason
	// (undecidableChange, unjudgedRefs).
	undecidableRules = mirror{in: ruling{rule: RuleInputUndecidable}, out: ruling{rule: RuleOutputUndecidable}}

	// opaqueRef: an unresolved reference out has and in does not; msg
	// takes where and the reference.
	opaqueRef = mirror{
		in: ruling{rule: RuleInputUndecidable,
			msg: "the change %s cannot be judged offline: head adds external $ref %q, which is not fetched, and may reject through it values base accepted; inline the definition under $defs, or accept it with an ignore with a reason"},
		out: ruling{rule: RuleOutputUndecidable,
			msg: "the change %s cannot be judged offline: base constrained the result with external $ref %q, which is not fetched, and head may admit values it rejected; inline the definition under $defs, or accept it with an ignore with a reason"},
	}
)

func (j *judge) undecidable(in, out *node, path []step, reason string) {
	j.emit(j.undecidableChange(path, reason), in, out, "$ref")
}

// undecidableChange is the change undecidable reports.
func (j *judge) undecidableChange(path []step, reason string) change {
	fix := "review it by hand, and accept it with an ignore with a reason"
	if strings.Contains(reason, "$ref") {
		fix = "inline the definition under $defs, or accept it with an ignore with a reason"
	}
	return change{rule: undecidableRules.of(j.dir).rule, path: path,
		msg: "the change " + where(path) + " cannot be judged offline: " + reason + "; " + fix}
}

// opaqueAdded reports an unresolved reference of out (key, written at ptr)
// that in does not share: out may reject more through it, which cannot be
// judged offline. The known keywords beside it are judged all the same.
func (j *judge) opaqueAdded(in, out *node, path []step, key, ptr string) {
	c := change{path: path}
	c.say(opaqueRef.of(j.dir), where(path), key)
	c.headPtr, c.basePtr = headBase(j.dir, "", ptr)
	if j.dir == dirOutput {
		// the head (in) may hold an unresolved reference of its own
		// where the base's was; else the reference is gone from head.
		if k := firstOpaque(in); k != "" {
			c.headPtr = in.opaque[k]
		} else {
			c.removed = true
		}
	}
	j.emit(c, in, out, "$ref")
}

// An input that starts rejecting every value at a place (becameFalse; for
// an output the same is a type widened).
var (
	RuleInputBecameFalse = compatRule{
		ID: "compat.input.became-false", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "input rejects everything",
		Summary: "the inputSchema does not start rejecting every value at a place",
		Doc:     "The head schema rejects every value at a place where the base schema accepted some (a `false` schema, `not: {}`, or contradicting keywords)." + inputDoc,
		Fix:     "accept the values callers send there again",
	}.rule()

	// becameFalse: msg takes where.
	rejectsAll = mirror{
		in:  ruling{rule: RuleInputBecameFalse, msg: "head rejects every value %s where base accepted some; accept those values again"},
		out: ruling{rule: RuleOutputTypeWidened, msg: "head may return a value %s where base admitted none; keep it absent"},
	}
)

func (j *judge) becameFalse(in, out *node, path []step) {
	c := change{path: path, locals: genCandidates(in), certain: true, reject: []target{{ptr: out.ptr}}}
	c.say(rejectsAll.of(j.dir), where(path))
	j.emit(c, in, out, "not")
}

// parts judges each branch of in (parts, from distribute) against out.
// When out takes some branches whole and not others (a branch removed, and
// the union of one left folded into its branch; outputs: a branch added),
// an uncovered branch is reported as a branch removed or added, at its own
// place in in's anyOf/oneOf: judging it against another branch's members
// would name changes nobody made.
func (j *judge) parts(in, out *node, path []step, parts []*node) {
	kw := "anyOf"
	if len(in.anyOf) == 0 {
		kw = "oneOf"
	}
	covered := make([]bool, len(parts))
	some := false
	if len(parts) > 1 && !j.quiet {
		for i, m := range parts {
			covered[i] = j.covers(m, out)
			some = some || covered[i]
		}
	}
	for i, m := range parts {
		if !some || covered[i] {
			j.sub(m, out, path)
			continue
		}
		c := j.branchChange(in, out, path, kw, m, []*node{out}, i, false)
		// out rejects the branch's values by any of its keywords, written
		// where out is (in $defs behind a $ref, say).
		c.reject = []target{{ptr: out.ptr}}
		for _, k := range sortedKeys(out.kwPtr) {
			c.reject = append(c.reject, target{ptr: out.kwPtr[k]})
		}
		at := source.Join(in.at(kw), strconv.Itoa(i))
		if j.dir == dirInput {
			c.basePtr, c.headPtr = at, out.ptr
			c.msg = fmt.Sprintf("%s branch %d %s was removed: values that only matched it are rejected; restore it", kw, i, where(path))
		} else {
			c.headPtr = at
		}
		j.emit(c, in, out, kw)
	}
}

// distribute splits in = rest ∧ (b1 ∨ b2 ∨ ...) into rest ∧ bi when out has
// no branches of its own: in is covered when every part is. It returns nil
// when the parts cannot be formed.
func distribute(in, out *node) []*node {
	if len(out.anyOf) > 0 || len(out.oneOf) > 0 {
		return nil
	}
	branches := in.anyOf
	if len(branches) == 0 {
		branches = in.oneOf
	} else if len(in.oneOf) > 0 {
		return nil
	}
	if len(branches) == 0 {
		return nil
	}
	rest := withoutBranches(in)
	parts := make([]*node, 0, len(branches))
	for _, br := range branches {
		m := *rest
		if !merge(&m, br) {
			return nil
		}
		m.ptr = in.ptr
		parts = append(parts, &m)
	}
	return parts
}
