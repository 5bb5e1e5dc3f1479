package annotate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// sameChangeReport has one output member added in n tools of one file
// (the same change, with base positions that differ), and one other finding.
func sameChangeReport(n int) *report.Report {
	rep := &report.Report{}
	for i := range n {
		tp := fmt.Sprintf("/tools/%d", i)
		rep.Findings = append(rep.Findings, report.Finding{Rule: "compat.input.required-added", Severity: rules.Warning,
			File: "tools.json", Line: 10 + 7*i, Column: 5, Tool: fmt.Sprintf("tool_%d", i), ToolPointer: tp,
			Pointer: tp + "/outputSchema/properties/userEmail",
			Message: fmt.Sprintf(`property "userEmail" was added (was at tools.json:%d:5): strict consumers reject it`, 9+7*i),
			Witness: map[string]any{"userEmail": "a"}})
	}
	rep.Findings = append(rep.Findings, report.Finding{Rule: "mcp.tool.schema.native-shape", Severity: rules.Warning,
		File: "tools.json", Line: 2, Column: 3, Tool: "other", ToolPointer: "/tools/99", Pointer: "/tools/99/inputSchema", Message: "something else"})
	rep.Finalize()
	return rep
}

// TestSameChangeGrouped: the same change in many tools is one entry in the
// text output and the Markdown summary, listing the tools; the JSON report
// keeps one finding per tool.
func TestSameChangeGrouped(t *testing.T) {
	rep := sameChangeReport(12)
	var text bytes.Buffer
	if err := RenderText(&text, rep); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	if strings.Count(out, "the same change in 12 tools: ") != 1 || strings.Count(out, "[compat.input.required-added]") != 1 {
		t.Errorf("text not grouped:\n%s", out)
	}
	for i := range 12 {
		if !strings.Contains(out, fmt.Sprintf("tool_%d (tools.json:%d:5)", i, 10+7*i)) {
			t.Errorf("text lacks tool_%d and its position:\n%s", i, out)
		}
	}
	if strings.Contains(out, "(was at") {
		t.Errorf("a group shows one tool's base position:\n%s", out)
	}
	if !strings.Contains(out, "warning: other: something else [mcp.tool.schema.native-shape]") {
		t.Errorf("other finding lost:\n%s", out)
	}
	md := Markdown(rep, SummaryOptions{})
	if strings.Count(md, "the same change in 12 tools: ") != 1 || !strings.Contains(md, "  - tools: `tool_0` (`tools.json:10:5`), `tool_1` (`tools.json:17:5`)") || !strings.Contains(md, "and 2 more") {
		t.Errorf("markdown not grouped:\n%s", md)
	}
	if strings.Contains(md, "were not shown") || strings.Contains(md, "cut") {
		t.Errorf("markdown says findings are missing:\n%s", md)
	}
	var js bytes.Buffer
	if err := RenderJSON(&js, rep); err != nil {
		t.Fatal(err)
	}
	var back report.Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Findings) != 13 {
		t.Errorf("json: %d findings, err %v", len(back.Findings), err)
	}
}

// TestSameChangeFewToolsNotGrouped: below GroupMin tools, findings stay
// one per line; findings without a tool are never grouped.
func TestSameChangeFewToolsNotGrouped(t *testing.T) {
	rep := sameChangeReport(GroupMin - 1)
	if gs := GroupFindings(rep.Findings); len(gs) != len(rep.Findings) {
		t.Errorf("%d groups for %d findings", len(gs), len(rep.Findings))
	}
	rep = sameChangeReport(GroupMin)
	for i := range rep.Findings {
		rep.Findings[i].Tool = ""
	}
	if gs := GroupFindings(rep.Findings); len(gs) != len(rep.Findings) {
		t.Errorf("findings without a tool grouped: %d groups for %d findings", len(gs), len(rep.Findings))
	}
}
