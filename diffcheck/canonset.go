package diffcheck

import (
	"bytes"
	"cmp"
	"hash/maphash"
	"iter"
	"slices"
	"sync/atomic"
)

// Sets of values by canonical form (enums, candidates) keep a 64-bit hash
// of each value's form instead of the form: an enum of 490,000 values kept
// as a map of its forms took 48 MB (issue 29 item 5). Two values are the
// same only when their forms are equal byte for byte, compared whenever
// their hashes are, so every answer is exact and none depends on the seed.
var canonSeed = maphash.MakeSeed()

// collideHashes makes every hash 0 (tests): the answers stay the same,
// only compared form by form, which exercises the comparisons.
var collideHashes atomic.Bool

// canonScratch hashes and compares canonical forms without keeping them.
type canonScratch struct {
	h    maphash.Hash
	a, b bytes.Buffer
}

// hash returns the hash of v's canonical form.
func (c *canonScratch) hash(v any) uint64 {
	if collideHashes.Load() {
		return 0
	}
	c.h.SetSeed(canonSeed) // also resets it
	writeCanonical(&c.h, v, 0)
	return c.h.Sum64()
}

// same reports whether x and y have the same canonical form.
func (c *canonScratch) same(x, y any) bool {
	c.a.Reset()
	c.b.Reset()
	writeCanonical(&c.a, x, 0)
	writeCanonical(&c.b, y, 0)
	return bytes.Equal(c.a.Bytes(), c.b.Bytes())
}

// hashedValue is the hash of vals[i]'s canonical form.
type hashedValue struct {
	h uint64
	i int
}

// hashSorted returns the hashes of vals' forms sorted by hash, then index.
func (c *canonScratch) hashSorted(vals []any) []hashedValue {
	out := make([]hashedValue, len(vals))
	for i, v := range vals {
		out[i] = hashedValue{c.hash(v), i}
	}
	slices.SortFunc(out, func(x, y hashedValue) int { return cmp.Or(cmp.Compare(x.h, y.h), cmp.Compare(x.i, y.i)) })
	return out
}

// firsts reports, for each value of vals, whether it is the first of its
// canonical form.
func firsts(vals []any) []bool {
	var c canonScratch
	first := make([]bool, len(vals))
	byHash := c.hashSorted(vals)
	for start := 0; start < len(byHash); {
		end := start + 1
		for end < len(byHash) && byHash[end].h == byHash[start].h {
			end++
		}
		if end-start == 1 {
			first[byHash[start].i] = true
			start = end
			continue
		}
		// equal hashes, by index: a value is first unless an earlier
		// first has its form.
		var kept []int
		for _, e := range byHash[start:end] {
			dup := false
			for _, k := range kept {
				if c.same(vals[k], vals[e.i]) {
					dup = true
					break
				}
			}
			if !dup {
				kept = append(kept, e.i)
				first[e.i] = true
			}
		}
		start = end
	}
	return first
}

// valueSet answers whether a value's canonical form is one of a list's.
type valueSet struct {
	vals   []any
	byHash []hashedValue
	c      canonScratch
}

// newValueSet returns the set of vals' forms.
func newValueSet(vals []any) *valueSet {
	s := &valueSet{vals: vals}
	s.byHash = s.c.hashSorted(vals)
	return s
}

// has reports whether v's form is in the set.
func (s *valueSet) has(v any) bool {
	h := s.c.hash(v)
	j, _ := slices.BinarySearchFunc(s.byHash, h, func(e hashedValue, h uint64) int { return cmp.Compare(e.h, h) })
	for ; j < len(s.byHash) && s.byHash[j].h == h; j++ {
		if s.c.same(s.vals[s.byHash[j].i], v) {
			return true
		}
	}
	return false
}

// seenValues is a growing set of values by canonical form: one value per
// hash, and the forms of the values that share a hash with an unequal one.
type seenValues struct {
	byHash map[uint64]any
	more   map[string]bool
	c      canonScratch
}

// add adds v and reports whether its form was new.
func (s *seenValues) add(v any) bool {
	h := s.c.hash(v)
	first, ok := s.byHash[h]
	if !ok {
		if s.byHash == nil {
			s.byHash = map[uint64]any{}
		}
		s.byHash[h] = v
		return true
	}
	if s.c.same(first, v) {
		return false
	}
	form := canonical(v)
	if s.more[form] {
		return false
	}
	if s.more == nil {
		s.more = map[string]bool{}
	}
	s.more[form] = true
	return true
}

// has reports whether v's form was added.
func (s *seenValues) has(v any) bool {
	if len(s.byHash) == 0 {
		return false
	}
	first, ok := s.byHash[s.c.hash(v)]
	if !ok {
		return false
	}
	return s.c.same(first, v) || s.more[canonical(v)]
}

// distinctCandidates yields the values of dedupValues(append(locals,
// genCandidates(n)...)) in the same order, one at a time: a witness search
// that stops after a few tries neither builds nor compares the rest (an
// enum of 490,000 values as candidates).
func distinctCandidates(locals []any, n *node) iter.Seq[any] {
	return func(yield func(any) bool) {
		var seen seenValues
		for _, v := range locals {
			if seen.add(v) && !yield(v) {
				return
			}
		}
		// eachCandidate's values are distinct: only the locals can repeat them.
		eachCandidate(n, func(v any) bool {
			return seen.has(v) || yield(v)
		})
	}
}
