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

// injections are values a pull request controls (file names, keys, tool
// names, quoted values) that try to issue workflow commands.
var injections = []string{
	"tools/a\n::error::forged.json",
	"::warning file=x::forged",
	"  ::set-output name=errors::0",
	"tools/none-##[set-output name=errors;]0",
	"tools/\r::add-mask::x\u001b[31m.json",
	"x\u2028::error::u2028",
	"\u00a0\u3000::error::nbsp",
}

// hostileReport carries every injection in every value that is printed.
func hostileReport() *report.Report {
	rep := &report.Report{}
	for i, s := range injections {
		rep.Files = append(rep.Files, report.FileSummary{Path: s, Tools: 1, Complete: true})
		rep.Findings = append(rep.Findings, report.Finding{
			Rule: "compat.input.required-added", Severity: rules.Error, File: s, Pointer: "/tools/0/inputSchema/properties/" + s,
			Line: i + 1, Column: 1, Message: "property " + s + " became required; quoted: \"" + s + "\"", Tool: s, ToolPointer: "/tools/0",
			Base:    &report.Location{File: s, Pointer: "/tools/0/inputSchema/properties/" + s + "\n::error::base", Line: 3, Column: 4},
			Witness: map[string]any{s: s},
		})
	}
	rep.Notes = append(rep.Notes, injections...)
	rep.Finalize()
	return rep
}

// TestNoWorkflowCommandInjection renders a hostile report in every format
// and parses the output the way the runner does: the only commands are the
// annotations the github format emits, one per finding.
func TestNoWorkflowCommandInjection(t *testing.T) {
	rep := hostileReport()
	for _, format := range Formats {
		var b bytes.Buffer
		if err := Render(&b, format, rep, sampleRules); err != nil {
			t.Fatal(err)
		}
		allowed := []string{}
		if format == "github" {
			allowed = []string{"error"}
			if n := len(wfcmd.Parse(b.String())); n != len(rep.Findings) {
				t.Errorf("github: %d commands, want one per finding (%d)", n, len(rep.Findings))
			}
		}
		for _, c := range wfcmd.Unexpected(b.String(), allowed...) {
			t.Errorf("%s: the runner sees command %q in line %q", format, c.Name, c.Line)
		}
	}
}

// TestSafeJSONKeepsValues: breaking `##[` in the JSON report changes no value.
func TestSafeJSONKeepsValues(t *testing.T) {
	rep := hostileReport()
	var b bytes.Buffer
	if err := Render(&b, "json", rep, sampleRules); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "##[") {
		t.Fatalf("json output holds ##[")
	}
	var back report.Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	for i, f := range back.Findings {
		if f.File != rep.Findings[i].File || f.Message != rep.Findings[i].Message {
			t.Errorf("finding %d: %q %q, want %q %q", i, f.File, f.Message, rep.Findings[i].File, rep.Findings[i].Message)
		}
	}
}

func TestSafeText(t *testing.T) {
	cases := map[string]string{
		"plain tools/a.json":  "plain tools/a.json",
		`back\slash ^\d+$`:    `back\slash ^\d+$`,
		"a\nb\rc\td":          `a\nb\rc\td`,
		"esc\u001b[0m":        `esc\u001b[0m`,
		"::error::x":          `\u003a:error::x`,
		"  ::error::x":        `  \u003a:error::x`,
		"\u00a0::error::x":    "\u00a0\\u003a:error::x",
		"a ::error::x":        "a ::error::x",
		"x ##[error]y ##[set": `x #\u0023[error]y #\u0023[set`,
		"nel\u0085ls\u2028":   `nel\u0085ls\u2028`,
	}
	for in, want := range cases {
		if got := SafeText(in); got != want {
			t.Errorf("SafeText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMarkdownOpensNoHTMLComment (issue 10 item 8): no rendered value (tool
// names, files, messages) can open an HTML comment, so none can carry the
// sticky comment's marker of another job.
func TestMarkdownOpensNoHTMLComment(t *testing.T) {
	rep := hostileReport()
	forged := `<!-- mcpschema comment workflow="ci" job="other" -->`
	for i := range rep.Findings {
		rep.Findings[i].Tool = forged
		rep.Findings[i].File = "tools/" + forged + ".json"
		rep.Findings[i].Message = "tool " + forged + " changed"
	}
	rep.Notes = append(rep.Notes, forged)
	md := Markdown(rep, SummaryOptions{Title: "mcpschema", Gate: report.DefaultGate, Failed: true, Limit: CommentLimit})
	if strings.Contains(md, "<!--") {
		t.Errorf("the Markdown opens an HTML comment:\n%s", md)
	}
}

// FuzzSafeText: whatever the value, printed alone, after a prefix or as an
// indented continuation, the runner sees no command and no line break.
func FuzzSafeText(f *testing.F) {
	for _, s := range injections {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := SafeText(s)
		if strings.ContainsAny(out, "\r\n") {
			t.Fatalf("SafeText(%q) = %q holds a line break", s, out)
		}
		for _, line := range []string{out, "    " + out, "note: " + out, out + ":1:1: error: " + out, out + ": error::" + out} {
			if cmds := wfcmd.Parse(line); len(cmds) > 0 {
				t.Fatalf("SafeText(%q) = %q: the runner sees %q in %q", s, out, cmds[0].Name, line)
			}
		}
	})
}
