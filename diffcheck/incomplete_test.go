package diffcheck

import (
	"testing"

	"github.com/mcpschema/mcpschema/validate/report"
)

// TestUndecidableIsIncomplete: a change that cannot be judged ($dynamicRef,
// an external $ref) stays a warning but marks the report incomplete; every
// other finding leaves it complete (issue 10 item 7).
func TestUndecidableIsIncomplete(t *testing.T) {
	undecidable := map[string]bool{"input/undecidable-dynamic-ref": true, "input/undecidable-dynamic-ref-target": true, "input/undecidable-external-ref": true,
		"input/undecidable-huge-number": true, "output/undecidable": true, "tool/base-unreadable": true,
		"document/undecidable-overlap": true}
	seen := 0
	for _, c := range loadDiffCases(t, "testdata") {
		got := Compare(c.base, c.head, c.options())
		rep := &report.Report{Findings: got}
		rep.Finalize()
		if undecidable[c.Name] {
			seen++
			if rep.Summary.Complete {
				t.Errorf("%s: report complete, want incomplete", c.Name)
			}
			for _, f := range got {
				if f.Incomplete && f.Severity.String() != "warning" {
					t.Errorf("%s: %s is %s, want warning", c.Name, f.Rule, f.Severity)
				}
			}
			continue
		}
		if !rep.Summary.Complete {
			t.Errorf("%s: report incomplete", c.Name)
		}
	}
	if seen != len(undecidable) {
		t.Errorf("%d undecidable fixtures found, want %d", seen, len(undecidable))
	}
}
