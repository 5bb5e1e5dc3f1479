package annotate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestTitlesNameTheTool: the annotation title, the text line, the github
// line and the SARIF result name the tool; a message naming it already is
// not prefixed twice.
func TestTitlesNameTheTool(t *testing.T) {
	long := strings.Repeat("x", 300)
	f := report.Finding{Rule: "compat.input.required-added", Severity: rules.Error, File: "t.json", Line: 3, Column: 5,
		Tool: "search_issues", Message: `property "q" became required`, Witness: map[string]any{"q": long}}
	if got := Title(f, sampleRules); got != "search_issues: required argument added" {
		t.Errorf("title %q", got)
	}
	var text bytes.Buffer
	WriteTextFinding(&text, f)
	if !strings.Contains(text.String(), `error: search_issues: property "q" became required [compat.input.required-added]`) {
		t.Errorf("text %q", text.String())
	}
	if cmd := Command(f, sampleRules); !strings.Contains(cmd, "title=search_issues%3A required argument added::") || !strings.Contains(cmd, long) {
		t.Errorf("github %q", cmd)
	}
	rep := &report.Report{Findings: []report.Finding{f}}
	var sb bytes.Buffer
	if err := SARIF(&sb, rep, sampleRules.All()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Message    struct{ Text string }
				Properties struct{ Witness map[string]any }
			}
		}
	}
	if err := json.Unmarshal(sb.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results[0]
	if !strings.HasPrefix(res.Message.Text, "search_issues: ") {
		t.Errorf("sarif message %q", res.Message.Text)
	}
	if res.Properties.Witness["q"] != long {
		t.Errorf("sarif witness not whole: %v", res.Properties.Witness)
	}
	f.Message = `tool "search_issues" was removed`
	if got := ToolMessage(f); got != f.Message {
		t.Errorf("named twice: %q", got)
	}
	f.Tool = ""
	if got := Title(f, sampleRules); got != "required argument added" {
		t.Errorf("title without a tool %q", got)
	}
}
