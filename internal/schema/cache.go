package schema

import "sync"

// cacheSize is the number of checked schemas an engine keeps. Older
// entries are evicted first, which keeps memory bounded however many
// distinct schemas a run sees.
const cacheSize = 4096

// cache maps schemas (by identity, see cacheKey) to their checked result, computing each
// one once even when several goroutines ask for it at the same time.
type cache struct {
	mu      sync.Mutex
	max     int
	entries map[cacheKey]*cacheEntry
	fifo    []cacheKey
	next    int
}

type cacheEntry struct {
	done chan struct{}
	val  *Checked
	// doc is the schema checked: kept while the entry is, so that no other
	// object takes its address (the key).
	doc any
}

func newCache(max int) *cache {
	return &cache{max: max, entries: map[cacheKey]*cacheEntry{}}
}

// get returns the entry for k (the key of doc), computing it with fn when
// absent.
func (c *cache) get(k cacheKey, doc any, fn func() *Checked) *Checked {
	c.mu.Lock()
	if e, ok := c.entries[k]; ok {
		c.mu.Unlock()
		<-e.done
		return e.val
	}
	e := &cacheEntry{done: make(chan struct{}), doc: doc}
	c.entries[k] = e
	c.evict(k)
	c.mu.Unlock()
	defer close(e.done)
	e.val = fn()
	return e.val
}

// evict records k and drops the oldest entry once the cache is full.
func (c *cache) evict(k cacheKey) {
	if len(c.fifo) < c.max {
		c.fifo = append(c.fifo, k)
		return
	}
	delete(c.entries, c.fifo[c.next])
	c.fifo[c.next] = k
	c.next = (c.next + 1) % c.max
}
