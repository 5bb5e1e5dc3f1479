package validate

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// runSeeds returns the files of testdata/*.txtar and ../testdata/examples.
func runSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	return fixture.SeedFiles(tb, "testdata/*.txtar", "../testdata/examples/*")
}

// hangAfter is long enough for any bounded check on the fuzzing
// machine; a check still running then is a hang, not a slow run.
const hangAfter = 30 * time.Second

// fuzzOptions keep each fuzzed file cheap.
var fuzzOptions = Options{Workers: 1, Limits: Limits{
	Limits: source.Limits{MaxBytes: 1 << 16, MaxDepth: 100, MaxValues: 20_000, MaxTools: 200},
	Schema: schema.Limits{MaxDepth: 32, MaxSubschemas: 2000, Timeout: 2 * time.Second, RegexTimeout: 10 * time.Millisecond},
}}

// FuzzRun runs every check on any file: it never panics, every finding has
// a rule, a message and a position within the text, and every finding's
// pointer resolves in the file (or, for a file that did not decode, is the
// problem's own).
func FuzzRun(f *testing.F) {
	for _, s := range runSeeds(f) {
		f.Add(false, s)
		f.Add(true, s)
	}
	f.Fuzz(func(t *testing.T, yaml bool, data []byte) {
		name := "t.json"
		if yaml {
			name = "t.yaml"
		}
		file := source.Parse(name, data, fuzzOptions.Limits.Limits)
		done := make(chan *report.Report, 1)
		go func() { done <- Run([]*source.File{file}, fuzzOptions) }()
		var rep *report.Report
		select {
		case rep = <-done:
		case <-time.After(hangAfter):
			t.Fatalf("checking the file did not finish within %s: it hangs", hangAfter)
		}
		lines := strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n")
		for _, fd := range rep.Findings {
			if fd.Rule == "" || fd.Message == "" || fd.File != name {
				t.Fatalf("finding without rule, message or file: %+v", fd)
			}
			if fd.Line < 1 || fd.Line > len(lines) || fd.Column < 1 || fd.Column > utf8.RuneCountInString(lines[fd.Line-1])+1 {
				t.Fatalf("finding position %d:%d outside the text: %+v", fd.Line, fd.Column, fd)
			}
			if file.Root == nil {
				continue
			}
			if _, ok := source.Resolve(file.Root, fd.Pointer); !ok {
				t.Fatalf("finding pointer %q does not resolve: %s %s", fd.Pointer, fd.Rule, fd.Message)
			}
		}
	})
}
