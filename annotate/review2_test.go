package annotate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/rules"
)

// TestTextAndGitHubSayTheBasePositionOnce: a removed tool's message carries
// "(was at …)" and its base location follows on a line of its own; the
// text output and the workflow annotations say the base position once, as
// the summary does.
func TestTextAndGitHubSayTheBasePositionOnce(t *testing.T) {
	rep := &report.Report{Files: []report.FileSummary{{Path: "t.json", Tools: 1, Complete: true}}, Findings: []report.Finding{
		{Rule: "compat.tool.removed", Severity: rules.Error, File: "t.json", Line: 3, Column: 5, Tool: "delete_comment",
			Message: `tool "delete_comment" was removed (was at t.json:13:5): callers that name it break`,
			Base:    &report.Location{File: "t.json", Pointer: "/tools/1", Line: 13, Column: 5}},
	}}
	rep.Finalize()
	var text, gh bytes.Buffer
	if err := RenderText(&text, rep); err != nil {
		t.Fatal(err)
	}
	if err := RenderGitHub(&gh, rep); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "github": gh.String()} {
		if strings.Count(out, "13:5") != 1 || !strings.Contains(out, `tool "delete_comment" was removed: callers that name it break`) {
			t.Errorf("%s output says the base position %d times, want once (on the base line):\n%s", name, strings.Count(out, "13:5"), out)
		}
	}
}
