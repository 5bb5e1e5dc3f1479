package tokens

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"
)

// AppendJSON appends v, a plain JSON value (map[string]any, []any,
// json.Number, string, bool, nil), to dst as compact JSON the way a
// JavaScript client's JSON.stringify writes it: no spaces, non-ASCII text
// as it is, '"', '\' and control characters escaped; object members in
// byte order of their names (a document's own order is not kept in plain
// values; the order moves a count by a token or two at most). Two
// deviations keep the text countable exactly: an invalid UTF-8 byte is
// written as U+FFFD (as encoding/json does), and U+007F as \u007f (the
// pinned module's matcher skips a raw one).
func AppendJSON(dst []byte, v any) []byte {
	var keys []string
	return appendValue(dst, v, &keys)
}

func appendValue(b []byte, v any, keys *[]string) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		if v {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case json.Number:
		return append(b, v...)
	case string:
		return appendString(b, v)
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, e, keys)
		}
		return append(b, ']')
	case map[string]any:
		// the names of this object are kept at the end of the shared
		// slice while its members are written (nested objects add theirs
		// after them), then dropped: one slice serves the whole value
		start := len(*keys)
		for k := range v {
			*keys = append(*keys, k)
		}
		slices.Sort((*keys)[start:])
		b = append(b, '{')
		for i := start; i < len(*keys); i++ {
			k := (*keys)[i]
			if i > start {
				b = append(b, ',')
			}
			b = appendString(b, k)
			b = append(b, ':')
			b = appendValue(b, v[k], keys)
		}
		*keys = (*keys)[:start]
		return append(b, '}')
	}
	// values outside the plain model (other numeric types from callers)
	return appendString(b, fmt.Sprint(v))
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	b = appendEscaped(b, s)
	return append(b, '"')
}

// appendEscaped appends the content of s as a JSON string holds it, without the quotes.
func appendEscaped(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c != 0x7f && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || n != 1 {
				i += n
				continue
			}
			b = append(b, s[start:i]...)
			b = append(b, "\uFFFD"...)
			i++
			start = i
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	return append(b, s[start:]...)
}
