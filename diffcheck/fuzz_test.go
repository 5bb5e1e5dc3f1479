package diffcheck

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// fuzzOptions keep each fuzzed pair cheap.
var fuzzOptions = Options{
	Schema: schema.Limits{MaxDepth: 32, MaxSubschemas: 2000, Timeout: 2 * time.Second, RegexTimeout: 10 * time.Millisecond},
}

// fuzzLimits bound each fuzzed file.
var fuzzLimits = source.Limits{MaxBytes: 1 << 16, MaxDepth: 100, MaxValues: 20_000, MaxTools: 200}

// pairSeed is one base/head pair and whether it is YAML.
type pairSeed struct {
	base, head []byte
	yaml       bool
}

// pairSeeds returns the base/head pairs of testdata/**/*.txtar.
func pairSeeds(tb testing.TB) []pairSeed {
	tb.Helper()
	var seeds []pairSeed
	for _, a := range fixture.SeedArchives(tb, "testdata/**/*.txtar") {
		files := map[string][]byte{}
		for _, f := range a.Files {
			files[f.Name] = f.Data
		}
		for name, b := range files {
			if rest, ok := strings.CutPrefix(name, "base/"); ok {
				if h, ok := files["head/"+rest]; ok {
					seeds = append(seeds, pairSeed{b, h, strings.HasSuffix(rest, ".yaml") || strings.HasSuffix(rest, ".yml")})
				}
			}
		}
	}
	return seeds
}

// FuzzCompare diffs any base/head pair of files: it never panics, every
// finding has a rule, a message and a pointer that resolves in the head
// file (or, for what was removed, a base location that resolves in the
// base file), and a file that decodes, diffed with itself, reports nothing.
func FuzzCompare(f *testing.F) {
	for _, s := range pairSeeds(f) {
		f.Add(s.yaml, s.base, s.head)
	}
	f.Fuzz(func(t *testing.T, yaml bool, baseData, headData []byte) {
		lim := fuzzLimits
		name := "t.json"
		if yaml {
			name = "t.yaml"
		}
		base := source.Parse(name, baseData, lim)
		head := source.Parse(name, headData, lim)
		for _, fd := range Compare([]*source.File{base}, []*source.File{head}, fuzzOptions) {
			checkCompareFinding(t, fd, base, head)
		}
		if head.Fatal() {
			return // an unreadable file is reported as such, even against itself
		}
		again := source.Parse(name, headData, lim)
		if same := Compare([]*source.File{head}, []*source.File{again}, fuzzOptions); len(same) != 0 {
			t.Fatalf("a file diffed with itself reports %d findings, first: %s %s: %s", len(same), same[0].Rule, same[0].Pointer, same[0].Message)
		}
	})
}

func checkCompareFinding(t *testing.T, fd report.Finding, base, head *source.File) {
	t.Helper()
	if fd.Rule == "" || fd.Message == "" {
		t.Fatalf("finding without rule or message: %+v", fd)
	}
	if fd.Base != nil && base.Root != nil {
		if _, ok := source.Resolve(base.Root, fd.Base.Pointer); !ok {
			t.Fatalf("base pointer %q does not resolve: %s %s", fd.Base.Pointer, fd.Rule, fd.Message)
		}
	}
	if head.Root == nil || fd.File != head.Path {
		return
	}
	if _, ok := source.Resolve(head.Root, fd.Pointer); !ok {
		t.Fatalf("pointer %q does not resolve in the head file: %s %s", fd.Pointer, fd.Rule, fd.Message)
	}
}
