package diffcheck

import (
	"path"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// diffCase is a fixture read by internal/testsupport/fixture (its package doc has the
// syntax: want lines with base=<file>#<pointer>, alias, nowitness) with the
// files of its base/ and head/ sections parsed. A case without want lines
// must be silent.
type diffCase struct {
	*fixture.Case
	base, head []*source.File
}

// loadDiffCases reads every case under dir. A diff case has only base/ and
// head/ files and none of the validation harness's versions or options,
// which this harness would not apply.
func loadDiffCases(t *testing.T, dir string) []*diffCase {
	t.Helper()
	cases, err := fixture.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []*diffCase
	for _, fc := range cases {
		for k := range fc.Options {
			if k != "strict-outputs" && k != "now" {
				t.Fatalf("%s: option %q is not understood by diff cases (only strict-outputs and now)", fc.Path, k)
			}
		}
		if len(fc.Versions) > 0 {
			t.Fatalf("%s: versions are not understood by diff cases", fc.Path)
		}
		c := &diffCase{Case: fc}
		for _, f := range fc.Section("base") {
			c.base = append(c.base, source.Parse(f.Name, f.Data, source.Limits{}))
		}
		for _, f := range fc.Section("head") {
			c.head = append(c.head, source.Parse(f.Name, f.Data, source.Limits{}))
		}
		if n := len(c.base) + len(c.head); n != len(fc.Order) {
			t.Fatalf("%s: %d files outside base/ and head/", fc.Path, len(fc.Order)-n)
		}
		out = append(out, c)
	}
	return out
}

// fixtureDay is the frozen clock of the diff cases, unless a case says
// option now DAY (as the validation fixtures).
const fixtureDay = "2026-06-01"

// options are the Options a case asks for (option strict-outputs true,
// option now 2027-02-01).
func (c *diffCase) options() Options {
	day := fixtureDay
	if d := c.Options["now"]; d != "" {
		day = d
	}
	now, err := time.Parse("2006-01-02", day)
	if err != nil {
		panic(c.Path + ": option now: " + err.Error())
	}
	return Options{Aliases: c.Aliases, StrictOutputs: c.Options["strict-outputs"] == "true", Now: now}
}

// toolSchemaValid is the validation rule whose errors say a schema is
// invalid (validate.RuleToolSchemaValid; diffcheck's tests do not import
// validate, see internal/layers).
const toolSchemaValid = "json-schema.tool-schema.valid"

// notComparedWhereInvalid applies NotComparedWhereInvalid as the pipeline
// does, with the head files' schema validity errors computed by the schema
// engine (the errors validate reports for a tool's inputSchema and
// outputSchema, external references and bounds left out).
func notComparedWhereInvalid(got []report.Finding, head []*source.File, eng *schema.Engine) []report.Finding {
	n := len(got)
	for _, h := range head {
		for _, tl := range h.Tools {
			for _, key := range []string{"inputSchema", "outputSchema"} {
				s, ok := tl.Value[key]
				if !ok {
					continue
				}
				if _, isObj := s.(map[string]any); !isObj {
					continue
				}
				for _, p := range eng.Check(s).Problems {
					if p.Kind == schema.SchemaExternalRef || p.Kind == schema.SchemaBound {
						continue
					}
					ptr := tl.Pointer + "/" + key + p.Pointer
					pos, _ := h.Index.Locate(ptr)
					got = append(got, report.Finding{Rule: toolSchemaValid, Severity: rules.Error, File: h.Path,
						Pointer: ptr, Line: pos.Line, Column: pos.Column, Message: p.Message})
				}
			}
		}
	}
	if len(got) == n {
		return got
	}
	var out []report.Finding
	for _, f := range NotComparedWhereInvalid(got, toolSchemaValid) {
		if f.Rule != toolSchemaValid {
			out = append(out, f)
		}
	}
	return out
}

// TestFixtures runs every case in testdata: each produces exactly the
// findings it declares (a case that declares none is silent), base
// locations match, and every witness is confirmed by the validator.
func TestFixtures(t *testing.T) {
	t.Parallel()
	cases := loadDiffCases(t, "testdata")
	if len(cases) == 0 {
		t.Fatal("no fixtures")
	}
	eng := schema.NewEngine(schema.DefaultLimits)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			got := notComparedWhereInvalid(Compare(c.base, c.head, c.options()), c.head, eng)
			for _, d := range c.Compare(got) {
				t.Error(d)
			}
			for _, f := range got {
				checkFinding(t, c, eng, f)
			}
		})
	}
}

// checkFinding checks the shape of a finding and re-runs the validator on its witness.
func checkFinding(t *testing.T, c *diffCase, eng *schema.Engine, f report.Finding) {
	t.Helper()
	if f.Line == 0 || f.Fingerprint == "" || f.Message == "" || f.Message != strings.TrimSpace(f.Message) {
		t.Errorf("incomplete finding %+v", f)
	}
	if f.Message[:1] != strings.ToLower(f.Message[:1]) {
		t.Errorf("message not lower case: %q", f.Message)
	}
	if strings.Contains(f.Message, ") (") {
		t.Errorf("two parentheses in a row: %q", f.Message)
	}
	side := ""
	switch {
	case strings.HasPrefix(f.Rule, "compat.input."):
		side = "inputSchema"
	case strings.HasPrefix(f.Rule, "compat.output."):
		side = "outputSchema"
	}
	undecidable := f.Rule == RuleInputUndecidable.ID || f.Rule == RuleOutputUndecidable.ID
	if undecidable && (f.Witness != nil || !f.Incomplete) {
		t.Errorf("%s %s#%s: a change that cannot be judged has no witness and marks the report incomplete", f.Rule, f.File, f.Pointer)
	}
	needs := side != "" && f.Severity.String() == "error" && !c.NoWitness[f.Rule] &&
		f.Rule != RuleOutputSchemaRemoved.ID && !undecidable && !f.Incomplete
	if needs && f.Witness == nil {
		t.Errorf("%s %s#%s has no witness: %s", f.Rule, f.File, f.Pointer, f.Message)
	}
	if f.Incomplete && side != "" && !undecidable && f.Severity.String() == "error" && !strings.Contains(f.Message, "external $ref") {
		t.Errorf("%s %s#%s: an error without witness under an unresolved reference names it: %s", f.Rule, f.File, f.Pointer, f.Message)
	}
	if f.Witness == nil || side == "" || f.Rule == RuleOutputSchemaRemoved.ID {
		return
	}
	bs, hs := schemaFor(c.base, f.Base), schemaFor(c.head, &report.Location{File: f.File, Pointer: f.Pointer})
	if bs == nil && side == "inputSchema" && toolWithout(c.base, f.Base, "inputSchema") {
		bs = anyArguments() // a base tool with no inputSchema accepts any arguments object
	}
	if bs == nil || hs == nil {
		t.Errorf("%s: cannot find the schemas of the finding", f.Rule)
		return
	}
	bv, hv := validates(eng, bs, f.Witness), validates(eng, hs, f.Witness)
	if side == "inputSchema" && !(bv && !hv) || side == "outputSchema" && !(hv && !bv) {
		t.Errorf("%s: witness %v does not hold (base valid %v, head valid %v)", f.Rule, f.Witness, bv, hv)
	}
	// the rejecting side fails the witness at the changed keyword: under the
	// finding's pointer (head for inputs, base for outputs), unless the
	// pointer is the nearest surviving ancestor of something removed.
	rs, at := hs, f.Pointer
	if side == "outputSchema" {
		rs, at = bs, f.Base.Pointer
	}
	root := schemaRoot(at)
	// every reason counts, in each branch of a union no branch matched:
	// the branch that changed rejects the witness at the changed keyword.
	reasons, _ := eng.Check(rs).Reasons(f.Witness)
	hit := false
	var seen []string
	eachReason(reasons, func(e schema.Reason) {
		k := strings.ReplaceAll(e.Keyword, "/dependency/", "/dependencies/")
		seen = append(seen, k)
		for _, rel := range rejectingKeywords(f.Rule, strings.TrimPrefix(at, root)) {
			if k == rel || strings.HasPrefix(k, rel+"/") {
				hit = true
			}
		}
	})
	if !hit {
		t.Errorf("%s: witness %v is rejected for another reason than the change at %s: %v", f.Rule, f.Witness, at, seen)
	}
}

// eachReason calls fn with every reason of a tree, in every alternative.
func eachReason(rs []schema.Reason, fn func(schema.Reason)) {
	for _, r := range rs {
		fn(r)
		for _, alt := range r.Alternatives {
			eachReason(alt, fn)
		}
	}
}

// rejectingKeywords returns where the rejecting schema may reject a witness
// of a finding at rel: rel itself, or for findings that point elsewhere the
// keyword that does the rejecting (then/else of an if, the closing keyword
// of a removed member, the required list of a removed required member).
func rejectingKeywords(rule, rel string) []string {
	out := []string{rel}
	dir, last := path.Split(rel)
	switch {
	case last == "if":
		out = append(out, dir+"then", dir+"else")
	case last == "minContains" || last == "maxContains": // the validator names the elements contains rejects
		out = append(out, dir+"contains")
	case last == "not": // reported at the schema holding it
		out = append(out, strings.TrimSuffix(dir, "/"))
	case rule == RuleInputPropertyRemoved.ID && last == "properties":
		out = append(out, dir+"additionalProperties", dir+"unevaluatedProperties")
	case rule == RuleOutputRequiredRemoved.ID && strings.HasSuffix(path.Dir(rel), "/properties"):
		out = append(out, strings.TrimSuffix(path.Dir(path.Dir(rel)), "/")+"/required")
	case rule == RuleInputRequiredAdded.ID && strings.HasSuffix(path.Dir(rel), "/required"): // at the member's entry
		out = append(out, path.Dir(rel))
	case rule == RuleInputRequiredAdded.ID && strings.HasSuffix(path.Dir(rel), "/properties"): // at the member
		out = append(out, strings.TrimSuffix(path.Dir(path.Dir(rel)), "/")+"/required")
	}
	return out
}

// schemaRoot returns the pointer of the schema enclosing ptr.
func schemaRoot(ptr string) string {
	if rest, ok := strings.CutPrefix(ptr, "/components/schemas/"); ok {
		name, _, _ := strings.Cut(rest, "/")
		return "/components/schemas/" + name
	}
	for _, key := range []string{"/inputSchema", "/outputSchema"} {
		if i := strings.Index(ptr, key); i >= 0 {
			return ptr[:i+len(key)]
		}
	}
	return ""
}

// schemaFor returns the inputSchema/outputSchema value enclosing a
// location, or the component of #/components/schemas it lies in.
func schemaFor(files []*source.File, l *report.Location) any {
	if l == nil {
		return nil
	}
	for _, f := range files {
		if f.Path != l.File {
			continue
		}
		if rest, ok := strings.CutPrefix(l.Pointer, "/components/schemas/"); ok {
			name, _, _ := strings.Cut(rest, "/")
			v, _ := source.Resolve(f.Root, "/components/schemas/"+name)
			return v
		}
		for _, key := range []string{"/inputSchema", "/outputSchema"} {
			if i := strings.Index(l.Pointer, key); i >= 0 {
				v, _ := source.Resolve(f.Root, l.Pointer[:i+len(key)])
				return v
			}
		}
	}
	return nil
}

func validates(eng *schema.Engine, s, v any) bool {
	errs, ok := eng.Check(s).Validate(v)
	return ok && len(errs) == 0
}

// toolWithout reports whether the location is a tool object without key.
func toolWithout(files []*source.File, l *report.Location, key string) bool {
	for _, f := range files {
		if l == nil || f.Path != l.File {
			continue
		}
		v, _ := source.Resolve(f.Root, l.Pointer)
		if m, ok := v.(map[string]any); ok {
			_, has := m[key]
			_, named := m["name"]
			return named && !has
		}
	}
	return false
}
