package diffcheck

import (
	"fmt"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/internal/deprecation"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// The lifecycle rules: an item deprecated at the base (internal/deprecation
// reads the forms) is removed by the rules once its sunset has passed
// (removedAfterSunset), and its sunset is not brought forward
// (sunsetEarlier). A removal before the sunset, or of an item deprecated
// without a sunset date, stays the error of its removal rule
// (compat.tool.removed, compat.input.property-removed, …), whose message
// then says the date.
var (
	RuleRemovedAfterSunset = compatRule{
		ID: "compat.deprecation.removed-after-sunset", Level: rules.May, Severity: rules.Notice,
		Title:   "removed after its sunset",
		Summary: "a deprecated item is removed only after its sunset",
		Doc: "A tool, parameter, output property, resource, resource template or prompt that the base marks deprecated with a sunset date (MCP Description `deprecated`, `_meta` \"io.mcpschema/deprecated\", JSON Schema `deprecated` with \"x-mcpschema-deprecated\", or a description prefix; see docs/deprecation.md) and that the head removes after that day is removed by the rules: a notice that says the sunset and the version it was announced in, not a breaking change. " +
			"The day is the run's clock (`check --now`, in the action the head commit's date). Removed on or before the sunset day, or deprecated without a sunset date, the removal stays the error of its removal rule (`compat.tool.removed` and the like), and the message says the date.",
		Fix: "nothing to fix: mention the removal in the release notes",
	}.rule()

	RuleSunsetEarlier = compatRule{
		ID: "compat.deprecation.sunset-earlier", Level: rules.Must, Severity: rules.Error,
		Title:   "sunset moved earlier",
		Summary: "the sunset of a deprecated item is not moved earlier",
		Doc:     "Callers plan their move by the announced sunset date; a head that brings the sunset of a tool, parameter, output property, resource, resource template or prompt forward breaks that promise, even before anything is removed. A sunset that had already passed at the base (by the run's clock) may move freely, as the item may be removed anyway; a later sunset or a new successor is a change for `changelog`, not a finding.",
		Fix:     "keep the announced sunset date, or a later one",
	}.rule()
)

// day is the day deprecations are judged on: Options.Now in UTC, today
// when it is zero.
func (o Options) day() string {
	if o.Now.IsZero() {
		return deprecation.Today(time.Now())
	}
	return deprecation.Today(o.Now)
}

// announced says what a deprecation told callers, for messages:
// `, announced since "1.4.0"; callers were told to use "find"`.
func announced(d *deprecation.Deprecation) string {
	s := ", as announced"
	if d.Since != "" {
		s = fmt.Sprintf(", announced since %q", d.Since)
	}
	if d.Use != "" {
		s += fmt.Sprintf("; callers were told to use %q", d.Use)
	}
	return s
}

// announcedBefore says what a deprecation told callers, for the message
// of a removal before the sunset: `, announced since "1.4.0" with the
// successor "find"`.
func announcedBefore(d *deprecation.Deprecation) string {
	s := ""
	if d.Since != "" {
		s = fmt.Sprintf(", announced since %q", d.Since)
	}
	if d.Use != "" {
		s += fmt.Sprintf(" with the successor %q", d.Use)
	}
	return s
}

// removedAfterSunset turns the removal finding f of an item deprecated at
// the base into a notice of RuleRemovedAfterSunset when d's sunset has
// passed on day; before the sunset (or without one) the removal stays an
// error whose message says the date. who names the item for messages.
func removedAfterSunset(f *report.Finding, d *deprecation.Deprecation, who, day string) {
	was := ""
	if f.Base != nil && strings.Contains(f.Message, " (was at ") {
		was = fmt.Sprintf(" (was at %s:%d:%d)", f.Base.File, f.Base.Line, f.Base.Column)
	}
	switch {
	case d.Passed(day):
		f.Fingerprint = report.Fingerprint(RuleRemovedAfterSunset.ID, f.Fingerprint)
		f.Rule, f.Severity, f.Witness = RuleRemovedAfterSunset.ID, RuleRemovedAfterSunset.Severity, nil
		f.Message = fmt.Sprintf("%s was removed%s after its sunset %q%s", who, was, d.Sunset, announced(d))
	case d.Sunset != "":
		f.Message = withAdvice(f.Message, fmt.Sprintf("it was removed before its sunset %q%s: keep it until after that day", d.Sunset, announcedBefore(d)))
	default:
		f.Message = withAdvice(f.Message, fmt.Sprintf("it is deprecated (%s) without a sunset date: keep it, announce a sunset and remove it after that day", d.FormText()))
	}
}

// withAdvice replaces the advice of a removal message ("what: why;
// advice", perhaps followed by "; for example …") with advice.
func withAdvice(msg, advice string) string {
	start := strings.Index(msg, ": ")
	if start < 0 {
		return msg + "; " + advice
	}
	i := strings.Index(msg[start:], "; ")
	if i < 0 {
		return msg + "; " + advice
	}
	i += start + 2
	if j := strings.Index(msg[i:], "; "); j >= 0 {
		return msg[:i] + advice + msg[i+j:]
	}
	return msg[:i] + advice
}

// toolDeprecation is the deprecation of a tool at its side (nil: none).
func toolDeprecation(t *toolRef) *deprecation.Deprecation {
	d, _ := deprecation.Read(deprecation.Tool, t.name(), t.tool.Value, t.tool.Pointer)
	return d
}

// schemaDeprecations are the deprecated properties of a tool's schema
// under key (inputSchema, outputSchema), by path.
func schemaDeprecations(t *toolRef, key string, kind deprecation.Kind) map[string]*deprecation.Deprecation {
	ptr, v, status := schemaOf(t, key)
	if status != schemaUsable {
		return nil
	}
	list, _ := deprecation.Properties(kind, v, ptr, maxSteps)
	out := make(map[string]*deprecation.Deprecation, len(list))
	for i := range list {
		if _, dup := out[list[i].Name]; !dup {
			out[list[i].Name] = &list[i]
		}
	}
	return out
}

// pairLifecycle judges the lifecycle of one tool pair: the findings from
// index from on are its findings so far; a property removed that the base
// marks deprecated is removed by the rules after its sunset, and a sunset
// moved earlier (the tool's or a property's) is reported.
func (c *comparer) pairLifecycle(p pair, from int) {
	bt, ht := toolDeprecation(p.base), toolDeprecation(p.head)
	c.sunsetEarlier(p, bt, ht, fmt.Sprintf("tool %q", p.head.name()))
	for _, s := range []struct {
		key     string
		kind    deprecation.Kind
		removed string
	}{{"inputSchema", deprecation.Parameter, RuleInputPropertyRemoved.ID}, {"outputSchema", deprecation.OutputProperty, RuleOutputPropertyRemoved.ID}} {
		base := schemaDeprecations(p.base, s.key, s.kind)
		if len(base) == 0 {
			continue
		}
		byPtr := make(map[string]*deprecation.Deprecation, len(base))
		for _, d := range base {
			byPtr[d.Pointer] = d
		}
		for i := from; i < len(c.findings); i++ {
			f := &c.findings[i]
			if (f.Rule != s.removed && !(s.kind == deprecation.OutputProperty && f.Rule == RuleOutputRequiredRemoved.ID)) || f.Base == nil {
				continue
			}
			if d := byPtr[f.Base.Pointer]; d != nil {
				removedAfterSunset(f, d, fmt.Sprintf("%s of tool %q", d.Label(), p.head.name()), c.day)
			}
		}
		head := schemaDeprecations(p.head, s.key, s.kind)
		for name, b := range base {
			if h := head[name]; h != nil {
				c.sunsetEarlier(p, b, h, fmt.Sprintf("%s of tool %q", h.Label(), p.head.name()))
			}
		}
	}
}

// sunsetEarlier reports a head sunset earlier than the base's, unless the
// base's had already passed.
func (c *comparer) sunsetEarlier(p pair, b, h *deprecation.Deprecation, who string) {
	if b == nil || h == nil || b.Sunset == "" || h.Sunset == "" || h.Sunset >= b.Sunset || b.Passed(c.day) {
		return
	}
	c.add(draft{rule: RuleSunsetEarlier, tool: p.head, at: loc{file: p.head.file, ptr: h.SunsetPointer},
		base: &loc{file: p.base.file, ptr: b.SunsetPointer}, before: h.Name + " " + b.Sunset, after: h.Sunset,
		msg: sunsetEarlierText(who, b.Sunset, h.Sunset)})
}

// sunsetEarlierText is the message of RuleSunsetEarlier.
func sunsetEarlierText(who, before, after string) string {
	return fmt.Sprintf("the sunset of %s moved earlier, from %q to %q: callers plan their move by the announced date; keep %q or a later one", who, before, after, before)
}

// docKinds are the deprecated primitives of an MCP Description document:
// the member that lists them, what identifies one, its kind and the rule
// of its removal.
var docKinds = []struct {
	member, key string
	kind        deprecation.Kind
	removed     *rules.Rule
}{
	{"resources", "uri", deprecation.Resource, RuleResourceRemoved},
	{"resourceTemplates", "uriTemplate", deprecation.ResourceTemplate, RuleTemplateRemoved},
	{"prompts", "name", deprecation.Prompt, RulePromptRemoved},
}

// docRemoval reports whether id is the removal rule of a deprecated
// primitive of a document (docKinds).
func docRemoval(id string) bool {
	for _, k := range docKinds {
		if k.removed.ID == id {
			return true
		}
	}
	return false
}

// documentDeprecations are the deprecated primitives of a document, by
// kind and name, and by pointer.
func documentDeprecations(f *source.File) (byName, byPtr map[string]*deprecation.Deprecation) {
	byName, byPtr = map[string]*deprecation.Deprecation{}, map[string]*deprecation.Deprecation{}
	root := docRoot(f)
	for _, k := range docKinds {
		list, _ := root[k.member].([]any)
		for i, v := range list {
			obj, _ := v.(map[string]any)
			name, _ := obj[k.key].(string)
			if name == "" {
				continue
			}
			d, _ := deprecation.Read(k.kind, name, obj, source.JoinIndex("/"+k.member, i))
			if d == nil {
				continue
			}
			if _, dup := byName[string(k.kind)+" "+name]; !dup {
				byName[string(k.kind)+" "+name] = d
			}
			byPtr[d.Pointer] = d
		}
	}
	return byName, byPtr
}

// documentLifecycle applies the lifecycle rules to the findings of one
// document pair (CompareDocument): a removed resource, resource template
// or prompt that the base marks deprecated is removed by the rules after
// its sunset, and a sunset moved earlier is reported.
func documentLifecycle(day string, base, head *source.File, found []report.Finding) []report.Finding {
	if base == nil || base.Fatal() {
		return found
	}
	bn, bp := documentDeprecations(base)
	if len(bn) == 0 {
		return found
	}
	for i := range found {
		f := &found[i]
		if !docRemoval(f.Rule) || f.Base == nil {
			continue
		}
		if d := bp[f.Base.Pointer]; d != nil {
			removedAfterSunset(f, d, d.Label(), day)
		}
	}
	if head == nil || head.Fatal() {
		return found
	}
	hn, _ := documentDeprecations(head)
	c := &comparer{day: day}
	for key, b := range bn {
		h := hn[key]
		if h == nil || b.Sunset == "" || h.Sunset == "" || h.Sunset >= b.Sunset || b.Passed(day) {
			continue
		}
		c.add(draft{rule: RuleSunsetEarlier, at: loc{file: head, ptr: h.SunsetPointer}, base: &loc{file: base, ptr: b.SunsetPointer},
			before: key + " " + b.Sunset, after: h.Sunset, msg: sunsetEarlierText(h.Label(), b.Sunset, h.Sunset)})
	}
	return append(found, c.findings...)
}
