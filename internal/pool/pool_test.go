package pool

import (
	"context"
	"sync/atomic"
	"testing"
)

// TestEach: every index is worked on once, with at most the pool's workers
// at once.
func TestEach(t *testing.T) {
	p := New(2)
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

// TestEachStopsWhenCancelled: once the pool's context is done, no further
// index is handed out (an interrupted run stops its workers).
func TestEachStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p := New(2).WithContext(ctx)
	var calls atomic.Int64
	p.Each(10_000, func(i int) {
		if calls.Add(1) == 10 {
			cancel()
		}
	})
	if n := calls.Load(); n > 12 {
		t.Errorf("work called %d times after the context was cancelled at the 10th: want at most one more per worker", n)
	}
	if p.Err() == nil {
		t.Error("Err() is nil after the context was cancelled")
	}
	calls.Store(0)
	p.Each(5, func(int) { calls.Add(1) })
	if calls.Load() != 0 {
		t.Errorf("a cancelled pool called work %d times", calls.Load())
	}
}
