package validate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// dupKeysFile is one tool whose object repeats the key "x" n times.
func dupKeysFile(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"tools": [{"name": "a", "inputSchema": {"type": "object"}`)
	for i := range n {
		fmt.Fprintf(&b, `, "x": %d`, i)
	}
	b.WriteString("}]}\n")
	return []byte(b.String())
}

// TestFindingsPerRuleAreFolded: a file with thousands of findings of one
// rule keeps FindingsPerRule of them and one folded finding that stands for
// the rest; the counts (and so fail-on) still see every one.
func TestFindingsPerRuleAreFolded(t *testing.T) {
	const dups = 3000
	f := source.Parse("tools.json", dupKeysFile(dups+1), source.DefaultLimits)
	res := CheckFile(f, Options{}, nil)
	var dup, folded []report.Finding
	for _, x := range res.Findings {
		if x.Rule == RuleFileDuplicateKey.ID {
			dup = append(dup, x)
			if x.Folded > 0 {
				folded = append(folded, x)
			}
		}
	}
	if len(dup) != FindingsPerRule+1 || len(folded) != 1 {
		t.Fatalf("%d duplicate-key findings kept (%d folded), want %d and one folded", len(dup), len(folded), FindingsPerRule+1)
	}
	fd := folded[0]
	if fd.Folded != dups-FindingsPerRule || fd.Line < 1 || fd.File != "tools.json" ||
		!strings.Contains(fd.Message, fmt.Sprintf("and %d more findings", dups-FindingsPerRule)) {
		t.Errorf("folded finding %+v: want %d more, at a position", fd, dups-FindingsPerRule)
	}
	rep := &report.Report{Files: []report.FileSummary{res.Summary}, Findings: res.Findings}
	rep.Finalize()
	if rep.Summary.Errors < dups {
		t.Errorf("summary counts %d errors, want at least the %d duplicate keys", rep.Summary.Errors, dups)
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
