package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// numericTitlesFile is n tools whose title is a number: n findings of one
// validation rule in one file (duplicate keys, problems of the reader, are
// bounded earlier, at source.MaxProblemsPerKind).
func numericTitlesFile(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"tools": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name": "t%d", "title": 7, "inputSchema": {"type": "object"}}`, i)
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}

// TestFindingsPerRuleAreFolded: a file with thousands of findings of one
// rule keeps FindingsPerRule of them and one folded finding that stands for
// the rest; the counts (and so fail-on) still see every one.
func TestFindingsPerRuleAreFolded(t *testing.T) {
	const dups = 3000
	f := source.Parse("tools.json", numericTitlesFile(dups), source.DefaultLimits)
	res := CheckFile(f, Options{}, nil)
	var dup, folded []report.Finding
	for _, x := range res.Findings {
		if x.Rule == "mcp.tool.title.string" {
			dup = append(dup, x)
			if x.Folded > 0 {
				folded = append(folded, x)
			}
		}
	}
	if len(dup) != FindingsPerRule+1 || len(folded) != 1 {
		t.Fatalf("%d title findings kept (%d folded), want %d and one folded", len(dup), len(folded), FindingsPerRule+1)
	}
	fd := folded[0]
	if fd.Folded != dups-FindingsPerRule || fd.Line < 1 || fd.File != "tools.json" ||
		!strings.Contains(fd.Message, fmt.Sprintf("and %d more findings", dups-FindingsPerRule)) {
		t.Errorf("folded finding %+v: want %d more, at a position", fd, dups-FindingsPerRule)
	}
	rep := &report.Report{Files: []report.FileSummary{res.Summary}, Findings: res.Findings}
	rep.Finalize()
	if rep.Summary.Errors < dups {
		t.Errorf("summary counts %d errors, want at least the %d numeric titles", rep.Summary.Errors, dups)
	}
}

// TestCommonPointer: the fold sits at the deepest pointer every repeat is at or below.
func TestCommonPointer(t *testing.T) {
	for _, c := range [][3]string{
		{"/tools/0/x", "/tools/0/y", "/tools/0"},
		{"/tools/0/x", "/tools/0/x/y", "/tools/0/x"},
		{"/tools/1", "/tools/10", "/tools"},
		{"/a", "/b", ""},
	} {
		if got := commonPointer(c[0], c[1]); got != c[2] {
			t.Errorf("commonPointer(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// TestFoldedProblemsAreCounted: problems of the reader folded at the source
// (source.MaxProblemsPerKind) become one finding that stands for the rest,
// so the totals, and so fail-on, still see every duplicate key.
func TestFoldedProblemsAreCounted(t *testing.T) {
	const dups = 3000
	var b strings.Builder
	b.WriteString(`{"tools": [{"name": "a", "inputSchema": {"type": "object"}`)
	for i := range dups + 1 {
		fmt.Fprintf(&b, `, "x": %d`, i)
	}
	b.WriteString("}]}\n")
	f := source.Parse("tools.json", []byte(b.String()), source.DefaultLimits)
	res := CheckFile(f, Options{}, nil)
	kept, counted := 0, 0
	for _, x := range res.Findings {
		if x.Rule == RuleFileDuplicateKey.ID {
			kept++
			counted += x.Count()
		}
	}
	if kept != source.MaxProblemsPerKind+1 || counted != dups {
		t.Errorf("%d duplicate-key findings kept standing for %d, want %d standing for %d", kept, counted, source.MaxProblemsPerKind+1, dups)
	}
	rep := &report.Report{Files: []report.FileSummary{res.Summary}, Findings: res.Findings}
	rep.Finalize()
	if rep.Summary.Errors < dups {
		t.Errorf("summary counts %d errors, want at least the %d duplicate keys", rep.Summary.Errors, dups)
	}
}
