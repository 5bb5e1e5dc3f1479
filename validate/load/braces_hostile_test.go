package load

import (
	"strings"
	"testing"
)

// hostileBraces are patterns of the largest size ExpandBraces expands, in
// the shapes that make a naive expander rescan or multiply: unclosed
// braces, brackets hiding braces, deep nesting, many groups.
func hostileBraces() []string {
	n := MaxBracePatternBytes
	return []string{
		strings.Repeat("{", n), strings.Repeat("{a", n/2), strings.Repeat("[{", n/2), strings.Repeat("{a}", n/3),
		strings.Repeat("{a,b}", n/5), strings.Repeat("{", n/2) + strings.Repeat("}", n/2),
		strings.Repeat("{a,", n/4) + strings.Repeat("}", n/4), strings.Repeat(`\{`, n/2),
	}
}

// TestExpandBracesHostile: each hostile shape expands or is refused within
// the bounds, and a longer pattern is refused.
func TestExpandBracesHostile(t *testing.T) {
	for _, p := range hostileBraces() {
		alts, err := ExpandBraces(p)
		if err == nil && (len(alts) == 0 || len(alts) > MaxBraceAlternatives) {
			t.Errorf("%.20q... (%d bytes): %d expansions", p, len(p), len(alts))
		}
	}
	if _, err := ExpandBraces(strings.Repeat("a", MaxBracePatternBytes+1)); err == nil {
		t.Errorf("a pattern over %d bytes: want an error", MaxBracePatternBytes)
	}
}

// BenchmarkExpandBracesHostile measures the hostile shapes together.
func BenchmarkExpandBracesHostile(b *testing.B) {
	ps := hostileBraces()
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			ExpandBraces(p)
		}
	}
}
