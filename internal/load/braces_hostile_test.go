package load

import (
	"runtime"
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
		nestedAroundMany(n),
	}
}

// nestedAroundMany is ten groups of two (1024 alternatives) inside as many
// one-alternative groups, each adding a byte, as fit in n bytes: a naive
// expander copies every alternative again at each level.
func nestedAroundMany(n int) string {
	inner := strings.Repeat("{a,b}", 10)
	k := (n - len(inner)) / 3
	return strings.Repeat("{x", k) + inner + strings.Repeat("}", k)
}

// TestExpandBracesNestedWork: the nested shape is expanded or refused
// without building more than a few times the largest result
// (MaxBraceAlternatives results of MaxBracePatternBytes).
func TestExpandBracesNestedWork(t *testing.T) {
	t.Parallel()
	p := nestedAroundMany(MaxBracePatternBytes)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	alts, err := ExpandBraces(p)
	runtime.ReadMemStats(&after)
	if err == nil && len(alts) != MaxBraceAlternatives {
		t.Errorf("%d expansions, want %d or an error", len(alts), MaxBraceAlternatives)
	}
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(16*MaxBraceAlternatives*MaxBracePatternBytes); got > limit {
		t.Errorf("expanding allocated %d bytes, want at most %d", got, limit)
	}
	groups := strings.Repeat("{a,b}", 10)
	for _, wide := range []string{strings.Repeat("x", MaxBracePatternBytes-len(groups)) + groups, groups + strings.Repeat("x", MaxBracePatternBytes-len(groups))} {
		if alts, err := ExpandBraces(wide); err != nil || len(alts) != MaxBraceAlternatives {
			t.Errorf("the widest flat pattern: %d expansions, %v; want %d", len(alts), err, MaxBraceAlternatives)
		}
	}
}

// TestExpandBracesHostile: each hostile shape expands or is refused within
// the bounds, and a longer pattern is refused.
func TestExpandBracesHostile(t *testing.T) {
	t.Parallel()
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
