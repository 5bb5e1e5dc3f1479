package annotate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestHeadlineLeadsWithTheVerdict: the check run title and the first line
// of the summary say what the change did ("3 breaking changes in 2 tools,
// 1 error"), not a table of counts, in every case.
func TestHeadlineLeadsWithTheVerdict(t *testing.T) {
	line := 0
	brk := func(tool string) report.Finding {
		line++
		return report.Finding{Rule: "compat.input.required-added", Severity: rules.Error, File: "t.json", Line: line, Tool: tool, Message: "m"}
	}
	errF := report.Finding{Rule: "json-schema.tool-schema.valid", Severity: rules.Error, File: "t.json", Tool: "c", Message: "e"}
	warn := report.Finding{Rule: "mcp.tool.schema.native-shape", Severity: rules.Warning, File: "t.json", Tool: "d", Message: "w"}
	note := report.Finding{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "t.json", Tool: "d", Message: "n"}
	base := &report.Baseline{}
	cases := []struct {
		name     string
		findings []report.Finding
		baseline *report.Baseline
		want     string
	}{
		{"breaking and an error", []report.Finding{brk("a"), brk("a"), brk("b"), errF}, base, "3 breaking changes in 2 tools, 1 error"},
		{"one breaking change", []report.Finding{brk("a")}, base, "1 breaking change in 1 tool"},
		{"clean with a base", nil, base, "no breaking changes, 8 tools checked"},
		{"clean without a base", nil, nil, "no findings, 8 tools checked"},
		{"only warnings", []report.Finding{warn, func() report.Finding { w := warn; w.Line = 9; return w }()}, base, "no breaking changes, 2 warnings, 8 tools checked"},
		{"only notices", []report.Finding{note}, base, "no breaking changes, 1 notice, 8 tools checked"},
		{"errors without a base", []report.Finding{errF, warn}, nil, "1 error, 1 warning"},
		{"errors with a base", []report.Finding{errF}, base, "no breaking changes, 1 error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep := &report.Report{Files: []report.FileSummary{{Path: "t.json", Tools: 8, Complete: true}}, Findings: c.findings, Baseline: c.baseline}
			rep.Finalize()
			if got := Headline(rep); got != c.want {
				t.Errorf("Headline = %q, want %q", got, c.want)
			}
			md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate})
			if !strings.Contains(strings.SplitN(md, "\n\n", 3)[1], "**"+c.want+"**") {
				t.Errorf("summary does not lead with the headline %q:\n%s", c.want, md)
			}
		})
	}
	inc := &report.Report{Files: []report.FileSummary{{Path: "t.json", Tools: 2, Complete: false}}, Baseline: base}
	inc.Finalize()
	if got, want := Headline(inc), "no breaking changes, 2 tools checked; check incomplete"; got != want {
		t.Errorf("incomplete: Headline = %q, want %q", got, want)
	}
}
