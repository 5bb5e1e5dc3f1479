package service

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestHostileLongKeyDuplicates: duplicate keys under a long key (issue 19
// item 8: 238 KB took 14.8 GB, every problem and finding holding its
// whole pointer) give the first source.MaxProblemsPerKind findings, each
// with a position and a pointer cut to its start and end, and one more
// that counts the rest; the other file is still checked.
func TestHostileLongKeyDuplicates(t *testing.T) {
	key := strings.Repeat("k", 20_000)
	code, rep := hostile(t, map[string]string{
		"bomb.json": `{"` + key + `":{` + strings.Repeat(`"a":1,`, 2000) + `"a":1}}`,
	})
	if code != exitFindings {
		t.Errorf("exit %d, want %d", code, exitFindings)
	}
	want(t, rep, "bomb.json", "mcpschema.file.duplicate-key", "1900 more duplicate-key problems", "not listed one by one")
	n := 0
	for _, f := range rep.Findings {
		if f.File != "bomb.json" || f.Rule != "mcpschema.file.duplicate-key" {
			continue
		}
		n++
		if len(f.Pointer) > source.MaxPointerText || f.Line != 1 || f.Column < len(key) {
			t.Errorf("finding at %d:%d with a pointer of %d bytes", f.Line, f.Column, len(f.Pointer))
		}
		if f.Pointer != "" && !strings.HasPrefix(f.Pointer, "/kkk") {
			t.Errorf("pointer %.40q…", f.Pointer)
		}
	}
	if n != source.MaxProblemsPerKind+1 {
		t.Errorf("%d duplicate-key findings, want %d", n, source.MaxProblemsPerKind+1)
	}
}
