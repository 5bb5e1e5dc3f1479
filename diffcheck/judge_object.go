package diffcheck

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// trueNode accepts everything.
var trueNode = &node{types: tAll, kwPtr: map[string]string{}}

func orTrue(n *node) *node {
	if n == nil {
		return trueNode
	}
	return n
}

// memberSchema is what applies to an undeclared member (additionalProperties,
// else unevaluatedProperties), nil when nothing does.
func memberSchema(n *node) *node {
	if n.additional != nil {
		return n.additional
	}
	return n.unevalProps
}

// undeclaredSchema returns what applies to a member named k that n does
// not declare: the patternProperties whose pattern matches k, else
// additionalProperties (or unevaluatedProperties); nil when nothing does.
// byPattern says a pattern matched; known is false when a pattern cannot
// be read by the local engine or several match, so the answer is a guess.
func undeclaredSchema(n *node, k string) (s *node, byPattern, known bool) {
	known = true
	var matched []*node
	for _, pat := range sortedKeys(n.patternProps) {
		re, err := regexp.Compile(pat)
		if err != nil {
			known = false
			continue
		}
		if re.MatchString(k) {
			matched = append(matched, n.patternProps[pat])
		}
	}
	switch len(matched) {
	case 0:
		return memberSchema(n), false, known
	case 1:
		return matched[0], true, known
	}
	return matched[0], true, false
}

func memberKw(n *node) string {
	if n.additional != nil {
		return "additionalProperties"
	}
	if n.unevalProps != nil {
		return "unevaluatedProperties"
	}
	return "additionalProperties"
}

// The required members of an object (objects).
var (
	RuleInputRequiredAdded = compatRule{
		ID: "compat.input.required-added", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "required argument added",
		Summary: "no argument becomes required",
		Doc:     "A property listed in `required` at head but not at base (a new required property, or an existing one that became required) rejects every call that omits it. A `default` does not help: the validator still rejects the omission." + inputDoc,
		Fix:     "make the argument optional (with a server-side default)",
	}.rule()

	RuleOutputRequiredRemoved = compatRule{
		ID: "compat.output.required-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "required result member removed",
		Summary: "no required output property is removed",
		Doc:     "A property that was required in the result and is gone at head is missing from results consumers parse." + outputDoc,
		Fix:     "keep returning the property",
	}.rule()

	RuleOutputBecameOptional = compatRule{
		ID: "compat.output.property-became-optional", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "result member became optional",
		Summary: "no required output property becomes optional",
		Doc:     "A property no longer listed in `required` may be absent from results." + outputDoc,
		Fix:     "keep the property required",
	}.rule()

	RuleOutputPropertyRemoved = compatRule{
		ID: "compat.output.property-removed", Level: rules.Should, Severity: rules.Warning,
		Title:   "result member removed",
		Summary: "no optional output property is removed",
		Doc:     "Consumers reading an optional property stop getting it; the result is still valid for them, so it is a warning.",
		Fix:     "keep returning the property (deprecated)",
	}.rule()
)

func (j *judge) objects(in, out *node, path []step) {
	head, base := j.headBase(in, out)
	for _, k := range sortedKeys(out.required) {
		if in.required[k] {
			continue
		}
		// a closed in that does not declare k never admits it: every value
		// in accepts lacks k, so out rejects them all.
		p := extend(path, step{key: k, kind: 'p'})
		if j.dir == dirInput {
			what := "became required"
			if _, ok := in.props[k]; !ok {
				what = "was added as required"
			}
			j.emit(change{rule: RuleInputRequiredAdded, path: path, before: nil, after: k, certain: true, headPtr: requiredEntry(head, k),
				msg: fmt.Sprintf("property %q %s %s: calls that omit it are rejected; make it optional with a server-side default", k, what, where(p))}, in, out, "required")
			continue
		}
		if _, still := in.props[k]; still {
			j.emit(change{rule: RuleOutputBecameOptional, path: path, before: k, after: nil, certain: true,
				msg: fmt.Sprintf("property %q %s is no longer required: results may omit it; keep it required", k, where(p))}, in, out, "required")
		} else {
			j.emit(change{rule: RuleOutputRequiredRemoved, path: path, before: k, after: nil, removed: true, certain: true,
				headPtr: head.at("properties"), basePtr: baseProp(base, k),
				msg: fmt.Sprintf("required property %q %s was removed: results no longer carry it; keep returning it", k, where(p))}, in, out, "required")
		}
	}
	for _, k := range sortedKeys(in.props) {
		p := extend(path, step{key: k, kind: 'p'})
		if o, ok := out.props[k]; ok {
			j.sub(in.props[k], o, p)
			continue
		}
		if memberSchema(out) == nil && branchProp(out, k) != nil {
			// out's anyOf/oneOf alternatives declare k: whether they still
			// take it is judged with the alternatives (compositions), not
			// as a member removed from an open object.
			continue
		}
		j.memberGone(in, out, k, p)
	}
	for _, k := range sortedKeys(out.props) {
		if _, ok := in.props[k]; ok {
			continue
		}
		p := extend(path, step{key: k, kind: 'p'})
		if j.dir == dirOutput {
			// base declared k, head does not: head does not return it any
			// more, unless head's patternProperties still take it.
			if ps, byPattern, known := undeclaredSchema(in, k); byPattern && known {
				j.sub(ps, out.props[k], p)
				continue
			}
			if memberSchema(in) == nil && branchProp(in, k) != nil && !out.required[k] {
				continue // head's alternatives still declare it: judged with them
			}
			if out.required[k] {
				continue // reported by the required check
			}
			j.emit(change{rule: RuleOutputPropertyRemoved, path: p, benign: true, removed: true,
				headPtr: head.at("properties"), basePtr: baseProp(base, k), before: k,
				msg: fmt.Sprintf("optional property %q %s was removed: consumers reading it get nothing; keep returning it", k, where(p))}, in, out, "properties")
			continue
		}
		// head declares a new property: it only narrows what an undeclared member could be.
		if ms, _, _ := undeclaredSchema(in, k); ms != nil && !ms.never {
			j.sub(ms, out.props[k], p)
		}
	}
	j.undeclared(in, out, path)
	j.dependencies(in, out, path)
}

// requiredEntry is where member k is made required in n: its entry in
// n's own "required" array ("/required/1"); "" when k is made required
// elsewhere (an allOf branch merged into n: emit then uses the keyword).
func requiredEntry(n *node, k string) string {
	if p, ok := n.kwPtr["required"]; ok && p == source.Join(n.ptr, "required") {
		if m, ok := n.raw.(map[string]any); ok {
			if arr, ok := m["required"].([]any); ok {
				for i, v := range arr {
					if v == k {
						return source.JoinIndex(p, i)
					}
				}
			}
		}
	}
	return ""
}

func baseProp(base *node, k string) string {
	if p, ok := base.propPtr[k]; ok {
		return p
	}
	return base.at("properties")
}

// A member the base declared gone from an input (memberGone).
var (
	RuleInputPropertyRemoved = compatRule{
		ID: "compat.input.property-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: "warning from an open object (the argument is ignored), or " + downgraded,
		Title:   "argument removed",
		Summary: "no input property is removed",
		Doc:     "Removing a property from a closed object (`additionalProperties: false` or `unevaluatedProperties: false`) rejects every call that still sends it: an error. From an open object the argument is silently ignored: a warning, without witness since nothing is rejected." + inputDoc,
		Fix:     "keep the property (deprecated) or reopen the object",
	}.rule()
)

// memberGone judges a member in declares and out does not.
func (j *judge) memberGone(in, out *node, k string, p []step) {
	head, base := j.headBase(in, out)
	ms, byPattern, known := undeclaredSchema(out, k)
	if byPattern && known {
		// out's patternProperties take the member: judge it against them.
		j.sub(in.props[k], ms, p)
		return
	}
	if j.dir == dirInput {
		c := change{rule: RuleInputPropertyRemoved, path: p, removed: true, before: k,
			headPtr: head.at("properties"), basePtr: baseProp(base, k)}
		switch {
		case ms == nil || j.covers(in.props[k], ms):
			c.severity, c.benign = severityFor(RuleInputPropertyRemoved, false), true
			c.msg = fmt.Sprintf("property %q %s was removed from an open object: calls still sending it are accepted but the argument is ignored; keep it (deprecated) if callers rely on it", k, where(p))
		default:
			c.locals = genCandidates(in.props[k])
			c.certain = ms.never && known
			c.msg = fmt.Sprintf("property %q %s was removed from a closed object: calls still sending it are rejected; keep it (deprecated) or reopen the object", k, where(p))
			if declaredInAllOf(out, k) {
				kw := memberKw(out)
				c.headPtr, c.removed = out.at(kw), false
				c.msg = fmt.Sprintf("property %q %s is declared only inside allOf, and %s beside it rejects it: calls sending it are rejected; declare it in properties too", k, where(p), kw)
			}
		}
		j.emit(c, in, out, "properties")
		return
	}
	// head declares a member base did not.
	switch {
	case ms == nil:
		return // base open: the assumption is that servers return only what they declare
	case ms.never && in.required[k] && known:
		// every head result carries k, and the base schema rejects every one.
		j.emit(change{rule: RuleOutputAdditionalRelaxed, path: p, after: k, locals: genCandidates(in.props[k]), certain: true, severity: rules.Error, additive: true,
			headPtr: head.propPtr[k], basePtr: base.at(memberKw(base)),
			msg: fmt.Sprintf("required property %q %s was added to an output object the base closed: every result carries it and the base schema rejects them all; add it to the base contract first, or make it optional and tell consumers to accept it", k, where(p))}, in, out, memberKw(base))
	case ms.never:
		j.emit(change{rule: RuleOutputAdditionalRelaxed, path: p, after: k, locals: genCandidates(in.props[k]), additive: true,
			headPtr: head.propPtr[k], basePtr: base.at(memberKw(base)),
			msg: fmt.Sprintf("property %q %s was added to an output object the base closed: strict consumers reject results that carry it; tell them to accept it", k, where(p))}, in, out, memberKw(base))
	default:
		j.sub(in.props[k], ms, p)
	}
}

// The undeclared members of an object: additionalProperties,
// unevaluatedProperties, patternProperties and propertyNames (undeclared,
// patternGone, unevaluated).
var (
	RuleInputAdditionalRestricted = compatRule{
		ID: "compat.input.additional-properties-restricted", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "extra arguments restricted",
		Summary: "additionalProperties, unevaluatedProperties, patternProperties and propertyNames do not reject members the base accepted",
		Doc:     "Closing an object or constraining its undeclared members rejects calls that send extra members." + inputDoc,
		Fix:     "keep the object open, or declare the members callers send",
	}.rule()

	RuleOutputAdditionalRelaxed = compatRule{
		ID: "compat.output.additional-properties-relaxed", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: "error when a closed object is opened and a witness confirms it; a member added to a closed object is " + additive,
		Title:   "result may carry new members",
		Summary: "a closed output object stays closed",
		Doc:     "Opening a closed result object lets results carry members strict consumers reject: an error with a witness. Adding a member to a closed result object (optional or required) only adds: clients validate results against the schema the server lists now, so it is a warning even with a witness, and an error with strict-outputs (config, --strict-outputs, the action input) for teams whose consumers pin the old schema. Undeclared members of open objects are assumed not to be returned." + outputDoc,
		Fix:     "keep the object closed, or tell consumers to accept new members",
	}.rule()

	// membersClosed: out's undeclared members constrained where in's were
	// not; msg takes the keyword and where.
	membersClosed = mirror{
		in:  ruling{rule: RuleInputAdditionalRestricted, msg: "%s restricted %s: calls sending members the schema does not declare are rejected; keep the object open or declare those members"},
		out: ruling{rule: RuleOutputAdditionalRelaxed, removed: true, msg: "%s relaxed %s: results may carry members base ruled out, which strict consumers reject; keep the object closed"},
	}
	// patternConstrains: a patternProperties entry only out has; msg takes
	// the pattern and where.
	patternConstrains = mirror{
		in:  ruling{rule: RuleInputAdditionalRestricted, msg: "patternProperties %q added %s: members whose names match it are constrained now; make sure callers' members meet it"},
		out: ruling{rule: RuleOutputAdditionalRelaxed, removed: true, msg: "patternProperties %q removed %s: results may carry members base ruled out; restore it"},
	}
	// patternTaken: a patternProperties entry only in has, whose members
	// out's closed object rejects (patternGone); msg takes the pattern,
	// where, out's keyword and a member name it took.
	patternTaken = mirror{
		in:  ruling{rule: RuleInputAdditionalRestricted, msg: "patternProperties %q was removed %s, and %s beside it rejects the members it took (%q, say): calls sending them are rejected; restore the pattern or declare those members"},
		out: ruling{rule: RuleOutputAdditionalRelaxed, additive: true, msg: "patternProperties %[1]q was added %[2]s to an output object the base closed: results may carry members such as %[4]q, which strict consumers reject; tell them to accept them"},
	}
	// namesConstrained: out's propertyNames rejects names in's took; msg
	// takes where.
	namesConstrained = mirror{
		in:  ruling{rule: RuleInputAdditionalRestricted, msg: "propertyNames restricted %s: calls with member names it rejects fail; make sure callers' member names meet it"},
		out: ruling{rule: RuleOutputAdditionalRelaxed, msg: "propertyNames relaxed %s: results may carry member names base ruled out; restore it"},
	}
	// unevaluatedMembers: unevaluatedProperties beside a changed
	// conditional evaluation (unevaluated); msg takes the keyword and where.
	unevaluatedMembers = unevaluatedRules(RuleInputAdditionalRestricted, RuleOutputAdditionalRelaxed)
)

// undeclared judges additionalProperties, unevaluatedProperties,
// patternProperties and propertyNames.
func (j *judge) undeclared(in, out *node, path []step) {
	p := extend(path, step{key: freshKey, kind: 'a'})
	im, om := memberSchema(in), memberSchema(out)
	head, base := j.headBase(in, out)
	switch {
	case om == nil:
	case im == nil || (!im.never && om.never):
		if im != nil && im.never {
			break
		}
		kw := memberKw(out)
		c := change{path: p, before: canonicalRaw(memberSchema(base)), after: canonicalRaw(memberSchema(head)), locals: genCandidates(orTrue(im)),
			certain: om.never}
		c.say(membersClosed.of(j.dir), kw, where(path))
		j.emit(c, in, out, kw)
	case !im.never:
		j.sub(im, om, p)
	}
	for _, pat := range sortedKeys(in.patternProps) {
		if _, ok := out.patternProps[pat]; !ok {
			j.patternGone(in, out, path, pat)
		}
	}
	for _, pat := range sortedKeys(out.patternProps) {
		if ip, ok := in.patternProps[pat]; ok {
			at := step{key: freshKey, kind: 'a'}
			if name, ok := patternName(pat, in, out); ok {
				at = step{key: name, kind: 'x'}
			}
			j.sub(ip, out.patternProps[pat], extend(path, at))
			continue
		}
		if out.patternProps[pat].isTrue() {
			continue
		}
		c := change{path: path, after: pat, locals: patternMembers(pat)}
		c.say(patternConstrains.of(j.dir), pat, where(path))
		j.emit(c, in, out, "patternProperties")
	}
	// member names are strings, so out's propertyNames only needs to accept
	// the strings in's accepts: {type: string} rejects nothing.
	if names := memberNames(in.propertyNames); out.propertyNames != nil && !j.covers(names, out.propertyNames) {
		c := change{path: path, locals: nameCandidates(in, names, out.propertyNames)}
		c.say(namesConstrained.of(j.dir), where(path))
		c.removed = head.propertyNames == nil // an output's head dropped it
		j.emit(c, in, out, "propertyNames")
	}
}

// unevaluatedRules is the mirror of an unevaluated keyword beside a
// changed conditional evaluation: in's rule and out's, with the messages
// both keywords share.
func unevaluatedRules(in, out *rules.Rule) mirror {
	return mirror{
		in:  ruling{rule: in, msg: "%s %s sees what the keywords beside it evaluate, and what they evaluate on a condition changed: members or elements base evaluated may be rejected now; check that head still evaluates everything base did"},
		out: ruling{rule: out, msg: "%s %s of the base saw what the keywords beside it evaluate, and what they evaluate on a condition changed: head may return members or elements base did not evaluate and rejected; check that head evaluates only what base did"},
	}
}

// unevaluated judges out's unevaluatedProperties and unevaluatedItems
// when what evaluates members (elements) beside them only on a condition
// changed: a then, else, dependentSchemas entry, anyOf/oneOf branch or
// allOf member that cannot be folded (for elements: contains and those).
// A member base declared only in a then may no longer be evaluated, and so
// be rejected. Which members each side evaluates is not computed: the
// change carries a value with every member and element in declares, and is
// a break only with a witness (else it may break). Members the object
// declares itself are judged as members (memberGone).
func (j *judge) unevaluated(in, out *node, path []step, common typeSet) {
	for _, u := range []struct {
		on   bool
		kw   string
		cond func(*node) string
		m    mirror
	}{
		{common.has(tObject) && out.unevalProps != nil && !out.unevalProps.isTrue(), "unevaluatedProperties", conditionalMembers, unevaluatedMembers},
		{common.has(tArray) && out.unevalItems != nil && !out.unevalItems.isTrue(), "unevaluatedItems", conditionalElements, unevaluatedElements},
	} {
		if !u.on {
			continue
		}
		if ci, co := u.cond(in), u.cond(out); ci == co || ci == "" || j.evaluationCovered(in, out, u.kw == "unevaluatedItems") {
			continue
		}
		var locals []any
		if v, ok := genRich(in, 0); ok {
			locals = append(locals, v)
		}
		c := change{path: path, locals: locals, gap: true}
		c.say(u.m.of(j.dir), u.kw, where(path))
		j.emit(c, in, out, u.kw)
	}
}

// evaluationCovered reports whether whatever in's conditional keywords
// evaluate, out's evaluate too: out has each of them, and each of out's
// accepts what in's does (an if the same), so an element in evaluates by
// its contains out's contains evaluates. Keywords only out has evaluate
// more, never less.
func (j *judge) evaluationCovered(in, out *node, items bool) bool {
	pairs := [][2]*node{{in.thenN, out.thenN}, {in.elseN, out.elseN}}
	if items {
		pairs = append(pairs, [2]*node{in.contains, out.contains})
	} else {
		for _, k := range sortedKeys(in.depSchemas) {
			pairs = append(pairs, [2]*node{in.depSchemas[k], out.depSchemas[k]})
		}
	}
	for _, p := range pairs {
		if p[0] != nil && (p[1] == nil || !j.covers(p[0], p[1])) {
			return false
		}
	}
	if in.ifN != nil && (out.ifN == nil || !j.equivalent(in.ifN, out.ifN)) {
		return false
	}
	for _, l := range [][2][]*node{{in.anyOf, out.anyOf}, {in.oneOf, out.oneOf}, {in.allOf, out.allOf}} {
		if len(l[0]) > 0 && rawList(l[0]) != rawList(l[1]) {
			return false
		}
	}
	return true
}

// conditionalMembers is the canonical text of the subschemas of n that
// evaluate members only on a condition, "" when there are none.
func conditionalMembers(n *node) string {
	parts := map[string]any{}
	for _, x := range []struct {
		kw string
		n  *node
	}{{"if", n.ifN}, {"then", n.thenN}, {"else", n.elseN}} {
		if x.n != nil {
			parts[x.kw] = x.n.raw
		}
	}
	if len(n.depSchemas) > 0 {
		parts["dependentSchemas"] = canonicalNodes(n.depSchemas)
	}
	for kw, list := range map[string][]*node{"anyOf": n.anyOf, "oneOf": n.oneOf, "allOf": n.allOf} {
		if len(list) > 0 {
			parts[kw] = rawList(list)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return canonical(parts)
}

// conditionalElements is conditionalMembers for array elements.
func conditionalElements(n *node) string {
	parts := map[string]any{}
	if n.contains != nil {
		parts["contains"] = n.contains.raw
	}
	for _, x := range []struct {
		kw string
		n  *node
	}{{"if", n.ifN}, {"then", n.thenN}, {"else", n.elseN}} {
		if x.n != nil {
			parts[x.kw] = x.n.raw
		}
	}
	for kw, list := range map[string][]*node{"anyOf": n.anyOf, "oneOf": n.oneOf, "allOf": n.allOf} {
		if len(list) > 0 {
			parts[kw] = rawList(list)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return canonical(parts)
}

// patternGone judges members in takes by its patternProperties pattern
// pat, which out does not have: out takes them by another pattern, by
// additionalProperties (a closed object rejects them), or not at all.
func (j *judge) patternGone(in, out *node, path []step, pat string) {
	name, ok := patternName(pat, in, out)
	if !ok {
		return
	}
	ms, byPattern, known := undeclaredSchema(out, name)
	p := extend(path, step{key: name, kind: 'x'})
	ip := in.patternProps[pat]
	switch {
	case ms == nil || ip.never:
		return // out open there (or in took nothing): nothing rejected
	case !ms.never || byPattern:
		j.sub(ip, ms, p)
		return
	}
	var locals []any
	eachCandidate(ip, func(v any) bool {
		locals = append(locals, v)
		return len(locals) < 8
	})
	kw := memberKw(out)
	c := change{path: p, locals: locals}
	c.say(patternTaken.of(j.dir), pat, where(path), kw, name)
	// an input's removed pattern rejects for certain what the closed object
	// does not take; an output's added one only adds.
	c.certain = known && !c.additive
	c.after, c.before = headBase[any](j.dir, pat, nil)
	c.headPtr, c.basePtr = headBase(j.dir, source.Join(in.at("patternProperties"), pat), out.at(kw))
	j.emit(c, in, out, kw)
}

// patternName returns a member name pattern pat matches that neither
// side declares in properties, for the witness of a change there.
func patternName(pat string, in, out *node) (string, bool) {
	re, err := regexp.Compile(pat)
	if err != nil {
		return "", false
	}
	cands := regexSamples(pat)
	lit := strings.TrimSuffix(strings.TrimPrefix(pat, "^"), "$")
	cands = append(cands, lit+"a", lit, "a", "x", "0", "_")
	cands = append(cands, patternSamples...)
	for _, c := range cands {
		if _, declared := in.props[c]; declared {
			continue
		}
		if _, declared := out.props[c]; declared {
			continue
		}
		if re.MatchString(c) {
			return c, true
		}
	}
	return "", false
}

// memberNames returns what a propertyNames schema (nil: none) accepts of
// the values member names can be: strings.
func memberNames(pn *node) *node {
	if pn == nil {
		return &node{types: tString, kwPtr: map[string]string{}}
	}
	m := *pn
	m.types = m.types.intersect(tString)
	m.never = m.never || m.types == 0
	return &m
}

// nameCandidates returns objects in probably accepts with one member whose
// name names accepts and outNames probably rejects.
func nameCandidates(in, names, outNames *node) []any {
	// a declared member under a name out probably rejects is the likeliest witness.
	var keys, later []string
	re := compileLocal(outNames)
	for _, k := range sortedKeys(in.props) {
		if !fitsLength(outNames, k) || (re != nil && !re.MatchString(k)) {
			keys = append(keys, k)
		} else {
			later = append(later, k)
		}
	}
	if re == nil && len(outNames.counts) == 0 {
		// out's names are not told apart by a pattern or a length (a not,
		// a oneOf): the declared members are as likely, and plainer.
		keys, later = append(keys, later...), nil
	}
	if names.hasEnum {
		// the names in lists are every name it accepts
		for _, v := range names.enum {
			if s, ok := v.(string); ok && len(keys) < 16 {
				keys = append(keys, s)
			}
		}
	}
	for _, v := range stringCandidates(names, outNames) {
		keys = append(keys, v.(string))
	}
	keys = append(keys, later...)
	var out []any
	for _, k := range keys {
		if len(out) == 8 {
			break
		}
		v, ok := gen(in.propSchema(k), 1)
		if !ok {
			continue
		}
		if obj, ok := genObject(in, map[string]any{k: v}, 1); ok {
			out = append(out, obj)
		}
	}
	return out
}

func canonicalRaw(n *node) any {
	if n == nil {
		return nil
	}
	return canonical(n.raw)
}

// dependencies judges dependentRequired and dependentSchemas.
func (j *judge) dependencies(in, out *node, path []step) {
	// a trigger member base did not declare is a new argument, judged like one.
	undeclared := func(k string) bool {
		_, ok := in.props[k]
		return j.dir == dirInput && !ok && memberSchema(in) == nil
	}
	for _, k := range sortedKeys(out.depRequired) {
		if undeclared(k) {
			continue
		}
		var added []any
		have := map[string]bool{}
		for _, n := range in.depRequired[k] {
			have[n] = true
		}
		for _, n := range out.depRequired[k] {
			if !have[n] && !in.required[n] {
				added = append(added, n)
			}
		}
		if len(added) == 0 {
			continue
		}
		j.conditional(in, out, path, "dependentRequired", fmt.Sprintf("dependentRequired on %q (requiring %s)", k, quoteList(added)),
			[]target{{ptr: source.Join(out.at("dependentRequired"), k)}})
	}
	for _, k := range sortedKeys(out.depSchemas) {
		if undeclared(k) {
			continue
		}
		if is, ok := in.depSchemas[k]; ok {
			if j.covers(is, out.depSchemas[k]) {
				continue
			}
		}
		j.conditional(in, out, path, "dependentSchemas", fmt.Sprintf("dependentSchemas on %q", k), []target{{ptr: out.depSchemas[k].ptr}})
	}
}

// joinedSamples returns strings that start with a sample of not's pattern
// and end like one of in's strings (its last one to three characters, or
// all of it): "tmp-" and "a-1" give "tmp-1", which "^[a-z]+-[0-9]+$" and
// "^tmp-" both take.
func joinedSamples(not, in *node) []any {
	if !not.hasPattern || !in.types.has(tString) {
		return nil
	}
	ps := regexSamples(not.pattern)
	if lit := strings.TrimPrefix(not.pattern, "^"); !strings.ContainsAny(lit, `\[](){}.*+?|$`) {
		ps = append([]string{lit}, ps...)
	}
	qs := stringCandidates(in, in)
	var out []any
	for _, p := range ps[:min(len(ps), 3)] {
		for _, qv := range qs[:min(len(qs), 3)] {
			q := qv.(string)
			for k := 1; k <= 3 && k <= len(q); k++ {
				out = append(out, p+q[len(q)-k:])
			}
			out = append(out, p+q)
		}
	}
	return out
}

// A conditional constraint added to an input, removed from an output (conditional).
var (
	RuleInputConditionalAdded = compatRule{
		ID: "compat.input.conditional-added", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument condition added",
		Summary: "no conditional constraint is added to an input",
		Doc:     "`if`/`then`/`else`, `dependentRequired`, `dependentSchemas` (draft-07 `dependencies`), `not` and `contains` added or extended at head reject values the base accepted." + inputDoc,
		Fix:     "drop the conditional constraint",
	}.rule()

	RuleOutputConditionalRemoved = compatRule{
		ID: "compat.output.conditional-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "result condition removed",
		Summary: "no conditional constraint of an output is removed",
		Doc:     "`if`/`then`/`else`, `dependentRequired`, `dependentSchemas`, `not` or `contains` removed or loosened at head lets results break the old promise." + outputDoc,
		Fix:     "restore the conditional constraint",
	}.rule()

	// conditionNew: a conditional constraint out has and in had not; msg
	// takes what it is and where.
	conditionNew = mirror{
		in:  ruling{rule: RuleInputConditionalAdded, msg: "%s added %s: values base accepted that break it are rejected; drop it or make sure callers meet it"},
		out: ruling{rule: RuleOutputConditionalRemoved, removed: true, msg: "%s removed or loosened %s: head may return values base ruled out; restore it"},
	}
)

// conditional reports a conditional constraint added (input) or removed
// (output); reject narrows where out must reject (nil: the keyword kw).
func (j *judge) conditional(in, out *node, path []step, kw, what string, reject []target) {
	c := change{path: path, locals: genCandidates(in), reject: reject}
	switch {
	case kw == "not" && out.not != nil:
		// what the not-subschema accepts, out rejects: try those first,
		// then strings its pattern takes joined to the ends of in's
		// strings, which may meet in's own pattern too
		c.locals = append(append(genCandidates(out.not), joinedSamples(out.not, in)...), c.locals...)
	case kw == "dependentRequired" || kw == "dependentSchemas":
		// an object with a trigger member alone meets none of the others
		var first []any
		for _, k := range sortedKeys(out.depRequired) {
			first = append(first, map[string]any{k: "x"})
		}
		for _, k := range sortedKeys(out.depSchemas) {
			first = append(first, map[string]any{k: "x"})
		}
		c.locals = append(first, c.locals...)
	}
	c.say(conditionNew.of(j.dir), what, where(path))
	j.emit(c, in, out, kw)
}

func (j *judge) arrays(in, out *node, path []step) {
	n := len(in.prefix)
	if len(out.prefix) > n {
		n = len(out.prefix)
	}
	for i := 0; i < n; i++ {
		o := out.itemSchema(i)
		if o == nil {
			continue
		}
		j.sub(orTrue(in.itemSchema(i)), o, extend(path, step{index: i, kind: 'i'}))
	}
	if out.items != nil || out.unevalItems != nil {
		o := out.items
		if o == nil {
			o = out.unevalItems
		}
		i := in.items
		if i == nil {
			i = in.unevalItems
		}
		j.sub(orTrue(i), o, extend(path, step{index: n, kind: 'i'}))
	}
	if out.contains != nil {
		if in.contains == nil {
			j.conditional(in, out, path, "contains", "contains", nil)
		} else if !j.covers(in.contains, out.contains) {
			j.conditional(in, out, path, "contains", "a narrower contains", nil)
		}
	}
}

// compositions judges anyOf, oneOf, allOf, not and if/then/else.
func (j *judge) compositions(in, out *node, path []step) {
	j.branches(in, out, path, "anyOf")
	j.branches(in, out, path, "oneOf")
	j.allOfMembers(in, out, path)
	j.notAndIf(in, out, path)
}

// branches judges the anyOf or oneOf (kw) of out: each branch of in (its
// own kw, else its other one, else in itself wrapped as one branch) must be
// covered by a branch of out. A branch paired by position is judged inside
// (pairedBranch); an uncovered one is a change.
func (j *judge) branches(in, out *node, path []step, kw string) {
	ob, ib := out.anyOf, in.anyOf
	if kw == "oneOf" {
		ob, ib = out.oneOf, in.oneOf
	}
	if len(ob) == 0 {
		return
	}
	branches := ib
	if len(branches) == 0 {
		branches = in.anyOf
		if len(branches) == 0 {
			branches = in.oneOf
		}
	}
	wrapped := len(branches) == 0
	var typed []*node // out's branch of each type of in, when in was split by type
	if wrapped {
		branches, typed = splitByType(in, ob)
	}
	for idx, b := range branches {
		covered := false
		for _, o := range ob {
			if j.covers(b, o) {
				covered = true
				break
			}
		}
		if !wrapped && len(ib) == len(ob) && j.pairedBranch(b, ob[idx], path, covered) {
			continue
		}
		if typed != nil && j.pairedBranch(b, typed[idx], path, covered) {
			continue
		}
		if covered {
			continue
		}
		j.emit(j.branchChange(in, out, path, kw, b, ob, idx, wrapped), in, out, kw)
	}
	switch {
	case kw != "oneOf":
	case !j.quiet:
		j.overlaps(in, out, path, branches, ob)
	case oneOfMayOverlap(in, out):
		// options that may overlap reject what matches two of them; only
		// the validator can tell, so out is not known to cover in.
		j.emit(change{rule: RuleInputBranchRemoved, path: path, speculative: true}, in, out, "oneOf")
	}
}

// oneOfMayOverlap reports whether two options of out's oneOf may both
// take a value of in's types, unless in has the same options (an overlap
// both sides share rejects nothing new).
func oneOfMayOverlap(in, out *node) bool {
	ob := out.oneOf
	if len(ob) < 2 || rawList(ob) == rawList(in.oneOf) {
		return false
	}
	if len(ob) > maxOverlapOptions {
		return true
	}
	for p := 0; p < len(ob); p++ {
		for q := p + 1; q < len(ob); q++ {
			if !disjoint(ob[p], ob[q], in.types, 0) {
				return true
			}
		}
	}
	return false
}

// disjoint reports whether no value of the types within is accepted by
// both a and b, as far as their types, listed values, numeric ranges and
// the listed values of a member both require tell (false: they may overlap).
func disjoint(a, b *node, within typeSet, depth int) bool {
	if a.never || b.never {
		return true
	}
	t := a.types.intersect(b.types).intersect(within)
	if t == 0 {
		return true
	}
	if depth > 4 || len(a.anyOf)+len(a.oneOf)+len(b.anyOf)+len(b.oneOf) > 0 || a.not != nil || b.not != nil {
		return false
	}
	for _, x := range [][2]*node{{a, b}, {b, a}} {
		if !x[0].hasEnum {
			continue
		}
		shared := false
		for _, v := range x[0].enum {
			if t.has(valueType(v)) && (!x[1].hasEnum || len(intersectValues([]any{v}, x[1].enum)) > 0) {
				shared = true
				break
			}
		}
		if !shared {
			return true
		}
	}
	if t.norm()&^(tNumber|tInteger) == 0 {
		if lo, hi := a.min, b.max; lo != nil && hi != nil && (lo.v.Cmp(hi.v) > 0 || lo.v.Cmp(hi.v) == 0 && (lo.excl || hi.excl)) {
			return true
		}
		if lo, hi := b.min, a.max; lo != nil && hi != nil && (lo.v.Cmp(hi.v) > 0 || lo.v.Cmp(hi.v) == 0 && (lo.excl || hi.excl)) {
			return true
		}
	}
	if t == tObject {
		for _, k := range sortedKeys(a.required) {
			if !b.required[k] {
				continue
			}
			pa, pb := orTrue(a.props[k]), orTrue(b.props[k])
			if disjoint(pa, pb, tAll, depth+1) {
				return true
			}
		}
	}
	return false
}

// splitByType returns in as the branches to judge against out's branches
// ob: in itself, or, when in admits several types and each of them is
// admitted by exactly one branch of ob (a union split by type, which the
// normaliser folds into a type list only while no branch holds more than
// its type), one part of in per type with the branch of ob that takes it,
// so a change inside that branch is judged as what it is.
func splitByType(in *node, ob []*node) (parts, typed []*node) {
	var types []typeSet
	for _, tn := range typeNames {
		if in.types.norm()&tn.t != 0 {
			types = append(types, tn.t)
		}
	}
	if len(types) < 2 || in.hasEnum {
		return []*node{in}, nil
	}
	for _, t := range types {
		var only *node
		for _, o := range ob {
			if o.types.has(t) {
				if only != nil {
					return []*node{in}, nil
				}
				only = o
			}
		}
		if only == nil {
			return []*node{in}, nil
		}
		part := *in
		part.types = t
		parts = append(parts, &part)
		typed = append(typed, only)
	}
	return parts, typed
}

// The anyOf and oneOf branches (branchChange, parts, overlaps).
var (
	RuleInputBranchRemoved = compatRule{
		ID: "compat.input.branch-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument branch removed",
		Summary: "no anyOf or oneOf branch of an input is removed",
		Doc:     "A value that only matched a removed `anyOf`/`oneOf` branch is rejected. Branches are paired by meaning, not position, so reordering is silent." + inputDoc,
		Fix:     "restore the branch",
	}.rule()

	RuleInputCompositionAdded = compatRule{
		ID: "compat.input.composition-added", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument composition added",
		Summary: "an input is not wrapped in a new anyOf or oneOf",
		Doc:     "Wrapping an input in `anyOf`/`oneOf` (for example to demand one of two properties) rejects values that match no branch." + inputDoc,
		Fix:     "add a branch that accepts what callers send today",
	}.rule()

	RuleOutputBranchAdded = compatRule{
		ID: "compat.output.branch-added", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "result branch added",
		Summary: "no anyOf or oneOf branch is added to an output",
		Doc:     "A value that matches only a new or wider branch (for example one with a member the base branch did not declare) is a result consumers were not promised; the message names that member." + outputDoc,
		Fix:     "make sure consumers accept the new shape before returning it",
	}.rule()

	RuleOutputCompositionRemoved = compatRule{
		ID: "compat.output.composition-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "result composition removed",
		Summary: "an output does not lose its anyOf or oneOf",
		Doc:     "Dropping the `anyOf`/`oneOf` that constrained a result lets it carry values matching none of the old branches." + outputDoc,
		Fix:     "restore the anyOf or oneOf",
	}.rule()

	// branchGone: a branch of in no branch of out takes (branchChange,
	// parts); msg takes the keyword, the branch's index and where (an
	// output's message names the member it may carry: branchAddedMsg).
	branchGone = mirror{
		in:  ruling{rule: RuleInputBranchRemoved, removed: true, msg: "%s branch %d %s was removed or narrowed: values that only matched it are rejected; restore it"},
		out: ruling{rule: RuleOutputBranchAdded},
	}
	// branchesWrapped: out has branches where in had none.
	branchesWrapped = mirror{
		in:  ruling{rule: RuleInputCompositionAdded, msg: "%[1]s added %[3]s: values base accepted that match no branch are rejected; add a branch that accepts them"},
		out: ruling{rule: RuleOutputCompositionRemoved, removed: true, msg: "%[1]s dropped %[3]s: head may return values matching none of its branches; restore it"},
	}
)

// branchChange describes branch idx (b) of in that no branch of out (ob)
// covers: a branch removed or narrowed (inputs) or added (outputs), or,
// when in was wrapped as its only branch, the composition added (inputs)
// or dropped (outputs).
func (j *judge) branchChange(in, out *node, path []step, kw string, b *node, ob []*node, idx int, wrapped bool) change {
	c := change{path: path, locals: genCandidates(b)}
	if b.types.has(tObject) && !b.closed() {
		// an open object: a member it does not declare may be what no
		// (closed) branch of out takes.
		if v, ok := gen(memberSchema(b), 1); ok {
			if obj, ok := genObject(b, map[string]any{freshKey: v}, 1); ok {
				c.locals = append(c.locals, obj)
			}
		}
	}
	m := branchGone
	if wrapped {
		m = branchesWrapped
	}
	c.say(m.of(j.dir), kw, idx, where(path))
	if !wrapped {
		c.headPtr, c.basePtr = headBase(j.dir, b.ptr, "")
	}
	if j.dir == dirOutput && !wrapped {
		// a branch added names what it may return (widerMember)
		c.msg = j.branchAddedMsg(kw, b, ob, idx, path)
	}
	return c
}

// The allOf members that cannot be folded (allOfMembers).
var (
	RuleInputAllOfAdded = compatRule{
		ID: "compat.input.all-of-added", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument allOf added",
		Summary: "no allOf branch that constrains an input is added",
		Doc:     "An added `allOf` branch whose keywords cannot be folded into the schema adds constraints a value must also meet. Foldable branches are judged keyword by keyword instead." + inputDoc,
		Fix:     "drop the branch or make sure it accepts everything the base accepted",
	}.rule()

	RuleOutputAllOfRemoved = compatRule{
		ID: "compat.output.all-of-removed", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: upgraded,
		Title:   "result allOf removed",
		Summary: "no allOf branch of an output is removed",
		Doc:     "A removed `allOf` branch that cannot be judged keyword by keyword loosens the promise." + outputDoc,
		Fix:     "restore the branch",
	}.rule()

	// allOfMember: an allOf member of out nothing of in covers; msg takes where.
	allOfMember = mirror{
		in:  ruling{rule: RuleInputAllOfAdded, msg: "allOf branch added %s constrains values base accepted; drop it or make sure it accepts them"},
		out: ruling{rule: RuleOutputAllOfRemoved, removed: true, msg: "allOf branch removed %s: head may return values it ruled out; restore it"},
	}
)

// allOfMembers judges the allOf members of out: one that neither in nor a
// member of in's allOf covers is an allOf branch added (inputs) or removed
// (outputs).
func (j *judge) allOfMembers(in, out *node, path []step) {
	for _, o := range out.allOf {
		if j.covers(in, o) {
			continue
		}
		covered := false
		for _, i := range in.allOf {
			if j.covers(i, o) {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		c := change{path: path, locals: genCandidates(in), reject: []target{{ptr: o.ptr}}}
		c.say(allOfMember.of(j.dir), where(path))
		c.headPtr, c.basePtr = headBase(j.dir, "", o.ptr)
		j.emit(c, in, out, "allOf")
	}
}

// notAndIf judges not and if/then/else: added, or changed.
func (j *judge) notAndIf(in, out *node, path []step) {
	if out.not != nil {
		if in.not == nil {
			j.conditional(in, out, path, "not", "not", nil)
		} else if !j.covers(out.not, in.not) {
			j.changed(in, out, path, "not")
		}
	}
	if out.ifN != nil {
		switch {
		case in.ifN == nil:
			j.conditional(in, out, path, "if", "if/then/else", nil)
		case !j.equivalent(in.ifN, out.ifN) || !j.equivalent(orTrue(in.thenN), orTrue(out.thenN)) || !j.equivalent(orTrue(in.elseN), orTrue(out.elseN)):
			j.changed(in, out, path, "if")
		}
	}
}

// pairedBranch judges branch b against the branch o at the same position of
// the other side, so a change inside a branch is reported as what it is (a
// member became required) rather than as a whole branch removed. Such
// findings are never certain: another branch may still take the value, so
// each needs a witness. When b is covered (by o), only the benign changes
// are kept; it returns false when the pair says nothing and the branch
// must be judged as a whole.
func (j *judge) pairedBranch(b, o *node, path []step, covered bool) bool {
	if j.quiet || (covered && !j.covers(b, o)) {
		return false
	}
	from := len(j.changes)
	saved := j.uncertain
	j.uncertain = true
	j.sub(b, o, path)
	j.uncertain = saved
	kept := j.changes[:from]
	found := false
	for _, c := range j.changes[from:] {
		if covered && !c.benign {
			continue
		}
		found = found || !c.benign
		kept = append(kept, c)
	}
	j.changes = kept
	return covered || found
}

// A changed not or if/then/else (changed).
var (
	RuleInputConditionalChanged = compatRule{
		ID: "compat.input.conditional-changed", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: upgraded,
		Title:   "argument condition changed",
		Summary: "a conditional constraint of an input is not changed",
		Doc:     "A changed `if`/`then`/`else` or `not` cannot always be judged; it is a warning, and an error when a witness is found." + inputDoc,
		Fix:     "make sure the new condition accepts every value the old one accepted",
	}.rule()

	RuleOutputConditionalChanged = compatRule{
		ID: "compat.output.conditional-changed", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: upgraded,
		Title:   "result condition changed",
		Summary: "a conditional constraint of an output is not changed",
		Doc:     "A changed `if`/`then`/`else` or `not` cannot always be judged; it is a warning, and an error when a witness is found." + outputDoc,
		Fix:     "make sure the new condition admits only values the old one admitted",
	}.rule()

	// conditionChanged: msg takes the keyword and where.
	conditionChanged = mirror{
		in: ruling{rule: RuleInputConditionalChanged,
			msg:    "%s changed %s: whether head still accepts every value base accepted is not certain; check it",
			proven: "%s changed %s: values base accepted are rejected; make the new condition accept them"},
		out: ruling{rule: RuleOutputConditionalChanged,
			msg:    "%s changed %s: whether head returns only values base admitted is not certain; check it",
			proven: "%s changed %s: head may return values base ruled out; make the new condition admit only values the old one admitted"},
	}
)

func (j *judge) changed(in, out *node, path []step, kw string) {
	c := change{path: path, locals: genCandidates(in)}
	c.say(conditionChanged.of(j.dir), kw, where(path))
	j.emit(c, in, out, kw)
}

// A changed or removed default (defaults): nothing is rejected.
var (
	RuleInputDefaultChanged = compatRule{
		ID: "compat.input.default-changed", Level: rules.Should, Severity: rules.Warning,
		Title:   "argument default changed",
		Summary: "the default of an input is not changed or removed",
		Doc:     "Callers that omit the argument get different behaviour when the default changes; nothing is rejected, so there is no witness.",
		Fix:     "keep the old default, or announce the change",
	}.rule()

	RuleOutputDefaultChanged = compatRule{
		ID: "compat.output.default-changed", Level: rules.May, Severity: rules.Notice,
		Title:   "result default changed",
		Summary: "the default of an output is not changed",
		Doc:     "A default in an output schema is documentation; it is listed so reviewers see it.",
		Fix:     "nothing to fix",
	}.rule()

	// defaultChanged: msg takes what changed.
	defaultChanged = mirror{
		in:  ruling{rule: RuleInputDefaultChanged, msg: "%s: calls that omit the argument behave differently; keep the old default or announce the change"},
		out: ruling{rule: RuleOutputDefaultChanged, msg: "%s"},
	}
)

// defaults reports a changed or removed default.
func (j *judge) defaults(in, out *node, path []step) {
	head, base := j.headBase(in, out)
	if !base.hasDefault || (head.hasDefault && canonical(head.def) == canonical(base.def)) {
		return
	}
	c := change{path: path, benign: true, before: base.def}
	var what string
	if head.hasDefault {
		c.after = head.def
		what = fmt.Sprintf("default %s changed from %s to %s", where(path), quoteValue(base.def), quoteValue(head.def))
	} else {
		c.removed = true
		what = fmt.Sprintf("default %s %s was removed", quoteValue(base.def), where(path))
	}
	c.say(defaultChanged.of(j.dir), what)
	j.emit(c, in, out, "default")
}

var _ = source.Join

// patternMembers returns objects with one member whose name may match the
// pattern pat (the pattern without its anchors, or a common name) and
// whose value is of each JSON type, for the witness search: the validator
// decides which the new subschema rejects.
func patternMembers(pat string) []any {
	names := []string{strings.TrimSuffix(strings.TrimPrefix(pat, "^"), "$"), "a", "x", "0", "_"}
	values := []any{nil, json.Number("0"), "", true, []any{}, map[string]any{}}
	var out []any
	for _, v := range values {
		for _, n := range names {
			out = append(out, map[string]any{n: v})
		}
	}
	return out
}
