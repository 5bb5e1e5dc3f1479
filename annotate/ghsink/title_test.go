package ghsink

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestAnnotationWitnessWhole: the check run annotation is titled with the
// tool, and its raw_details carry the whole witness and the rule id.
func TestAnnotationWitnessWhole(t *testing.T) {
	long := strings.Repeat("é", 400)
	rep := &report.Report{Findings: []report.Finding{{Rule: "compat.input.required-added", Severity: rules.Error,
		File: "t.json", Line: 2, Column: 3, Tool: "search_issues", Message: "m", Witness: map[string]any{"q": long}}}}
	anns := Annotations(rep, testRules)
	if len(anns) != 1 {
		t.Fatalf("%d annotations", len(anns))
	}
	a := anns[0]
	if !strings.HasPrefix(a.GetTitle(), "search_issues: ") {
		t.Errorf("title %q", a.GetTitle())
	}
	if d := a.GetRawDetails(); !strings.Contains(d, `witness: {"q":"`+long+`"}`) || !strings.Contains(d, "rule: compat.input.required-added") {
		t.Errorf("raw details %q", d)
	}
}
