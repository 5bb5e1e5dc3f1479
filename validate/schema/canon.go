package schema

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"sort"
	"strconv"
)

// cacheKey is the identity of a schema in the engine's cache: a hash of its
// canonical content (object members sorted by name, numbers as written) and
// the dialect it is read under.
type cacheKey [sha256.Size]byte

// keyOf computes the cache key of schema under d. schema must already be
// within the bounds (checkBounds), which keeps the recursion shallow.
func keyOf(schema any, d Dialect) cacheKey {
	h := sha256.New()
	h.Write([]byte(d))
	h.Write([]byte{0})
	writeCanonical(h, schema)
	var k cacheKey
	h.Sum(k[:0])
	return k
}

func writeCanonical(h hash.Hash, v any) {
	switch v := v.(type) {
	case nil:
		h.Write([]byte("n"))
	case bool:
		if v {
			h.Write([]byte("t"))
		} else {
			h.Write([]byte("f"))
		}
	case json.Number:
		h.Write([]byte("#"))
		h.Write([]byte(v))
		h.Write([]byte{0})
	case string:
		writeString(h, v)
	case []any:
		h.Write([]byte("["))
		for _, e := range v {
			writeCanonical(h, e)
		}
		h.Write([]byte("]"))
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		h.Write([]byte("{"))
		for _, k := range keys {
			writeString(h, k)
			writeCanonical(h, v[k])
		}
		h.Write([]byte("}"))
	default:
		// Values outside the plain model (other numeric types from callers).
		writeString(h, fmt.Sprintf("?%T:%v", v, v))
	}
}

func writeString(h hash.Hash, s string) {
	h.Write([]byte("s"))
	h.Write([]byte(strconv.Itoa(len(s))))
	h.Write([]byte(":"))
	h.Write([]byte(s))
}
