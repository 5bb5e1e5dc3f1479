package annotate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

func TestMarkdownGolden(t *testing.T) {
	opt := SummaryOptions{Gate: report.DefaultGate, Failed: true, Elsewhere: "every finding is an annotation of this check run"}
	golden.Check(t, "sample.summary.md", []byte(Markdown(sampleReport(), opt)))
	golden.Check(t, "clean.summary.md", []byte(Markdown(cleanReport(), SummaryOptions{Gate: report.Gate{FailOn: rules.Off}})))
	cut := opt
	cut.Limit = 1800
	cut.Marker = "<!-- mcpschema:ci:lint -->"
	golden.Check(t, "sample.summary-cut.md", []byte(Markdown(sampleReport(), cut)))
}

// bigReport has n findings spread over files and tools, a third of them breaking.
func bigReport(n int) *report.Report {
	rep := &report.Report{}
	for i := 0; i < n; i++ {
		file := fmt.Sprintf("tools/file%02d.json", i%7)
		f := report.Finding{Rule: "mcp.tool.schema.native-shape", Severity: rules.Warning, File: file,
			Pointer: fmt.Sprintf("/tools/%d/inputSchema", i), Line: i + 1, Column: 3, Tool: fmt.Sprintf("tool%d", i%13),
			Message: fmt.Sprintf("finding number %d with a reasonably long message so that the summary grows quickly", i)}
		if i%3 == 0 {
			f.Rule, f.Severity = "compat.input.required-added", rules.Error
			f.Base = &report.Location{File: file, Pointer: f.Pointer, Line: i, Column: 3}
			f.Witness = map[string]any{"n": i}
		}
		rep.Findings = append(rep.Findings, f)
	}
	for i := 0; i < 7; i++ {
		rep.Files = append(rep.Files, report.FileSummary{Path: fmt.Sprintf("tools/file%02d.json", i), Tools: 13, Complete: true})
	}
	rep.Finalize()
	return rep
}

func TestMarkdownLimit(t *testing.T) {
	for _, n := range []int{0, 10, 300, 3000} {
		rep := bigReport(n)
		md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate, Failed: true, Limit: CheckRunSummaryLimit,
			Elsewhere: "every finding is an annotation of this check run"})
		if len(md) > CheckRunSummaryLimit {
			t.Fatalf("n=%d: %d bytes, over the limit %d", n, len(md), CheckRunSummaryLimit)
		}
		listed := 0
		for _, f := range rep.Findings {
			if strings.Contains(md, fmt.Sprintf("finding number %d with", f.Line-1)) {
				listed++
			}
		}
		cut := strings.Contains(md, "This summary is cut")
		if listed == n && cut {
			t.Errorf("n=%d: every finding listed, yet the text says it was cut", n)
		}
		if listed < n {
			if !cut {
				t.Fatalf("n=%d: %d findings listed, and no cut note", n, listed)
			}
			want := fmt.Sprintf("%d of %d findings are not listed here", n-listed, n)
			if !strings.Contains(md, want) {
				t.Errorf("n=%d: cut note does not say %q:\n%s", n, want, md[len(md)-600:])
			}
			if !strings.Contains(md, "Every finding is an annotation of this check run") {
				t.Errorf("n=%d: cut note does not say where the findings are", n)
			}
		}
	}
}

func TestMarkdownEscapes(t *testing.T) {
	md := Markdown(sampleReport(), SummaryOptions{Gate: report.DefaultGate})
	for _, bad := range []string{"<script>", "@team", "\r"} {
		if strings.Contains(md, bad) {
			t.Errorf("summary holds unescaped %q", bad)
		}
	}
	if got, want := mdCode("a`b|c"), "``a`b|c``"; got != want {
		t.Errorf("mdCode = %q, want %q (a backslash in a code span outside a table shows)", got, want)
	}
	if got, want := mdCell("a`b|c"), "``a`b\\|c``"; got != want {
		t.Errorf("mdCell = %q, want %q", got, want)
	}
	if got, want := mdCode("`x"), "`` `x ``"; got != want {
		t.Errorf("mdCode = %q, want %q", got, want)
	}
}
