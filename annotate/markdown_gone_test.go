package annotate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestMarkdownCountsFilesLikeTheHeadline: with --base, a file deleted at
// head has a finding (its tools were removed) but was not read. The
// headline counts the files read ("in 1 file"); the table of files must
// not then say "(2 files)": it counts the same files, and marks the row of
// a file that exists only at the base.
func TestMarkdownCountsFilesLikeTheHeadline(t *testing.T) {
	rep := &report.Report{
		Files: []report.FileSummary{{Path: "tools/kept.json", Tools: 1, Complete: true}},
		Findings: []report.Finding{{Rule: "compat.tool.removed", Severity: rules.Error, File: "tools/gone.json", Line: 1, Column: 1,
			Tool: "get_tag", Message: `tool "get_tag" was removed with its file "tools/gone.json"`,
			Base: &report.Location{File: "tools/gone.json", Pointer: "/0", Line: 2, Column: 3}}},
	}
	rep.Finalize()
	md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate, Failed: true})
	if !strings.Contains(md, "<summary>Files and tools (1 file, 1 only at the base)</summary>") {
		t.Errorf("table summary does not count the file only at the base:\n%s", md)
	}
	if !strings.Contains(md, "| `tools/gone.json` (only at the base) |") {
		t.Errorf("the deleted file's row is not marked:\n%s", md)
	}
}
