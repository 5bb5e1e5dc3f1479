package annotate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestEveryFormatEndsLines: every format's output ends with a newline and,
// for the line-based ones (text, github), holds no carriage return that
// would let what follows overwrite a line: for an incomplete report with
// notes, ignored findings and a config change, a clean one and one with a
// run-level finding.
func TestEveryFormatEndsLines(t *testing.T) {
	odd := sampleReport()
	odd.Notes = append(odd.Notes, "a note\r\nover two lines\r", "ends with a newline\n")
	odd.Ignores = &report.Ignores{Config: ".mcpschema.yaml", Count: 1, Findings: []report.Finding{{Rule: "mcpschema.tool.name-style",
		Severity: rules.Notice, File: "t.json", Line: 1, Column: 2, Message: "m\r", Tool: "t"}}}
	odd.ConfigChange = &report.ConfigChange{File: ".mcpschema.yaml", From: "main", Invalid: "bad\r",
		Hidden:  []report.Finding{{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "t.json", Message: "hidden\n"}},
		Paired:  []report.Finding{{Rule: "compat.tool.removed", Severity: rules.Error, File: "t\r.json", Message: "paired\r"}},
		Unknown: []string{"files \"a\r\n::error::b\" cannot be compared\r"}}
	for name, rep := range map[string]*report.Report{"sample": sampleReport(), "odd": odd, "clean": cleanReport(), "fileless": filelessReport()} {
		for _, f := range FormatTable {
			var b bytes.Buffer
			if err := Render(&b, f.Name, rep, sampleRules); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if !strings.HasSuffix(out, "\n") {
				t.Errorf("%s report, %s: does not end with a newline: ...%q", name, f.Name, out[max(0, len(out)-80):])
			}
			if (f.Name == "text" || f.Name == "github") && strings.Contains(out, "\r") {
				t.Errorf("%s report, %s: a carriage return in %q", name, f.Name, out)
			}
		}
	}
}
