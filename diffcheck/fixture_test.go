package diffcheck

import (
	"path"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/validate"
	"github.com/mcpschema/mcpschema/validate/fixture"
	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/schema"
	"github.com/mcpschema/mcpschema/validate/source"
)

// diffCase is a fixture read by validate/fixture (its package doc has the
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
			if k != "strict-outputs" {
				t.Fatalf("%s: option %q is not understood by diff cases (only strict-outputs)", fc.Path, k)
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

// options are the Options a case asks for (option strict-outputs true).
func (c *diffCase) options() Options {
	return Options{Aliases: c.Aliases, StrictOutputs: c.Options["strict-outputs"] == "true"}
}

// notComparedWhereInvalid applies NotComparedWhereInvalid as the pipeline
// does, with the head files' schema validity findings.
func notComparedWhereInvalid(got []report.Finding, head []*source.File, eng *schema.Engine) []report.Finding {
	n := len(got)
	for _, h := range head {
		for _, f := range validate.CheckFile(h, validate.Options{Limits: validate.DefaultLimits}, eng).Findings {
			if f.Rule == validate.RuleToolSchemaValid.ID {
				got = append(got, f)
			}
		}
	}
	if len(got) == n {
		return got
	}
	var out []report.Finding
	for _, f := range NotComparedWhereInvalid(got, validate.RuleToolSchemaValid.ID) {
		if f.Rule != validate.RuleToolSchemaValid.ID {
			out = append(out, f)
		}
	}
	return out
}

// TestFixtures runs every case in testdata: each produces exactly the
// findings it declares (a case that declares none is silent), base
// locations match, and every witness is confirmed by the validator.
func TestFixtures(t *testing.T) {
	cases := loadDiffCases(t, "testdata")
	if len(cases) == 0 {
		t.Fatal("no fixtures")
	}
	eng := schema.NewEngine(validate.DefaultLimits.Schema)
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
	needs := side != "" && f.Severity.String() == "error" && !c.NoWitness[f.Rule] &&
		f.Rule != RuleOutputSchemaRemoved.ID
	if needs && f.Witness == nil {
		t.Errorf("%s %s#%s has no witness: %s", f.Rule, f.File, f.Pointer, f.Message)
	}
	if f.Witness == nil || side == "" || f.Rule == RuleOutputSchemaRemoved.ID {
		return
	}
	bs, hs := schemaFor(c.base, f.Base), schemaFor(c.head, &report.Location{File: f.File, Pointer: f.Pointer})
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
	errs, _ := eng.Check(rs).Validate(f.Witness)
	hit := false
	for _, e := range errs {
		k := strings.ReplaceAll(e.Keyword, "/dependency/", "/dependencies/")
		for _, rel := range rejectingKeywords(f.Rule, strings.TrimPrefix(at, root)) {
			if k == rel || strings.HasPrefix(k, rel+"/") {
				hit = true
			}
		}
	}
	if !hit {
		t.Errorf("%s: witness %v is rejected for another reason than the change at %s: %+v", f.Rule, f.Witness, at, errs)
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
	case last == "not": // reported at the schema holding it
		out = append(out, strings.TrimSuffix(dir, "/"))
	case rule == RuleInputPropertyRemoved.ID && last == "properties":
		out = append(out, dir+"additionalProperties", dir+"unevaluatedProperties")
	case rule == RuleOutputRequiredRemoved.ID && strings.HasSuffix(path.Dir(rel), "/properties"):
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
