package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"unsafe"
)

// cacheKey is the identity of a schema in the engine's cache: the
// decoded object itself (its map, which the entry keeps alive, so the
// address names that object as long as the entry is kept) or a boolean
// schema's value, with the dialect it is read under. A hash of the content
// was the key before; it cost a walk of every schema and never hit, since
// the schemas of a run differ, while the one value that is checked twice
// (a tool the base and the head share, its decoded value reused by
// source.ParseLike) is the same object.
type cacheKey struct {
	doc     unsafe.Pointer // nil: a boolean schema
	boolean bool
	dialect Dialect
}

// keyOf is the cache key of schema under d; false when schema is neither
// an object nor a boolean (checked without the cache).
func keyOf(schema any, d Dialect) (cacheKey, bool) {
	switch v := schema.(type) {
	case map[string]any:
		return cacheKey{doc: reflect.ValueOf(v).UnsafePointer(), dialect: d}, true
	case bool:
		return cacheKey{boolean: v, dialect: d}, true
	}
	return cacheKey{}, false
}

// AppendCanonical appends v (a plain value of source) to b in a form where
// equal values and only they are equal bytes.
func AppendCanonical(b []byte, v any) []byte {
	c := canonWriter{b: b}
	c.value(v)
	return c.b
}

// canonWriter writes canonical forms (see AppendCanonical) to b.
type canonWriter struct {
	b []byte
}

func (c *canonWriter) value(v any) {
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
