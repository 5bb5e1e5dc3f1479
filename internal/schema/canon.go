package schema

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
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
	buf := make([]byte, 0, 4096)
	buf = append(buf, d...)
	buf = append(buf, 0)
	buf = AppendCanonical(buf, schema)
	return sha256.Sum256(buf)
}

// AppendCanonical appends v (a plain value of source) to b in a form where
// equal values and only they are equal bytes.
func AppendCanonical(b []byte, v any) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, 'n')
	case bool:
		if v {
			return append(b, 't')
		}
		return append(b, 'f')
	case json.Number:
		b = append(b, '#')
		b = append(b, v...)
		return append(b, 0)
	case string:
		return appendString(b, v)
	case []any:
		b = append(b, '[')
		for _, e := range v {
			b = AppendCanonical(b, e)
		}
		return append(b, ']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = append(b, '{')
		for _, k := range keys {
			b = appendString(b, k)
			b = AppendCanonical(b, v[k])
		}
		return append(b, '}')
	}
	// Values outside the plain model (other numeric types from callers).
	return appendString(b, fmt.Sprintf("?%T:%v", v, v))
}

func appendString(b []byte, s string) []byte {
	b = append(b, 's')
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}
