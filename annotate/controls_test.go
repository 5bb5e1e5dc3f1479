package annotate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/wfcmd"
)

// hostileControls are C0 and C1 controls a broken `pattern`, a tool name or
// a file name can carry: ESC (a terminal escape sequence), BEL, NUL,
// backspace, DEL, CSI (U+009B, a one-rune escape sequence) and NEL (U+0085,
// a line break for some readers).
const hostileControls = "\x1b[2J\x07\x00\x08\x7f\u009b31m\u0085"

// controlReport has every field a format prints hold the controls.
func controlReport() *report.Report {
	f := report.Finding{Rule: "json-schema.tool-schema.valid", Severity: rules.Error,
		File: "tools/a" + hostileControls + ".json", Pointer: "/tools/0/inputSchema/properties/q/pattern", Line: 3, Column: 7,
		Message: `"pattern" is not a valid ECMA-262 regular expression: unterminated [] set in ` + "`" + hostileControls + "(`; fix the pattern",
		Tool:    "search" + hostileControls,
		Base:    &report.Location{File: "tools/b" + hostileControls + ".json", Pointer: "/tools/0", Line: 1, Column: 2},
		Witness: map[string]any{"q" + hostileControls: "v" + hostileControls}}
	rep := &report.Report{Findings: []report.Finding{f}, Notes: []string{"note " + hostileControls}}
	rep.ConfigChange = &report.ConfigChange{File: ".mcpschema.yaml", From: "main", Invalid: "bad " + hostileControls,
		Settings: []report.SettingChange{{Key: "files" + hostileControls, From: `"a` + hostileControls + `"`, To: `"b"`}},
		Hidden:   []report.Finding{f}, Reclassified: []report.Reclassified{}, Shown: []report.Finding{}, Unknown: []string{"unknown " + hostileControls}}
	rep.Files = []report.FileSummary{{Path: f.File, Tools: 1, Complete: true}}
	rep.Finalize()
	return rep
}

// rawControl returns the first C0 control other than a line feed, DEL or
// C1 control in s, and whether there is one.
func rawControl(s string) (rune, bool) {
	for _, r := range s {
		if r < 0x20 && r != '\n' || r == 0x7f || r >= 0x80 && r < 0xa0 {
			return r, true
		}
	}
	return 0, false
}

// TestEveryFormatEscapesControls is issue 19 item 10 (a): no format writes
// a raw control character that came from input (the text format escaped
// them; github annotations, the action's fallback annotations and the
// Markdown table did not, and JSON kept C1 controls raw). JSON formats keep
// the decoded values, and nothing issues a workflow command.
func TestEveryFormatEscapesControls(t *testing.T) {
	rep := controlReport()
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			var b bytes.Buffer
			if err := Render(&b, format, rep, sampleRules); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if r, ok := rawControl(out); ok {
				t.Errorf("%s output holds the raw control %U:\n%q", format, r, out)
			}
			allowed := []string(nil)
			if format == "github" {
				allowed = []string{"error"}
			}
			for _, c := range wfcmd.Unexpected(out, allowed...) {
				t.Errorf("%s: the runner sees command %q in line %q", format, c.Name, c.Line)
			}
			if format == "json" {
				var got report.Report
				if err := json.Unmarshal(b.Bytes(), &got); err != nil {
					t.Fatal(err)
				}
				if got.Findings[0].Message != rep.Findings[0].Message || got.Findings[0].Tool != rep.Findings[0].Tool {
					t.Errorf("json changed the values: %q", got.Findings[0].Message)
				}
			}
			if format != "json" && format != "sarif" && !strings.Contains(out, `\u001b`) {
				t.Errorf("%s output does not show the escaped ESC as \\u001b:\n%s", format, out)
			}
		})
	}
	t.Run("command", func(t *testing.T) {
		line := Command(rep.Findings[0], sampleRules)
		if r, ok := rawControl(line); ok {
			t.Errorf("the workflow command holds the raw control %U: %q", r, line)
		}
	})
}
