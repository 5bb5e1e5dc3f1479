package diffcheck

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// where renders an instance path for messages.
func where(path []step) string {
	if len(path) == 0 {
		return "at the top level"
	}
	var b strings.Builder
	for _, s := range path {
		b.WriteByte('/')
		switch s.kind {
		case 'i':
			fmt.Fprint(&b, s.index)
		case 'a':
			b.WriteString("<undeclared member>")
		default:
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(s.key, "~", "~0"), "/", "~1"))
		}
	}
	return fmt.Sprintf("at %q", b.String())
}

// quoteValue quotes a value for messages: strings as Go-quoted text, other
// values as their (shortened) JSON.
func quoteValue(v any) string {
	if s, ok := v.(string); ok {
		if len(s) > 60 {
			s = s[:57] + "..."
		}
		return fmt.Sprintf("%q", s)
	}
	return display(v)
}

func quoteList(vals []any) string {
	parts := make([]string, 0, len(vals))
	for i, v := range vals {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("and %d more", len(vals)-5))
			break
		}
		parts = append(parts, quoteValue(v))
	}
	return strings.Join(parts, ", ")
}

// The type judge (types): a type the base accepted gone from an input, one
// the base did not admit added to an output.
var (
	RuleInputTypeNarrowed = compatRule{
		ID: "compat.input.type-narrowed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument type narrowed",
		Summary: "an input keeps accepting every type it accepted",
		Doc:     "A type removed from `type` (including `null`, and `number` narrowed to `integer`) or replaced by another rejects the values of that type. `type: [a, \"null\"]` and `anyOf` of the two are the same." + inputDoc,
		Fix:     "accept the old type again, for example with `type: [old, new]`",
	}.rule()

	RuleOutputTypeWidened = compatRule{
		ID: "compat.output.type-widened", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "result type widened",
		Summary: "an output does not start returning another type",
		Doc:     "A type added to or changed in `type` (including `null`: nullable, and `integer` widened to `number`) lets results carry values consumers do not expect." + outputDoc,
		Fix:     "return the old type only",
	}.rule()

	// typeChange: msg takes where, the verb, the base's and head's types
	// and the types lost; the verb when no type is left in common is
	// "changed".
	typeChange = mirror{
		in:  ruling{rule: RuleInputTypeNarrowed, msg: "type %s %s from %q to %q: values of type %q are rejected now; accept the old type again"},
		out: ruling{rule: RuleOutputTypeWidened, msg: "type %s %s from %q to %q: head may return %q, which base did not admit; return the old type only"},
	}
	typeVerb = sides[string]{in: "narrowed", out: "widened"}
)

// types reports lost types and returns the types both sides admit.
func (j *judge) types(in, out *node, path []step) typeSet {
	lost := in.types.minus(out.types)
	common := in.types.intersect(out.types)
	if lost == 0 {
		return common
	}
	head, base := j.headBase(in, out)
	c := change{path: path, before: base.types.list(), after: head.types.list(), locals: genOfTypes(in, lost, out.types), certain: true}
	verb := typeVerb.of(j.dir)
	if common == 0 {
		verb = "changed"
	}
	c.say(typeChange.of(j.dir), where(path), verb, base.types, head.types, lost)
	j.emit(c, in, out, "type")
	return common
}

func enumKw(n *node) string {
	if _, ok := n.kwPtr["enum"]; ok {
		return "enum"
	}
	if _, ok := n.kwPtr["const"]; ok {
		return "const"
	}
	return "enum"
}

// The listed values, enum and const (enums, listedBranches, listedRest).
var (
	RuleInputEnumValueRemoved = compatRule{
		ID: "compat.input.enum-value-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "allowed argument value removed",
		Summary: "no allowed input value is removed",
		Doc:     "A value removed from `enum` (or a changed `const`) rejects calls that send it; renaming or recasing a value removes the old one." + inputDoc,
		Fix:     "keep accepting the old value, mapping it to the new one on the server",
	}.rule()

	RuleInputEnumAdded = compatRule{
		ID: "compat.input.enum-added", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument restricted to listed values",
		Summary: "an unconstrained input does not become an enum or const",
		Doc:     "An input that accepted any value of its type and now has `enum` or `const` rejects every other value." + inputDoc,
		Fix:     "drop the enum, or make sure it lists every value callers send",
	}.rule()

	RuleOutputEnumValueAdded = compatRule{
		ID: "compat.output.enum-value-added", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: "an added value is " + additive,
		Title:   "result value added",
		Summary: "no output enum value is added",
		Doc:     "Consumers that switch over an output enum may not handle a new value. A value added to an output enum or const only adds, so it is a warning even when a witness confirms the base schema rejects it, and an error with strict-outputs (config, --strict-outputs, the action input)." + outputDoc,
		Fix:     "make sure consumers handle the new value",
	}.rule()

	RuleOutputEnumRemoved = compatRule{
		ID: "compat.output.enum-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "result values unrestricted",
		Summary: "an output enum or const is not dropped",
		Doc:     "Dropping `enum`/`const` lets results carry any value of the type." + outputDoc,
		Fix:     "restore the enum",
	}.rule()

	// listedValue: a listed value in lists that out does not; msg takes
	// the keyword, where and the values.
	listedValue = mirror{
		in:  ruling{rule: RuleInputEnumValueRemoved, msg: "%s %s no longer allows %s: calls sending it are rejected; keep accepting the old value"},
		out: ruling{rule: RuleOutputEnumValueAdded, additive: true, msg: "%s %s now allows %s: consumers may not handle the new value; make sure they do"},
	}
	// listedAll: out lists values and in did not list any; msg takes where,
	// the keyword with out's values and the keyword.
	listedAll = mirror{
		in:  ruling{rule: RuleInputEnumAdded, msg: "input %[1]s became %[2]s: every other value base accepted is rejected; drop the %[3]s or list every value callers send"},
		out: ruling{rule: RuleOutputEnumRemoved, removed: true, msg: "the %[2]s %[1]s was dropped: head may return any value of its type; restore it"},
	}
)

// enums judges enum and const; it returns true when in lists its values
// (nothing else needs judging then).
func (j *judge) enums(in, out *node, path []step, common typeSet) bool {
	if !out.hasEnum {
		return in.hasEnum
	}
	head, base := j.headBase(in, out)
	kw := enumKw(head)
	if _, ok := head.kwPtr[kw]; !ok {
		kw = enumKw(base)
	}
	outSet := newValueSet(out.enum)
	if in.hasEnum {
		var missing []any
		for _, v := range in.enum {
			if common.has(valueType(v)) {
				if !outSet.has(v) {
					missing = append(missing, v)
				}
			}
		}
		if len(missing) == 0 {
			return true
		}
		c := change{path: path, before: base.enum, after: head.enum, locals: missing, certain: true}
		c.say(listedValue.of(j.dir), kw, where(path), quoteList(missing))
		j.emit(c, in, out, kw)
		return true
	}
	var locals []any
	for _, v := range genCandidates(in) {
		if !outSet.has(v) {
			locals = append(locals, v)
		}
	}
	c := change{path: path, before: base.enum, after: head.enum, locals: locals}
	c.say(listedAll.of(j.dir), where(path), kwPhrase(kw, out.enum), kw)
	j.emit(c, in, out, kw)
	return false
}

func kwPhrase(kw string, vals []any) string {
	if kw == "const" && len(vals) == 1 {
		return "const " + quoteValue(vals[0])
	}
	return "enum " + quoteList(vals)
}

// effective returns a bound as it acts on the admitted numbers: for
// integers only, exclusive and fractional bounds become inclusive integers.
func effective(b *bound, lower, intOnly bool) *bound {
	if b == nil || !intOnly {
		return b
	}
	v := new(big.Rat).Set(b.v)
	fl := new(big.Int).Quo(v.Num(), v.Denom())
	if v.Sign() < 0 && !v.IsInt() {
		fl.Sub(fl, big.NewInt(1))
	}
	r := new(big.Rat).SetInt(fl)
	switch {
	case lower && (b.excl || !v.IsInt()):
		r.Add(r, big.NewRat(1, 1))
	case !lower && b.excl && v.IsInt():
		r.Sub(r, big.NewRat(1, 1))
	}
	return &bound{v: r}
}

// gridStep returns the step of the numbers a schema admits: its multipleOf,
// for integers the least integer multiple of it (1 without multipleOf), nil
// when the admitted numbers are not on a grid.
func gridStep(multipleOf *big.Rat, intOnly bool) *big.Rat {
	switch {
	case multipleOf == nil && intOnly:
		return big.NewRat(1, 1)
	case multipleOf == nil:
		return nil
	case intOnly:
		// k*p/q (p/q in lowest terms) is an integer exactly when q divides k.
		return new(big.Rat).SetInt(multipleOf.Num())
	}
	return multipleOf
}

// onGrid returns the inclusive bound at the extreme value of the grid that
// b admits (the smallest for a lower bound, the largest for an upper one),
// or b itself without a grid.
func onGrid(b *bound, lower bool, step *big.Rat) *bound {
	if b == nil || step == nil {
		return b
	}
	q := new(big.Rat).Quo(b.v, step)
	k := new(big.Int).Quo(q.Num(), q.Denom()) // truncated toward zero
	if !q.IsInt() && (q.Sign() > 0) == lower {
		if lower {
			k.Add(k, big.NewInt(1))
		} else {
			k.Sub(k, big.NewInt(1))
		}
	}
	if q.IsInt() && b.excl {
		if lower {
			k.Add(k, big.NewInt(1))
		} else {
			k.Sub(k, big.NewInt(1))
		}
	}
	return &bound{v: new(big.Rat).Mul(new(big.Rat).SetInt(k), step)}
}

// tighter reports whether bound a admits fewer numbers than b.
func tighter(a, b *bound, lower bool) bool {
	c := a.v.Cmp(b.v)
	if c == 0 {
		return a.excl && !b.excl
	}
	if lower {
		return c > 0
	}
	return c < 0
}

func boundKw(b *bound, lower bool) string {
	switch {
	case lower && b.excl:
		return "exclusiveMinimum"
	case lower:
		return "minimum"
	case b.excl:
		return "exclusiveMaximum"
	}
	return "maximum"
}

func boundText(b *bound) string {
	if b == nil {
		return "none"
	}
	return numText(b.v)
}

func (j *judge) numbers(in, out *node, path []step, common typeSet) {
	intOnly := !common.has(tNumber) || common.norm()&tNumber == 0
	grid := gridStep(in.multipleOf, intOnly)
	for _, lower := range []bool{true, false} {
		ib, ob := in.max, out.max
		if lower {
			ib, ob = in.min, out.min
		}
		// with a grid (integers, multipleOf) in's extreme admissible value
		// decides: out rejects some value of in exactly when it rejects that one.
		ie, oe := onGrid(ib, lower, grid), effective(ob, lower, intOnly)
		if oe == nil || (ie != nil && !tighter(oe, ie, lower)) {
			continue
		}
		kw := boundKw(ob, lower)
		head, base := j.headBase(in, out)
		hb, bb := head.max, base.max
		if lower {
			hb, bb = head.min, base.min
		}
		c := change{path: path, before: boundText(bb), after: boundText(hb), locals: numberCandidates(ie, oe, lower, intOnly)}
		before, after := boundText(bb), boundText(hb)
		if bb != nil && hb != nil && bb.excl != hb.excl {
			// exclusive against inclusive: name the keywords, or 1 to 1 reads as no change.
			before, after = boundKw(bb, lower)+" "+before, boundKw(hb, lower)+" "+after
		}
		j.boundChange(&c, kw, ie == nil, before, after)
		if intOnly && beyondInterop(oe, lower) {
			c.interop, c.severity = true, rules.Notice
			c.msg = fmt.Sprintf(interopBound.of(j.dir), kw, boundText(ob), where(path))
		}
		j.emit(c, in, out, kw)
	}
	if out.multipleOf != nil {
		if grid == nil || !new(big.Rat).Quo(grid, out.multipleOf).IsInt() {
			head, base := j.headBase(in, out)
			c := change{path: path, before: ratOrNil(base.multipleOf), after: ratOrNil(head.multipleOf)}
			step := grid
			if step == nil {
				step = big.NewRat(1, 2)
			}
			c.locals = []any{numValue(step), numValue(new(big.Rat).Add(out.multipleOf, step))}
			if grid == nil {
				// half a step off the new grid is never on it: 0.5 and 1.0
				// above are both multiples of 0.1, say.
				c.locals = append(c.locals, offGrid(out.multipleOf, in.min, in.max)...)
			}
			j.boundChange(&c, "multipleOf", in.multipleOf == nil, ratOrNone(base.multipleOf), ratOrNone(head.multipleOf))
			j.emit(c, in, out, "multipleOf")
		}
	}
}

// maxInterop is the largest integer every JSON parser represents exactly,
// 2^53−1 (RFC 7493 §2.2).
var maxInterop = new(big.Rat).SetInt64(1<<53 - 1)

// beyondInterop reports whether the integers an effective (inclusive)
// bound excludes all lie beyond the interoperable range.
func beyondInterop(b *bound, lower bool) bool {
	if lower {
		return b.v.Cmp(new(big.Rat).Neg(maxInterop)) <= 0
	}
	return b.v.Cmp(maxInterop) >= 0
}

func ratOrNil(r *big.Rat) any {
	if r == nil {
		return nil
	}
	return numText(r)
}

func ratOrNone(r *big.Rat) string {
	if r == nil {
		return "none"
	}
	return numText(r)
}

// The bounds: numbers, lengths, counts, multipleOf, uniqueItems (boundChange).
var (
	RuleInputBoundTightened = compatRule{
		ID: "compat.input.bound-tightened", Level: rules.Must, Severity: rules.Error,
		Also: []rules.Severity{rules.Warning, rules.Notice}, Varies: downgraded + "; " + interop,
		Title:   "argument bound tightened",
		Summary: "no input bound is tightened",
		Doc:     "A larger minimum/exclusiveMinimum/minLength/minItems/minProperties/minContains, a smaller maximum/exclusiveMaximum/maxLength/maxItems/maxProperties/maxContains, a multipleOf the old one is not a multiple of, or uniqueItems turned on rejects values the base accepted. Bounds are compared by effect (inclusive against exclusive)." + inputDoc,
		Fix:     "restore the old bound",
	}.rule()

	RuleInputBoundAdded = compatRule{
		ID: "compat.input.bound-added", Level: rules.Should, Severity: rules.Warning,
		Also: []rules.Severity{rules.Error, rules.Notice}, Varies: upgraded + "; " + interop,
		Title:   "argument bound added",
		Summary: "no bound is added to an input that had none",
		Doc:     "A bound where none existed rejects values the base accepted: an error when a witness shows such a value, a warning otherwise. A bound at or beyond the interoperable integer range (±(2^53−1), RFC 7493 §2.2), as zod adds to every integer, excludes only numbers that cannot round-trip anyway: a notice." + inputDoc,
		Fix:     "confirm callers never send values outside the new bound",
	}.rule()

	RuleOutputBoundLoosened = compatRule{
		ID: "compat.output.bound-loosened", Level: rules.Must, Severity: rules.Error,
		Also: []rules.Severity{rules.Warning, rules.Notice}, Varies: downgraded + "; " + interop,
		Title:   "result bound loosened",
		Summary: "no output bound is loosened or removed",
		Doc:     "A smaller minimum, larger maximum, longer maxLength, removed uniqueItems and the like let results carry values consumers did not expect. An integer bound at or beyond ±(2^53−1) (RFC 7493 §2.2) loosened or removed only admits integers that cannot round-trip anyway: a notice." + outputDoc,
		Fix:     "restore the bound",
	}.rule()
)

// The bound mirrors: msg takes the keyword, where, the base's bound, the
// head's bound and both as "from … to …".
var (
	// boundNew: the in side had no bound at all.
	boundNew = mirror{
		in:  ruling{rule: RuleInputBoundAdded, msg: "%[1]q %[4]s added %[2]s: values base accepted outside it are rejected; make sure callers never send them"},
		out: ruling{rule: RuleOutputBoundLoosened, removed: true, msg: "%[1]q %[3]s %[2]s was removed: head may return values base ruled out; restore the bound"},
	}
	// boundMoved: both sides have the bound, out's tighter.
	boundMoved = mirror{
		in:  ruling{rule: RuleInputBoundTightened, msg: "%[1]q %[2]s tightened %[5]s: values base accepted are rejected; restore the old bound"},
		out: ruling{rule: RuleOutputBoundLoosened, msg: "%[1]q %[2]s loosened %[5]s: head may return values base ruled out; restore the old bound"},
	}
	// interopBound: a bound beyond the interoperable integer range; msg
	// takes the keyword, out's bound and where.
	interopBound = sides[string]{
		in:  "%q %s %s rejects only integers beyond ±(2^53−1), which cannot round-trip through JSON parsers anyway (RFC 7493 §2.2; zod adds this bound to every integer): nothing to fix",
		out: "%q %s %s was loosened or removed: results may only carry more integers beyond ±(2^53−1), which cannot round-trip through JSON parsers anyway, as RFC 7493 §2.2 says; nothing to fix",
	}
)

// boundChange fills rule and message of a bound change from its base and
// head values; added is true when the in side had no bound at all.
func (j *judge) boundChange(c *change, kw string, added bool, before, after string) {
	m := boundMoved
	if added {
		m = boundNew
	}
	c.say(m.of(j.dir), kw, where(c.path), before, after, fmt.Sprintf("from %s to %s", before, after))
}

// The string keywords pattern and format (strings).
var (
	// patternNew: out has a pattern and in had none; msg takes where,
	// out's pattern, the base's and head's.
	patternNew = mirror{
		in:  ruling{rule: RuleInputPatternAdded, msg: "pattern %[2]q added %[1]s: strings that do not match are rejected; drop it or make sure it matches everything callers send"},
		out: ruling{rule: RuleOutputPatternRemoved, removed: true, msg: "pattern %[2]q removed %[1]s: head may return strings it did not match; restore it"},
	}
	// patternChanged: both have a pattern, and they differ.
	patternChanged = mirror{
		in: ruling{rule: RuleInputPatternChanged,
			msg:    "pattern %[1]s changed from %[3]q to %[4]q: whether the new one accepts every string the old one did cannot be decided in general; check it",
			proven: "pattern %[1]s changed from %[3]q to %[4]q: strings the old one matched are rejected; make the new pattern match every string the old one matched"},
		out: ruling{rule: RuleOutputPatternRemoved, msg: "pattern %[1]s changed from %[3]q to %[4]q: head may return strings the old one did not match; check it"},
	}
	// formatNew: out has a format and in had none; msg takes out's
	// format, where and in's format.
	formatNew = mirror{
		in:  ruling{rule: RuleInputFormatAdded, msg: "format %[1]q added %[2]s: validators that assert formats reject other strings; make sure callers send %[1]q strings"},
		out: ruling{rule: RuleOutputFormatRemoved, removed: true, msg: "format %[1]q removed %[2]s: head may return strings of another format; restore it"},
	}
	// formatChanged: both have a format, and they differ.
	formatChanged = mirror{
		in:  ruling{rule: RuleInputFormatAdded, msg: "format %[1]q changed from %[3]q %[2]s: validators that assert formats reject other strings; make sure callers send %[1]q strings"},
		out: ruling{rule: RuleOutputFormatRemoved, msg: "format %[1]q changed to %[3]q %[2]s: head may return strings of another format; restore it"},
	}

	RuleInputPatternAdded = compatRule{
		ID: "compat.input.pattern-added", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: downgraded,
		Title:   "argument pattern added",
		Summary: "no pattern is added to an input string",
		Doc:     "A `pattern` on a string that had none rejects strings that do not match." + inputDoc,
		Fix:     "drop the pattern or make sure it matches everything callers send",
	}.rule()

	RuleInputPatternChanged = compatRule{
		ID: "compat.input.pattern-changed", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: upgraded,
		Title:   "argument pattern changed",
		Summary: "an input pattern is not changed",
		Doc:     "Whether one regular expression accepts everything another accepts cannot be decided in general; a changed pattern is a warning, and an error when a witness is found." + inputDoc,
		Fix:     "make sure the new pattern matches every string the old one matched",
	}.rule()

	RuleInputFormatAdded = compatRule{
		ID: "compat.input.format-added", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: upgraded,
		Title:   "argument format added",
		Summary: "no format is added to or changed on an input string",
		Doc:     "In 2020-12 `format` is an annotation by default, so many validators ignore it; those that assert it reject strings of another format." + inputDoc,
		Fix:     "drop the format or make sure callers send strings of that format",
	}.rule()

	RuleOutputPatternRemoved = compatRule{
		ID: "compat.output.pattern-removed", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: upgraded,
		Title:   "result pattern removed",
		Summary: "an output pattern is not removed or changed",
		Doc:     "Results may carry strings the old pattern did not match; regular expressions cannot be compared in general, so it is a warning, and an error when a witness is found." + outputDoc,
		Fix:     "restore the pattern",
	}.rule()

	RuleOutputFormatRemoved = compatRule{
		ID: "compat.output.format-removed", Level: rules.Should, Severity: rules.Warning,
		Also: alsoError, Varies: upgraded,
		Title:   "result format removed",
		Summary: "an output format is not removed or changed",
		Doc:     "Results may carry strings of another format; `format` is an annotation by default, so it is a warning.",
		Fix:     "restore the format",
	}.rule()
)

func (j *judge) strings(in, out *node, path []step) {
	head, base := j.headBase(in, out)
	if out.hasPattern && (!in.hasPattern || in.pattern != out.pattern) && !matchesEverything(out.pattern) {
		c := change{path: path, before: nilIf(!base.hasPattern, base.pattern), after: nilIf(!head.hasPattern, head.pattern), locals: stringCandidates(in, out)}
		m := patternChanged
		if !in.hasPattern {
			m = patternNew
		}
		c.say(m.of(j.dir), where(path), out.pattern, base.pattern, head.pattern)
		j.emit(c, in, out, "pattern")
	}
	if out.format != "" && in.format != out.format {
		c := change{path: path, before: nilIf(base.format == "", base.format), after: nilIf(head.format == "", head.format), locals: stringCandidates(in, out)}
		m := formatChanged
		if in.format == "" {
			m = formatNew
		}
		c.say(m.of(j.dir), out.format, where(path), in.format)
		j.emit(c, in, out, "format")
	}
}

func nilIf(cond bool, v any) any {
	if cond {
		return nil
	}
	return v
}

// countFamily gives the type a count keyword applies to.
func countFamily(name string) typeSet {
	switch {
	case strings.HasSuffix(name, "Length"):
		return tString
	case strings.HasSuffix(name, "Properties"):
		return tObject
	}
	return tArray
}

func (j *judge) counts(in, out *node, path []step, common typeSet) {
	for _, ck := range countKeywords {
		if !common.has(countFamily(ck.name)) {
			continue
		}
		if strings.HasSuffix(ck.name, "Contains") && (in.contains == nil || out.contains == nil) {
			continue
		}
		ov, ok := out.counts[ck.name]
		if !ok {
			continue
		}
		iv, had := in.counts[ck.name]
		if had && ((ck.lower && ov.Cmp(iv) <= 0) || (!ck.lower && ov.Cmp(iv) >= 0)) {
			continue
		}
		head, base := j.headBase(in, out)
		c := change{path: path, before: intOrNil(base.counts[ck.name]), after: intOrNil(head.counts[ck.name])}
		c.locals = countCandidates(in, ck.name, iv, ov, ck.lower)
		j.boundChange(&c, ck.name, !had, intText(base.counts[ck.name]), intText(head.counts[ck.name]))
		j.emit(c, in, out, ck.name)
	}
	if common.has(tArray) && out.unique && !in.unique {
		head, base := j.headBase(in, out)
		c := change{path: path, before: base.unique, after: head.unique, locals: countCandidates(in, "uniqueItems", nil, nil, true)}
		j.boundChange(&c, "uniqueItems", false, fmt.Sprint(base.unique), fmt.Sprint(head.unique))
		c.removed = !head.unique // an output's head dropped it
		j.emit(c, in, out, "uniqueItems")
	}
}

func intOrNil(b *big.Int) any {
	if b == nil {
		return nil
	}
	return b.String()
}

func intText(b *big.Int) string {
	if b == nil {
		return "none"
	}
	return b.String()
}

// severityFor lets a rule's finding carry another severity than the rule's default.
func severityFor(r *rules.Rule, closed bool) rules.Severity {
	if closed {
		return r.Severity
	}
	return rules.Warning
}

// offGrid returns numbers half a step m off the grid of m's multiples, the
// first above min and the last below max when those bounds are set: no
// multiple of m, and inside bounds that admit one.
func offGrid(m *big.Rat, min, max *bound) []any {
	half := new(big.Rat).Quo(m, big.NewRat(2, 1))
	out := []any{numValue(half)}
	// k*m + half for the integer k nearest the bound, inward
	at := func(b *bound, lower bool) {
		q := new(big.Rat).Quo(new(big.Rat).Sub(b.v, half), m)
		k := new(big.Int).Quo(q.Num(), q.Denom()) // truncated toward zero
		kr := new(big.Rat).SetInt(k)
		if lower && kr.Cmp(q) < 0 {
			kr.Add(kr, big.NewRat(1, 1))
		}
		if !lower && kr.Cmp(q) > 0 {
			kr.Sub(kr, big.NewRat(1, 1))
		}
		v := new(big.Rat).Add(new(big.Rat).Mul(kr, m), half)
		if b.excl && v.Cmp(b.v) == 0 {
			if lower {
				v.Add(v, m)
			} else {
				v.Sub(v, m)
			}
		}
		out = append(out, numValue(v))
	}
	if min != nil {
		at(min, true)
	}
	if max != nil {
		at(max, false)
	}
	return out
}
