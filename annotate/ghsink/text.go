package ghsink

import (
	"unicode"
	"unicode/utf8"
)

// truncateTo cuts s to at most n bytes on a rune boundary, ending with "…".
func truncateTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const ell = "…"
	cut := max(n-len(ell), 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + ell
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
