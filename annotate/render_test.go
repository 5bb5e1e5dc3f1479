package annotate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

func TestRenderGolden(t *testing.T) {
	for _, format := range Formats {
		for name, rep := range map[string]*report.Report{"sample": sampleReport(), "clean": cleanReport()} {
			var b bytes.Buffer
			if err := Render(&b, format, rep, sampleRules); err != nil {
				t.Fatalf("%s/%s: %v", format, name, err)
			}
			ext := map[string]string{"text": "txt", "json": "json", "github": "txt", "sarif": "sarif", "markdown": "md"}[format]
			golden.Check(t, name+"."+format+"."+ext, b.Bytes())
		}
	}
}

func TestRenderUnknownFormat(t *testing.T) {
	err := Render(&bytes.Buffer{}, "xml", cleanReport(), sampleRules)
	if err == nil || !strings.Contains(err.Error(), `"xml"`) {
		t.Fatalf("want an error naming \"xml\", got %v", err)
	}
}

func TestJSONShape(t *testing.T) {
	var b bytes.Buffer
	if err := Render(&b, "json", &report.Report{}, sampleRules); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["version"] != float64(1) {
		t.Errorf("version = %v, want 1", got["version"])
	}
	for _, k := range []string{"files", "findings"} {
		if _, ok := got[k].([]any); !ok {
			t.Errorf("%s = %#v, want an empty array", k, got[k])
		}
	}
	b.Reset()
	if err := Render(&b, "json", sampleReport(), sampleRules); err != nil {
		t.Fatal(err)
	}
	var full struct {
		Findings []map[string]any `json:"findings"`
		Summary  map[string]any   `json:"summary"`
		Files    []map[string]any `json:"files"`
	}
	if err := json.Unmarshal(b.Bytes(), &full); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"rule", "severity", "file", "pointer", "line", "column", "message"} {
		if _, ok := full.Findings[0][k]; !ok {
			t.Errorf("finding lacks %q: %v", k, full.Findings[0])
		}
	}
	for _, k := range []string{"files", "tools", "errors", "warnings", "notices", "complete"} {
		if _, ok := full.Summary[k]; !ok {
			t.Errorf("summary lacks %q", k)
		}
	}
	for _, k := range []string{"path", "tools", "complete"} {
		if _, ok := full.Files[0][k]; !ok {
			t.Errorf("file lacks %q", k)
		}
	}
}

func TestEscape(t *testing.T) {
	if got, want := EscapeData("100%\r\nx:y,z"), "100%25%0D%0Ax:y,z"; got != want {
		t.Errorf("EscapeData = %q, want %q", got, want)
	}
	if got, want := EscapeProperty("100%\r\nx:y,z"), "100%25%0D%0Ax%3Ay%2Cz"; got != want {
		t.Errorf("EscapeProperty = %q, want %q", got, want)
	}
	for _, line := range strings.Split(strings.TrimSpace(githubOf(t, sampleReport())), "\n") {
		if strings.ContainsAny(line, "\r") {
			t.Errorf("command line holds a raw CR: %q", line)
		}
	}
}

func githubOf(t *testing.T, rep *report.Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := RenderGitHub(&b, rep, sampleRules); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTotals: the total names the breaking changes apart from the other
// errors (issue 27 item 6: "3 errors" stood for three breaking changes).
func TestTotals(t *testing.T) {
	got := Totals(sampleReport())
	want := "1 breaking change, 1 error, 1 warning, 1 notice in 2 files (3 tools); check incomplete"
	if got != want {
		t.Errorf("Totals = %q, want %q", got, want)
	}
	breaks := &report.Report{Files: []report.FileSummary{{Path: "t.json", Tools: 3, Complete: true}}}
	for i, r := range []string{"compat.input.required-added", "compat.tool.removed", "compat.output.type-changed"} {
		sev := rules.Error
		if i == 2 {
			sev = rules.Warning // not an error: not a breaking change
		}
		breaks.Findings = append(breaks.Findings, report.Finding{Rule: r, Severity: sev, File: "t.json", Line: i + 1, Column: 1, Message: r})
	}
	breaks.Findings = append(breaks.Findings, report.Finding{Rule: "mcp.tool.name.required", Severity: rules.Error, File: "t.json", Line: 9, Column: 1, Message: "x"})
	breaks.Finalize()
	if got, want := Totals(breaks), "2 breaking changes, 1 error, 1 warning, 0 notices in 1 file (3 tools)"; got != want {
		t.Errorf("Totals = %q, want %q", got, want)
	}
	only := &report.Report{Files: breaks.Files, Findings: breaks.Findings[:1:1]}
	only.Finalize()
	if got, want := Totals(only), "1 breaking change, 0 warnings, 0 notices in 1 file (3 tools)"; got != want {
		t.Errorf("Totals of one break = %q, want %q (never \"0 errors\" beside a break)", got, want)
	}
	breaks.Findings[0].Accepted = "skip label"
	breaks.Finalize()
	if got, want := Totals(breaks), "1 breaking change, 1 error, 1 warning, 0 notices in 1 file (3 tools); 1 breaking change accepted"; got != want {
		t.Errorf("Totals with an accepted break = %q, want %q", got, want)
	}
	if got, want := Totals(cleanReport()), "0 errors, 0 warnings, 0 notices in 1 file (2 tools)"; got != want {
		t.Errorf("Totals = %q, want %q", got, want)
	}
}
