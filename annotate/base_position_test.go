package annotate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
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
	if err := RenderGitHub(&gh, rep, sampleRules); err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string]string{"text": text.String(), "github": gh.String()} {
		if strings.Count(out, "13:5") != 1 || !strings.Contains(out, `tool "delete_comment" was removed: callers that name it break`) {
			t.Errorf("%s output says the base position %d times, want once (on the base line):\n%s", name, strings.Count(out, "13:5"), out)
		}
	}
}

// TestMarkdownDeletedFileHasNoHeadLink: a tool removed with its file sits on
// line 1 of the deleted file, which does not exist at the head commit: its
// position is not linked there (a 404), its base location is.
func TestMarkdownDeletedFileHasNoHeadLink(t *testing.T) {
	rep := &report.Report{Files: []report.FileSummary{{Path: "kept.json", Tools: 1, Complete: true}}, Findings: []report.Finding{
		{Rule: "compat.tool.removed", Severity: rules.Error, File: "gone.json", Line: 1, Column: 1, Tool: "old",
			Message: `tool "old" was removed with its file "gone.json": callers that name it break`,
			Base:    &report.Location{File: "gone.json", Pointer: "/tools/0", Line: 3, Column: 5}},
		{Rule: "compat.tool.removed", Severity: rules.Error, File: "kept.json", Line: 2, Column: 5, Tool: "older",
			Message: `tool "older" was removed: callers that name it break`,
			Base:    &report.Location{File: "kept.json", Pointer: "/tools/1", Line: 9, Column: 5}},
	}}
	rep.Finalize()
	md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate, Failed: true, Links: testLinks()})
	if strings.Contains(md, "blob/"+headSHA+"/gone.json") {
		t.Errorf("the deleted file is linked at the head commit:\n%s", md)
	}
	for _, want := range []string{"blob/" + baseSHA + "/gone.json#L3", "blob/" + headSHA + "/kept.json#L2"} {
		if !strings.Contains(md, want) {
			t.Errorf("summary lacks the link %q:\n%s", want, md)
		}
	}
}
