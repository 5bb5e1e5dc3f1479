// Package pool is the one worker pool of a run: files are read, parsed,
// validated and judged on it, one at a time per worker.
package pool

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// constructed counts the pools made, for tests: a run makes one.
var constructed atomic.Int64

// Pool runs work on a fixed number of workers.
type Pool struct{ workers int }

// New returns a pool of workers goroutines (0 or less: one per CPU).
func New(workers int) *Pool {
	constructed.Add(1)
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &Pool{workers: workers}
}

// Constructed returns how many pools New has made so far in this process.
func Constructed() int64 { return constructed.Load() }

// Each calls work(i) for every i below n, on at most the pool's workers at
// once, and returns when every call has returned.
func (p *Pool) Each(n int, work func(i int)) {
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
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
