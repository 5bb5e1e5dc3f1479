// Package pool is the one worker pool of a run: files are read, parsed,
// validated and judged on it, one at a time per worker.
package pool

import (
	"context"
	"runtime"
	"sync"
)

// Pool runs work on a fixed number of workers.
type Pool struct {
	workers int
	// ctx, when set, stops the pool: once it is done, no index is handed out.
	ctx context.Context
}

// New returns a pool of workers goroutines (0 or less: one per CPU).
func New(workers int) *Pool {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &Pool{workers: workers}
}

// WithContext returns the pool bound to ctx: once ctx is done (the run is
// interrupted or its deadline passed), Each hands out no further index and
// returns when the calls under way have returned. It is the same pool.
func (p *Pool) WithContext(ctx context.Context) *Pool {
	c := *p
	c.ctx = ctx
	return &c
}

// Err is the pool's context's error: non-nil when Each may have stopped early.
func (p *Pool) Err() error {
	if p.ctx == nil {
		return nil
	}
	return p.ctx.Err()
}

// Each calls work(i) for every i below n, on at most the pool's workers at
// once, and returns when every call has returned. With a context (see
// WithContext) that is done, the indices not yet handed out are skipped:
// callers check Err.
func (p *Pool) Each(n int, work func(i int)) {
	var done <-chan struct{}
	if p.ctx != nil {
		done = p.ctx.Done()
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(p.workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				work(i)
			}
		}()
	}
feed:
	for i := range n {
		if p.Err() != nil {
			break
		}
		select {
		case next <- i:
		case <-done:
			break feed
		}
	}
	close(next)
	wg.Wait()
}
