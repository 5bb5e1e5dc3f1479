package pool

import (
	"sync/atomic"
	"testing"
)

// TestEach: every index is worked on once, with at most the pool's workers
// at once, and New is counted.
func TestEach(t *testing.T) {
	before := Constructed()
	p := New(2)
	if Constructed() != before+1 {
		t.Fatalf("Constructed %d, want %d", Constructed(), before+1)
	}
	var busy, most atomic.Int64
	seen := make([]int, 100)
	p.Each(len(seen), func(i int) {
		n := busy.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		seen[i]++
		busy.Add(-1)
	})
	for i, n := range seen {
		if n != 1 {
			t.Errorf("index %d worked on %d times", i, n)
		}
	}
	if most.Load() > 2 {
		t.Errorf("%d workers at once, want at most 2", most.Load())
	}
	p.Each(0, func(int) { t.Error("work called for n = 0") })
}
