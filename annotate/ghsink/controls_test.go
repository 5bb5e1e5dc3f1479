package ghsink

import (
	"bytes"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/wfcmd"
)

// rawControl returns the first C0 control other than a line feed, DEL or
// C1 control in s.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 {
			return r, true
		}
	}
	return 0, false
}

// TestAnnotationsEscapeControls is issue 19 item 10 (a) for the action's
// sinks: the fallback workflow-command annotations and the check run's
// annotations show a raw ESC or CSI from a broken pattern as text.
func TestAnnotationsEscapeControls(t *testing.T) {
	ctl := "\x1b[2J\x07\x7f\u009b31m"
	rep := &report.Report{Findings: []report.Finding{{Rule: "json-schema.tool-schema.valid", Severity: rules.Error,
		File: "tools/a.json", Line: 3, Column: 7, Tool: "search" + ctl, Pointer: "/tools/0/inputSchema",
		Message: "unterminated [] set in `" + ctl + "(`; fix the pattern"}}}
	rep.Finalize()
	var b bytes.Buffer
	WriteInline(&b, rep, 0, testRules)
	if r, ok := rawControl(b.String()); ok {
		t.Errorf("the fallback annotation holds the raw control %U: %q", r, b.String())
	}
	for _, c := range wfcmd.Unexpected(b.String(), "error") {
		t.Errorf("the runner sees command %q in line %q", c.Name, c.Line)
	}
	for _, a := range Annotations(rep, testRules) {
		for _, s := range []string{a.GetMessage(), a.GetTitle(), a.GetRawDetails()} {
			if r, ok := rawControl(s); ok {
				t.Errorf("a check run annotation holds the raw control %U: %q", r, s)
			}
		}
	}
}
