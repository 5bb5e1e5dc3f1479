package report

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// A file with an incomplete finding (an undecidable change found by the
// diff after the file was validated) is not complete either: each file's
// flag agrees with the summary's.
func TestFinalizeMarksFilesOfIncompleteFindings(t *testing.T) {
	r := &Report{
		Files: []FileSummary{{Path: "a.json", Tools: 1, Complete: true}, {Path: "b.json", Tools: 1, Complete: true}},
		Findings: []Finding{
			{Rule: "compat.input.undecidable", Severity: rules.Warning, File: "a.json", Line: 1, Column: 1, Message: "m", Incomplete: true},
			{Rule: "compat.input.required-added", Severity: rules.Error, File: "b.json", Line: 1, Column: 1, Message: "m"},
			{Rule: "mcpschema.run.note", Severity: rules.Warning, Message: "run-level", Incomplete: true},
		},
	}
	r.Finalize()
	if r.Files[0].Complete || !r.Files[1].Complete {
		t.Errorf("files: %+v, want a.json incomplete and b.json complete", r.Files)
	}
	if r.Summary.Complete {
		t.Errorf("summary complete with an incomplete finding")
	}
}
