package ghsink

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestPreExistingNotAnnotated: a finding the base already has is neither a
// check run annotation nor a workflow command (issue 21 item 1).
func TestPreExistingNotAnnotated(t *testing.T) {
	rep := &report.Report{Findings: []report.Finding{
		{Rule: "mcp.tool.name.format", Severity: rules.Error, File: "a.json", Line: 1, Column: 1, Message: "old problem", PreExisting: true},
		{Rule: "mcp.tool.name.format", Severity: rules.Error, File: "a.json", Line: 2, Column: 1, Message: "new problem"},
	}}
	rep.Finalize()
	anns := Annotations(rep, testRules)
	if len(anns) != 1 || !strings.Contains(anns[0].GetMessage(), "new problem") {
		t.Errorf("annotations %+v: want only the new finding", anns)
	}
	var b bytes.Buffer
	WriteInline(&b, rep, 0, testRules)
	if strings.Contains(b.String(), "old problem") || !strings.Contains(b.String(), "new problem") {
		t.Errorf("workflow commands:\n%s", b.String())
	}
}
