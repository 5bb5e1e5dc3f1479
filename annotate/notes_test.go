package annotate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

// TestNotesWithoutLiteralBackticks: a note's `code` is a code span in
// Markdown and plain words in the text and github outputs; no output
// shows a literal backtick.
func TestNotesWithoutLiteralBackticks(t *testing.T) {
	rep := &report.Report{Notes: []string{"deepen the clone with `git fetch --deepen=100 origin`, or set `fetch-depth: 0`", "an odd ` stays text"}}
	rep.Finalize()
	md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate})
	if !strings.Contains(md, "deepen the clone with `git fetch --deepen=100 origin`, or set `fetch-depth: 0`") || strings.Contains(md, "\\`git") {
		t.Errorf("markdown note:\n%s", md)
	}
	var text, gh bytes.Buffer
	_ = RenderText(&text, rep)
	_ = RenderGitHub(&gh, rep, sampleRules)
	for name, out := range map[string]string{"text": text.String(), "github": gh.String()} {
		if !strings.Contains(out, "note: deepen the clone with git fetch --deepen=100 origin, or set fetch-depth: 0\n") {
			t.Errorf("%s note:\n%s", name, out)
		}
		if strings.Contains(out, "`git") {
			t.Errorf("%s shows a literal backtick:\n%s", name, out)
		}
	}
}
