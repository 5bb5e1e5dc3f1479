package validate

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// yamlTools is a block YAML tools/list of two tools.
const yamlTools = "tools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n        q: {type: string}\n  - name: b\n    inputSchema: {type: object}\n"

func budgetFindings(rep *report.Report) []report.Finding {
	var out []report.Finding
	for _, f := range rep.Findings {
		if f.Rule == RuleTimeBudget.ID {
			out = append(out, f)
		}
	}
	return out
}

// TestYAMLReadingCutByTimeBudget: a YAML file whose reading the time budget
// cut (here a deadline already passed, injected through the limits) is an
// error of mcpschema.file.time-budget at a position, and the file is not
// complete: the gate fails closed. (Before, reading was outside every
// budget: a 10 MB dense YAML file took 9 s before its budget started.)
func TestYAMLReadingCutByTimeBudget(t *testing.T) {
	t.Parallel()
	f := source.Parse("tools.yaml", []byte(yamlTools), source.Limits{Deadline: time.Unix(1, 0)})
	rep := Run([]*source.File{f}, Options{})
	got := budgetFindings(rep)
	if len(got) != 1 || got[0].Severity != rules.Error || got[0].Line != 1 || got[0].Column != 1 ||
		!strings.Contains(got[0].Message, "limits.file-timeout") {
		t.Fatalf("time-budget findings = %+v, want one error at 1:1 naming limits.file-timeout", got)
	}
	if rep.Files[0].Complete || !report.DefaultGate.Fails(rep) {
		t.Errorf("file complete %v, run fails %v", rep.Files[0].Complete, report.DefaultGate.Fails(rep))
	}
}

// TestFileBudgetCountsFromReading: the file's budget (limits.file-timeout)
// starts when the file began to be read (File.Started), so reading and
// checking share it: a file read for longer than the budget has no time
// left for its schemas.
func TestFileBudgetCountsFromReading(t *testing.T) {
	t.Parallel()
	f := source.Parse("tools.yaml", []byte(yamlTools), source.Limits{})
	if f.Fatal() || f.Started.IsZero() {
		t.Fatalf("problems %+v, started %v", f.Problems, f.Started)
	}
	f.Started = f.Started.Add(-time.Minute)
	got := budgetFindings(Run([]*source.File{f}, Options{Limits: Limits{FileTimeout: 10 * time.Second}}))
	if len(got) != 1 || !strings.Contains(got[0].Message, "the file's time budget of 10s (limits.file-timeout) ran out") {
		t.Errorf("time-budget findings = %+v, want one naming the file's budget", got)
	}
}
