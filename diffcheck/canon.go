package diffcheck

import (
	"encoding/json"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/source"
)

// canonical renders a plain value as JSON with sorted keys and numbers in
// one spelling (1, 1.0 and 1e0 are equal), for comparisons and fingerprints.
func canonical(v any) string {
	var b strings.Builder
	writeCanonical(&b, v, 0)
	return b.String()
}

// canonWriter is what writeCanonical writes to: a strings.Builder for the
// form itself, a bytes.Buffer or a maphash.Hash for sets of values (see
// canonset.go).
type canonWriter interface {
	io.Writer
	io.StringWriter
	io.ByteWriter
}

func writeCanonical(b canonWriter, v any, depth int) {
	if depth > 200 {
		b.WriteString("…")
		return
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		if plainInteger(string(x)) {
			b.WriteString(string(x)) // what the rational below writes, without building it
		} else if source.HugeExponent(string(x)) {
			b.WriteString(string(x)) // never expanded: see source.MaxExponent
		} else if r, ok := new(big.Rat).SetString(string(x)); ok {
			b.WriteString(exactText(r))
		} else {
			b.WriteString(string(x))
		}
	case float64:
		b.WriteString(exactText(new(big.Rat).SetFloat64(x)))
	case int:
		b.WriteString(strconv.Itoa(x))
	case string:
		writeJSONString(b, x)
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanonical(b, e, depth+1)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			writeCanonical(b, x[k], depth+1)
		}
		b.WriteByte('}')
	default:
		q, _ := json.Marshal(x)
		b.Write(q)
	}
}

// writeJSONString writes s as json.Marshal quotes it. A string of printable
// ASCII without the characters json.Marshal escapes (quote, backslash, <, >
// and &) is written as is between quotes, which is what json.Marshal
// writes; any other goes through json.Marshal.
func writeJSONString(b canonWriter, s string) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			b.Write(q)
			return
		}
	}
	b.WriteByte('"')
	b.WriteString(s)
	b.WriteByte('"')
}

// plainInteger reports whether s is a JSON integer without leading zeros,
// other than -0, of at most 32 bytes: the rational it denotes is written
// back as s itself (ratString writes an integer's digits, and exactText
// keeps them up to 32 bytes), so canonical forms and types of the enums'
// many integers need no big.Rat.
func plainInteger(s string) bool {
	if len(s) == 0 || len(s) > 32 {
		return false
	}
	i := 0
	if s[0] == '-' {
		i = 1
	}
	if i == len(s) || (s[i] == '0' && (i > 0 || len(s) > 1)) {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ratString writes an integer as digits and other rationals as decimals when exact.
func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	if s := r.FloatString(20); s != "" {
		s = strings.TrimRight(s, "0")
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return s
		}
	}
	return r.RatString()
}

// number reads a JSON number.
func number(v any) (*big.Rat, bool) {
	switch x := v.(type) {
	case json.Number:
		if len(x) > 400 || source.HugeExponent(string(x)) {
			return nil, false
		}
		return new(big.Rat).SetString(string(x))
	case float64:
		r := new(big.Rat)
		if r.SetFloat64(x) == nil {
			return nil, false
		}
		return r, true
	case int:
		return new(big.Rat).SetInt64(int64(x)), true
	}
	return nil, false
}

// valueType returns the type bit of a plain value (integer for whole numbers).
func valueType(v any) typeSet {
	switch x := v.(type) {
	case nil:
		return tNull
	case bool:
		return tBoolean
	case string:
		return tString
	case []any:
		return tArray
	case map[string]any:
		return tObject
	case json.Number:
		if plainInteger(string(x)) {
			return tInteger
		}
	}
	if r, ok := number(v); ok {
		if r.IsInt() {
			return tInteger
		}
		return tNumber
	}
	return 0
}

// display renders a value for messages, shortened.
func display(v any) string {
	s, _ := displayCut(v)
	return s
}

// displayCut renders a value for messages: whole up to 80 bytes, else cut
// on a character boundary and ended with "…"; cut says it was.
func displayCut(v any) (s string, cut bool) {
	s = canonicalDisplay(v)
	if len(s) <= 80 {
		return s, false
	}
	i := 77
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…", true
}

// witnessText renders a witness for a message; a shortened one says where
// the whole value is.
func witnessText(w any) string {
	s, cut := displayCut(w)
	if cut {
		s += " (shortened here; the whole value is the finding's witness)"
	}
	return s
}

func canonicalDisplay(v any) string {
	if n, ok := v.(json.Number); ok {
		return string(n)
	}
	return canonical(v)
}

// exactText renders r exactly: as ratString, or in scientific notation when
// that is much shorter (1e+1000 rather than 1001 digits).
func exactText(r *big.Rat) string {
	s := ratString(r)
	if len(s) > 32 {
		if t, ok := sciText(r); ok {
			return t
		}
	}
	return s
}

// numText renders r for messages and witnesses: as ratString when that is
// short, otherwise exactly in scientific notation (1e+1000, 1e-99) when r is
// a short decimal times a power of ten, else approximately ("about …").
func numText(r *big.Rat) string {
	s := ratString(r)
	if len(s) <= 32 {
		return s
	}
	if t, ok := sciText(r); ok {
		return t
	}
	return "about " + new(big.Float).SetPrec(128).SetRat(r).Text('g', 17)
}

// sciText writes r exactly as d.ddde±x when r = digits × 10^exp with at
// most 32 significant digits.
func sciText(r *big.Rat) (string, bool) {
	num := new(big.Int).Abs(r.Num()).String()
	den := r.Denom().String()
	exp := 0
	if den != "1" {
		if strings.Trim(den[1:], "0") != "" || den[0] != '1' {
			return "", false
		}
		exp = -(len(den) - 1)
	}
	trimmed := strings.TrimRight(num, "0")
	exp += len(num) - len(trimmed)
	if trimmed == "" || len(trimmed) > 32 {
		return "", false
	}
	mant := trimmed[:1]
	if len(trimmed) > 1 {
		mant += "." + trimmed[1:]
	}
	sign := ""
	if r.Sign() < 0 {
		sign = "-"
	}
	e := exp + len(trimmed) - 1
	if e >= 0 {
		return sign + mant + "e+" + strconv.Itoa(e), true
	}
	return sign + mant + "e" + strconv.Itoa(e), true
}
