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
//
// A small schema (its canonical form at most smallSchema bytes) is keyed
// by that form instead: equal small schemas recur (a file of ten thousand
// tools each with {"type": "object"}, or with the same invalid schema),
// writing the form costs less than checking it again, and a large
// schema, whose form would cost a walk, keeps the identity key.
type cacheKey struct {
	doc     unsafe.Pointer // nil: a boolean schema or a small one (content)
	content string         // the canonical form of a small schema
	boolean bool
	dialect Dialect
}

// smallSchema bounds the canonical form of a schema keyed by content.
const smallSchema = 256

// keyOf is the cache key of schema under d; false when schema is neither
// an object nor a boolean (checked without the cache).
func keyOf(schema any, d Dialect) (cacheKey, bool) {
	switch v := schema.(type) {
	case map[string]any:
		var buf [smallSchema]byte
		if form, ok := appendSmall(buf[:0], v, smallSchema); ok {
			return cacheKey{content: string(form), dialect: d}, true
		}
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

// appendSmall appends the canonical form of v (AppendCanonical's) to b
// while it stays within limit bytes: false, with no more work than
// limit bytes' worth, once it would not (or v holds an object of more
// than smallKeys members, or a value outside the plain model).
func appendSmall(b []byte, v any, limit int) ([]byte, bool) {
	if len(b) > limit {
		return b, false
	}
	switch v := v.(type) {
	case nil:
		return append(b, 'n'), len(b) < limit
	case bool:
		if v {
			return append(b, 't'), len(b) < limit
		}
		return append(b, 'f'), len(b) < limit
	case json.Number:
		if len(b)+len(v)+2 > limit {
			return b, false
		}
		b = append(b, '#')
		b = append(b, v...)
		return append(b, 0), true
	case string:
		if len(b)+len(v)+12 > limit {
			return b, false
		}
		return appendString(b, v), true
	case []any:
		if len(b)+2*len(v)+2 > limit {
			return b, false
		}
		b = append(b, '[')
		for _, e := range v {
			var ok bool
			if b, ok = appendSmall(b, e, limit); !ok {
				return b, false
			}
		}
		return append(b, ']'), len(b) < limit
	case map[string]any:
		if len(v) > smallKeys || len(b)+3*len(v)+2 > limit {
			return b, false
		}
		var arr [smallKeys]string
		keys := arr[:0]
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b = append(b, '{')
		for _, k := range keys {
			if len(b)+len(k)+12 > limit {
				return b, false
			}
			b = appendString(b, k)
			var ok bool
			if b, ok = appendSmall(b, v[k], limit); !ok {
				return b, false
			}
		}
		return append(b, '}'), len(b) < limit
	}
	return b, false
}

// smallKeys bounds the members of an object in a small schema.
const smallKeys = 16
