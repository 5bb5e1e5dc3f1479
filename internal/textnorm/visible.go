package textnorm

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/runenames"
)

// Name is the Unicode name of r in upper case ("ZERO WIDTH SPACE"), or
// "" for a character without one (a control, a private-use character).
func Name(r rune) string {
	n := runenames.Name(r)
	if n == "" || strings.HasPrefix(n, "<") {
		return ""
	}
	return n
}

// Describe names r for messages: "U+200B ZERO WIDTH SPACE".
func Describe(r rune) string {
	if n := Name(r); n != "" {
		return fmt.Sprintf("U+%04X %s", r, n)
	}
	return fmt.Sprintf("U+%04X", r)
}

// Visible is s with every hidden character (IsHidden, and the line and
// paragraph separators) written as text: "[U+200B ZERO WIDTH SPACE]",
// and a run of tag characters as the ASCII it encodes ("[tags: "ignore
// this"]"), so that a quote shows what a model reads and no renderer can
// hide it. It is cut to about max bytes (max <= 0: no cut), on a rune
// boundary, with "…" where it was cut; the result never holds a hidden
// character raw.
func Visible(s string, max int) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if max > 0 && b.Len() >= max {
			b.WriteString("…")
			break
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, "[byte 0x%02X]", s[i])
		case r >= 0xe0000 && r <= 0xe007f:
			j, tags := i, []byte{}
			for j < len(s) {
				t, m := utf8.DecodeRuneInString(s[j:])
				if t < 0xe0000 || t > 0xe007f {
					break
				}
				if t >= 0xe0020 && t <= 0xe007e {
					tags = append(tags, byte(t-0xe0000))
				}
				j += m
			}
			fmt.Fprintf(&b, "[tags: %q]", string(tags))
			i = j
			continue
		case r == '\t':
			b.WriteString(" ")
		case r == '\n' || r == '\r':
			b.WriteString(" ")
		case IsHidden(r) || r == 0x2028 || r == 0x2029:
			b.WriteString("[" + Describe(r) + "]")
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// DecodeTags returns the ASCII the tag characters of s encode, in order
// (U+E0020 to U+E007E stand for " " to "~").
func DecodeTags(s string) string {
	var b []byte
	for _, r := range s {
		if r >= 0xe0020 && r <= 0xe007e {
			b = append(b, byte(r-0xe0000))
		}
	}
	return string(b)
}
