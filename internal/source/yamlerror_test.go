package source

import (
	"runtime"
	"strings"
	"testing"
)

// hostileYAMLLine is invalid YAML whose offending line holds n flow items:
// formatting the YAML library's error prints every token of that line.
func hostileYAMLLine(n int) []byte {
	return []byte("a: [" + strings.Repeat("x,", n) + "\n b: ]]]\n")
}

// TestYAMLSyntaxErrorOnLongLine: invalid YAML on a line of many tokens gets
// a syntax problem at the offending character, with a short message built
// from the position only, and the work to build it is linear in the text:
// the bytes allocated per input byte do not grow with the line (they grew
// with it while the library's error text, which reprints the line token by
// token, was formatted).
func TestYAMLSyntaxErrorOnLongLine(t *testing.T) {
	perByte := func(n int, lim Limits) (float64, Problem) {
		data := hostileYAMLLine(n)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f := Parse("t.yaml", data, lim)
		runtime.ReadMemStats(&after)
		if len(f.Problems) != 1 {
			t.Fatalf("%d items: problems %+v", n, f.Problems)
		}
		return float64(after.TotalAlloc-before.TotalAlloc) / float64(len(data)), f.Problems[0]
	}
	small, p := perByte(1_000, Limits{})
	if p.Kind != ProblemSyntax || !p.Fatal || p.Pos != (Pos{Line: 2, Column: 5}) || len(p.Message) > 200 ||
		!strings.HasPrefix(p.Message, "invalid YAML: ") || !strings.Contains(p.Message, "']'") {
		t.Errorf("problem %+v; want a short fatal syntax problem at 2:5 about the ']'", p)
	}
	large, p := perByte(20_000, Limits{})
	if p.Pos != (Pos{Line: 2, Column: 5}) || len(p.Message) > 200 {
		t.Errorf("20,000 items: problem %+v; want it at 2:5 with a short message", p)
	}
	t.Logf("allocated per input byte: %.0f (1,000 items), %.0f (20,000 items)", small, large)
	if large > 3*small {
		t.Errorf("allocated %.0f bytes per input byte for 20,000 items, %.0f for 1,000: the error path is not linear", large, small)
	}
	// Past maxExactTokens tokens the exact parser is not run (it keeps
	// hundreds of bytes per token): the problem is on the line
	// go.yaml.in/yaml/v3 names, where the flow sequence starts. (So dense a
	// line is refused by the node bound first, see yamlTooManyNodes, unless
	// limits.max-file-values is raised, as here.)
	huge, p := perByte(100_000, Limits{MaxValues: 10 * DefaultLimits.MaxValues})
	if p.Kind != ProblemSyntax || p.Pos.Line != 1 || len(p.Message) > 200 || !strings.HasPrefix(p.Message, "invalid YAML: ") {
		t.Errorf("100,000 items: problem %+v; want a short syntax problem on line 1", p)
	}
	if huge > small {
		t.Errorf("allocated %.0f bytes per input byte for 100,000 items, %.0f for 1,000", huge, small)
	}
	if _, p := perByte(100_000, Limits{}); p.Kind != ProblemTooMany || p.Pos.Line != 1 {
		t.Errorf("100,000 items, default limits: problem %+v; want the node bound on line 1", p)
	}
}

// allocatedBy returns the bytes allocated while f runs.
func allocatedBy(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
