package schema

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"sort"
	"strconv"
	"sync"
)

// cacheKey is the identity of a schema in the engine's cache: a hash of its
// canonical content (object members sorted by name, numbers as written) and
// the dialect it is read under.
type cacheKey [sha256.Size]byte

// keyOf computes the cache key of schema under d. schema must already be
// within the bounds (checkBounds), which keeps the recursion shallow. The
// canonical form is hashed as it is written, a chunk at a time: built
// whole, the form of an enum of 490,000 numbers grew a buffer through 20 MB
// (issue 29 item 5). The writers are pooled, as a key is computed for
// every schema checked, cached or not.
func keyOf(schema any, d Dialect) cacheKey {
	c := keyWriters.Get().(*canonWriter)
	c.h.Reset()
	c.b = append(c.b[:0], d...)
	c.b = append(c.b, 0)
	c.value(schema)
	c.h.Write(c.b)
	var k cacheKey
	c.h.Sum(k[:0])
	keyWriters.Put(c)
	return k
}

// keyWriters are canonWriters that hash, for keyOf.
var keyWriters = sync.Pool{New: func() any { return &canonWriter{b: make([]byte, 0, canonFlush+4096), h: sha256.New()} }}

// AppendCanonical appends v (a plain value of source) to b in a form where
// equal values and only they are equal bytes.
func AppendCanonical(b []byte, v any) []byte {
	c := canonWriter{b: b}
	c.value(v)
	return c.b
}

// canonWriter writes canonical forms (see AppendCanonical) to b, and with
// h set, hands b to h whenever it holds canonFlush bytes.
type canonWriter struct {
	b []byte
	h hash.Hash
}

// canonFlush is the size at which a canonWriter with a hash empties b.
const canonFlush = 32 << 10

func (c *canonWriter) value(v any) {
	if c.h != nil && len(c.b) >= canonFlush {
		c.h.Write(c.b)
		c.b = c.b[:0]
	}
	b := c.b
	switch v := v.(type) {
	case nil:
		c.b = append(b, 'n')
	case bool:
		if v {
			c.b = append(b, 't')
		} else {
			c.b = append(b, 'f')
		}
	case json.Number:
		b = append(b, '#')
		b = append(b, v...)
		c.b = append(b, 0)
	case string:
		c.b = appendString(b, v)
	case []any:
		c.b = append(b, '[')
		for _, e := range v {
			c.value(e)
		}
		c.b = append(c.b, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		c.b = append(b, '{')
		for _, k := range keys {
			c.b = appendString(c.b, k)
			c.value(v[k])
		}
		c.b = append(c.b, '}')
	default:
		// Values outside the plain model (other numeric types from callers).
		c.b = appendString(b, fmt.Sprintf("?%T:%v", v, v))
	}
}

func appendString(b []byte, s string) []byte {
	b = append(b, 's')
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}
