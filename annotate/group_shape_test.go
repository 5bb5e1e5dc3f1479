package annotate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestSameChangeDifferentWitnessesGrouped: a required "has_more" added to
// the closed output of many tools is one entry although each tool's
// witness (and the message that quotes it) differs: the key is the rule,
// the pointer inside the tool and the message with the tool name and the
// witness abstracted.
func TestSameChangeDifferentWitnessesGrouped(t *testing.T) {
	rep := &report.Report{Baseline: &report.Baseline{}}
	for i := range 5 {
		tp := fmt.Sprintf("/tools/%d", i)
		w := map[string]any{"has_more": true, fmt.Sprintf("items_%d", i): []any{}}
		rep.Findings = append(rep.Findings, report.Finding{Rule: "compat.output.additional-properties-relaxed", Severity: rules.Error,
			File: "tools.json", Line: 10 + 7*i, Column: 5, Tool: fmt.Sprintf("list_%d", i), ToolPointer: tp,
			Pointer: tp + "/outputSchema/properties/has_more",
			Message: fmt.Sprintf(`tool "list_%d": required property "has_more" was added to a closed output object; for example head admits %s, which base rejects`, i, CompactJSON(w)),
			Witness: w})
	}
	rep.Finalize()
	gs := GroupFindings(rep.Findings)
	if len(gs) != 1 || len(gs[0].Findings) != 5 {
		t.Fatalf("%d groups, want one group of 5", len(gs))
	}
	var text bytes.Buffer
	if err := RenderText(&text, rep); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	if strings.Count(out, "[compat.output.additional-properties-relaxed]") != 1 || !strings.Contains(out, "the same change in 5 tools") {
		t.Errorf("text not grouped:\n%s", out)
	}
	if strings.Contains(out, `tool "list_0"`) {
		t.Errorf("the group's message names one of its tools:\n%s", out)
	}
	if !strings.Contains(out, "witness (list_0): ") {
		t.Errorf("the group's witness does not say which tool it is of:\n%s", out)
	}
}

// TestToolRemovalsGrouped: many removed tools are one entry listing them.
func TestToolRemovalsGrouped(t *testing.T) {
	rep := &report.Report{Baseline: &report.Baseline{}}
	for i := range 4 {
		name := fmt.Sprintf("op_%02d", i)
		rep.Findings = append(rep.Findings, report.Finding{Rule: "compat.tool.removed", Severity: rules.Error,
			File: "tools.json", Pointer: "/tools", Line: 40, Column: 3, Tool: name, ToolPointer: fmt.Sprintf("/tools/%d", i),
			Message: fmt.Sprintf("tool %q was removed: callers that name it break; keep it", name),
			Base:    &report.Location{File: "tools.json", Pointer: fmt.Sprintf("/tools/%d", i), Line: 3 + 5*i, Column: 5}})
	}
	rep.Finalize()
	if gs := GroupFindings(rep.Findings); len(gs) != 1 {
		t.Fatalf("%d groups, want one", len(gs))
	}
	md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate, Failed: true})
	if strings.Count(md, "compat.tool.removed") != 1 || !strings.Contains(md, "op_00") || !strings.Contains(md, "op_03") {
		t.Errorf("removals not one entry:\n%s", md)
	}
}

// TestRenameHint: a removed tool beside an added one whose name differs in
// separators or case only says "renamed?".
func TestRenameHint(t *testing.T) {
	rep := &report.Report{Findings: []report.Finding{
		{Rule: "compat.tool.removed", Severity: rules.Error, File: "t.json", Line: 2, Tool: "op_00", Message: `tool "op_00" was removed: callers that name it break`},
		{Rule: "compat.tool.added", Severity: rules.Notice, File: "t.json", Line: 3, Tool: "op 00", Message: `tool "op 00" was added`},
		{Rule: "compat.tool.removed", Severity: rules.Error, File: "t.json", Line: 4, Tool: "getUser", Message: `tool "getUser" was removed`},
		{Rule: "compat.tool.added", Severity: rules.Notice, File: "t.json", Line: 5, Tool: "get-user", Message: `tool "get-user" was added`},
		{Rule: "compat.tool.removed", Severity: rules.Error, File: "t.json", Line: 6, Tool: "delete", Message: `tool "delete" was removed`},
		{Rule: "compat.tool.added", Severity: rules.Notice, File: "t.json", Line: 7, Tool: "create", Message: `tool "create" was added`},
	}}
	HintRenames(rep)
	want := []string{
		`tool "op_00" was removed (renamed to "op 00"?): callers that name it break`,
		`tool "op 00" was added`,
		`tool "getUser" was removed (renamed to "get-user"?)`,
		`tool "get-user" was added`,
		`tool "delete" was removed`,
		`tool "create" was added`,
	}
	for i, w := range want {
		if rep.Findings[i].Message != w {
			t.Errorf("finding %d: %q, want %q", i, rep.Findings[i].Message, w)
		}
	}
}

// TestWitnessIsCodeInMarkdown: the witness a message quotes is a code span
// in Markdown and plain in the text output.
func TestWitnessIsCodeInMarkdown(t *testing.T) {
	rep := &report.Report{Findings: []report.Finding{{Rule: "compat.input.required-added", Severity: rules.Error, File: "t.json", Line: 3, Column: 5,
		Tool: "search", Message: `property "q" became required: for example {"q":"a"} is accepted at base and rejected at head`,
		Witness: map[string]any{"q": "a"}}}}
	rep.Finalize()
	md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate})
	if !strings.Contains(md, "for example `{\"q\":\"a\"}` is accepted") {
		t.Errorf("markdown does not show the witness as code:\n%s", md)
	}
	var text bytes.Buffer
	_ = RenderText(&text, rep)
	if !strings.Contains(text.String(), `for example {"q":"a"} is accepted`) {
		t.Errorf("text:\n%s", text.String())
	}
}
