package diffcheck

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestSchemaAt: the schema that holds an invalid keyword, by the keywords
// on the way from inputSchema or outputSchema.
func TestSchemaAt(t *testing.T) {
	for in, want := range map[string]string{
		"/inputSchema/properties/n/type":            "/inputSchema/properties/n",
		"/tools/0/inputSchema/properties/n/type/0":  "/tools/0/inputSchema/properties/n",
		"/outputSchema/anyOf/1/items/enum":          "/outputSchema/anyOf/1/items",
		"/inputSchema/$defs/a/properties/b/minimum": "/inputSchema/$defs/a/properties/b",
		"/inputSchema/type":                         "/inputSchema",
		"/inputSchema/properties/not/type":          "/inputSchema/properties/not",
	} {
		if got, ok := schemaAt(in); !ok || got != want {
			t.Errorf("schemaAt(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := schemaAt("/name"); ok {
		t.Error("a pointer outside the schemas has no schema")
	}
}

// TestNotComparedOnlyForErrors: a warning or an incomplete finding of the
// validity rule (an external reference, a bound) does not replace verdicts.
func TestNotComparedOnlyForErrors(t *testing.T) {
	brk := report.Finding{Rule: RuleInputTypeNarrowed.ID, Severity: rules.Error, File: "t.json", Pointer: "/inputSchema/properties/n/type"}
	for _, v := range []report.Finding{
		{Rule: "x.valid", Severity: rules.Warning, File: "t.json", Pointer: "/inputSchema/properties/n/$ref"},
		{Rule: "x.valid", Severity: rules.Error, File: "t.json", Pointer: "/inputSchema/properties/n", Incomplete: true},
	} {
		got := NotComparedWhereInvalid([]report.Finding{brk, v}, "x.valid")
		if len(got) != 2 || got[0].Rule != brk.Rule {
			t.Errorf("%+v replaced the verdict: %+v", v, got)
		}
	}
	got := NotComparedWhereInvalid([]report.Finding{brk, {Rule: "x.valid", Severity: rules.Error, File: "t.json", Pointer: "/inputSchema/properties/n/type"}}, "x.valid")
	if len(got) != 2 || got[1].Rule != RuleHeadInvalid.ID {
		t.Errorf("an invalid keyword: %+v", got)
	}
}

// TestNotComparedOnlyWhereTheChangeIsInvalid: an invalid schema the base
// already had (a pre-existing finding, which does not fail the run) does
// not hide the verdicts below it: the change is judged against the same
// typo, and a break there still fails the gate.
func TestNotComparedOnlyWhereTheChangeIsInvalid(t *testing.T) {
	brk := report.Finding{Rule: RuleInputRequiredAdded.ID, Severity: rules.Error, File: "t.json", Pointer: "/inputSchema/properties/n/required/0"}
	old := report.Finding{Rule: "x.valid", Severity: rules.Error, File: "t.json", Pointer: "/inputSchema/properties/n/type", PreExisting: true}
	got := NotComparedWhereInvalid([]report.Finding{brk, old}, "x.valid")
	if len(got) != 2 || got[0].Rule != brk.Rule {
		t.Errorf("a pre-existing invalid schema replaced the verdict below it: %+v", got)
	}
}
