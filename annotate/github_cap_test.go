package annotate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestGitHubFormatIsCapped: --format github folds the repeats of a rule in
// a file and bounds the lines like check run annotations, and says so.
func TestGitHubFormatIsCapped(t *testing.T) {
	rep := &report.Report{Files: []report.FileSummary{{Path: "tools/a.json", Tools: 1, Complete: true}}}
	for i := range 5000 {
		rep.Findings = append(rep.Findings, report.Finding{Rule: "mcpschema.file.duplicate-key", Severity: rules.Error,
			File: "tools/a.json", Line: i + 1, Column: 1, Pointer: fmt.Sprintf("/x%d", i), Message: fmt.Sprintf("duplicate key %d", i)})
	}
	rep.Finalize()
	var b bytes.Buffer
	if err := RenderGitHub(&b, rep, sampleRules); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if n := strings.Count(out, "::error "); n != AnnotationsPerRuleFile+1 {
		t.Errorf("%d ::error lines, want %d and one folded", n, AnnotationsPerRuleFile+1)
	}
	if !strings.Contains(out, "and 4900 more like this") || !strings.Contains(out, "note: 100 of 5000 findings are annotated one by one") ||
		!strings.Contains(out, "5000 errors") {
		t.Errorf("output lacks the fold, the note or the totals:\n%s", out[max(0, len(out)-1200):])
	}
}

// TestCapAnnotationsRunBound: past the run's bound, errors are kept first
// and the counts add up.
func TestCapAnnotationsRunBound(t *testing.T) {
	var fs []report.Finding
	for i := range 30 {
		sev := rules.Warning
		if i >= 25 {
			sev = rules.Error
		}
		fs = append(fs, report.Finding{Rule: fmt.Sprintf("r%02d", i), Severity: sev, File: "a.json", Line: i + 1})
	}
	fs = append(fs, report.Finding{Rule: "folded", Severity: rules.Error, File: "a.json", Line: 99, Folded: 7})
	c := CapAnnotations(fs, 2, 10)
	errs := 0
	for _, f := range c.Findings {
		if f.Severity == rules.Error {
			errs++
		}
	}
	if len(c.Findings) != 10 || errs != 6 || c.Total != 37 || c.LeftOut != 21 || c.Folded != 28 {
		t.Errorf("capped %d (%d errors), total %d, folded %d, left out %d: want 10 (6 errors), 37, 28, 21", len(c.Findings), errs, c.Total, c.Folded, c.LeftOut)
	}
}
