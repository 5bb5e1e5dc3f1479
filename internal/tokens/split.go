package tokens

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// The pre-tokenizer of o200k_base splits text into pieces with this
// pattern before byte-pair encoding merges each piece into tokens:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//	|\p{N}{1,3}
//	| ?[^\s\p{L}\p{N}]+[\r\n/]*
//	|\s*[\r\n]+
//	|\s+(?!\S)
//	|\s+
//
// pieceEnd matches it by hand, branch by branch in the same order and
// with the same backtracking, in one pass over the bytes: the module's
// own matcher (a backtracking engine over runes) is what makes its Count
// run at a few MB/s, and pieceEnd is why counting stays a small part of a
// run. TestSplitAgrees checks every piece against the module on real tool
// text and on generated strings; the classes are Go's unicode tables, as
// the module's generated matcher uses (\s is unicode.IsSpace).

// Character classes of the pattern, as bits.
const (
	clsLetter  = 1 << iota // \p{L}
	clsNumber              // \p{N}
	clsSpace               // \s
	clsUpper               // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
	clsLower               // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
	clsNewline             // [\r\n]
)

// asciiClass is the class of each ASCII byte.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		t[r] = runeClass(r)
	}
	return t
}()

// runeClass computes the classes of r.
func runeClass(r rune) uint8 {
	var c uint8
	if unicode.IsLetter(r) {
		c |= clsLetter
	}
	if unicode.IsNumber(r) {
		c |= clsNumber
	}
	if unicode.IsSpace(r) {
		c |= clsSpace
	}
	if unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M) {
		c |= clsUpper
	}
	if unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M) {
		c |= clsLower
	}
	if r == '\r' || r == '\n' {
		c |= clsNewline
	}
	return c
}

// bmpClass is the class of each rune of the Basic Multilingual Plane,
// built on the first non-ASCII rune (64 KB): text in most scripts then
// costs a table lookup per rune, not the unicode tables' searches.
var bmpClass = sync.OnceValue(func() *[1 << 16]uint8 {
	t := new([1 << 16]uint8)
	for r := range t {
		t[r] = runeClass(rune(r))
	}
	return t
})

// classAt decodes the rune at s[i:] and returns its classes and size
// (an invalid byte is one rune of its own, U+FFFD, of size 1).
func classAt(s []byte, i int) (uint8, int) {
	if b := s[i]; b < utf8.RuneSelf {
		return asciiClass[b], 1
	}
	r, n := utf8.DecodeRune(s[i:])
	if r < 1<<16 {
		return bmpClass()[r], n
	}
	return runeClass(r), n
}

// isPrefix is [^\r\n\p{L}\p{N}]; isPunct is [^\s\p{L}\p{N}].
func isPrefix(c uint8) bool { return c&(clsNewline|clsLetter|clsNumber) == 0 }
func isPunct(c uint8) bool  { return c&(clsSpace|clsLetter|clsNumber) == 0 }

// pieceEnd returns where the piece that starts at s[p] ends (p < len(s));
// every position starts a piece, so the pieces cover s.
func pieceEnd(s []byte, p int) int {
	c, n := classAt(s, p)
	if e := wordEnd(s, p, c, n); e > 0 {
		return e
	}
	if c&clsNumber != 0 {
		e := p + n
		for k := 1; k < 3 && e < len(s); k++ {
			c2, n2 := classAt(s, e)
			if c2&clsNumber == 0 {
				break
			}
			e += n2
		}
		return e
	}
	if e := punctEnd(s, p); e > 0 {
		return e
	}
	if c&clsSpace != 0 {
		return spaceEnd(s, p)
	}
	// Not reached with Go's tables (every rune is a letter, a number, a
	// space or in [^\s\p{L}\p{N}]); one rune is one piece.
	return p + n
}

// wordEnd tries the first two branches (a word, with an optional prefix
// rune and contraction) at p, whose rune has class c and size n, in the
// order the alternation and its optional prefix backtrack: the first
// branch with, then without the prefix, then the second; 0: no match.
func wordEnd(s []byte, p int, c uint8, n int) int {
	prefix := isPrefix(c)
	if prefix {
		if e := lowerWord(s, p+n); e > 0 {
			return e
		}
	}
	if e := lowerWord(s, p); e > 0 {
		return e
	}
	if prefix {
		if e := upperWord(s, p+n); e > 0 {
			return e
		}
	}
	return upperWord(s, p)
}

// upperRun returns the end of the run of upper-class runes from q, and the
// end of its last rune that is lower-class too (Lm, Lo and M are in both
// classes; 0: none).
func upperRun(s []byte, q int) (end, lastLower int) {
	i := q
	for i < len(s) && s[i] < utf8.RuneSelf && asciiClass[s[i]]&clsUpper != 0 {
		i++ // A-Z: no ASCII letter is in both classes
	}
	for i < len(s) {
		c, n := classAt(s, i)
		if c&clsUpper == 0 {
			break
		}
		i += n
		if c&clsLower != 0 {
			lastLower = i
		}
	}
	return i, lastLower
}

// lowerWord matches the first branch from q, "[U]*[W]+" and a
// contraction: the upper run backtracks to its last lower-class rune,
// unless a lower run follows it whole. 0: no match.
func lowerWord(s []byte, q int) int {
	upperEnd, lastLower := upperRun(s, q)
	if j := lowerRun(s, upperEnd); j > upperEnd {
		return contraction(s, j)
	}
	if lastLower > 0 {
		return contraction(s, lastLower)
	}
	return 0
}

// upperWord matches the second branch from q, "[U]+[W]*" and a
// contraction. 0: no match.
func upperWord(s []byte, q int) int {
	upperEnd, _ := upperRun(s, q)
	if upperEnd == q {
		return 0
	}
	return contraction(s, lowerRun(s, upperEnd))
}

// lowerRun returns the end of the run of lower-class runes from i.
func lowerRun(s []byte, i int) int {
	for i < len(s) && s[i] < utf8.RuneSelf && asciiClass[s[i]]&clsLower != 0 {
		i++
	}
	for i < len(s) {
		c, n := classAt(s, i)
		if c&clsLower == 0 {
			break
		}
		i += n
	}
	return i
}

// contraction extends a word ending at e by a following (?i:'s|'t|'re|'ve|'m|'ll|'d)
// (with ſ, U+017F, among the letters s matches case-insensitively).
func contraction(s []byte, e int) int {
	if e+1 >= len(s) || s[e] != '\'' {
		return e
	}
	next := func(k int) byte { // the ASCII letter at e+k, lower-cased; 0 when none
		if e+k < len(s) && s[e+k] < utf8.RuneSelf {
			return s[e+k] | 0x20
		}
		return 0
	}
	switch next(1) {
	case 's', 't', 'm', 'd':
		return e + 2
	case 'r', 'v':
		if next(2) == 'e' {
			return e + 3
		}
	case 'l':
		if next(2) == 'l' {
			return e + 3
		}
	case 0:
		if s[e+1] == 0xC5 && e+2 < len(s) && s[e+2] == 0xBF { // ſ
			return e + 3
		}
	}
	return e
}

// punctEnd matches " ?[^\s\p{L}\p{N}]+[\r\n/]*" at p (every part atomic); 0: no match.
func punctEnd(s []byte, p int) int {
	q := p
	if s[q] == ' ' {
		q++
	}
	i := q
	for i < len(s) && s[i] < utf8.RuneSelf && isPunct(asciiClass[s[i]]) {
		i++
	}
	for i < len(s) {
		c, n := classAt(s, i)
		if !isPunct(c) {
			break
		}
		i += n
	}
	if i == q {
		return 0
	}
	for i < len(s) && (s[i] == '\r' || s[i] == '\n' || s[i] == '/') {
		i++
	}
	return i
}

// spaceEnd matches the three whitespace branches at p, whose rune is
// whitespace: "\s*[\r\n]+", else "\s+(?!\S)" (the run but its last rune,
// when a non-space follows), else "\s+". The first backtracks as the
// module's generated matcher does, to the first newline of the run (and
// the newlines right after it), where tiktoken's engine stops at the last:
// the two differ only on raw newlines, which JSON text (AppendJSON) never
// holds, and the module is the reference.
func spaceEnd(s []byte, p int) int {
	i, firstNewline, lastStart, runes := p, -1, p, 0
	for i < len(s) {
		c, n := classAt(s, i)
		if c&clsSpace == 0 {
			break
		}
		if c&clsNewline != 0 && firstNewline < 0 {
			firstNewline = i
		}
		lastStart = i
		i += n
		runes++
	}
	switch {
	case firstNewline >= 0:
		e := firstNewline
		for e < len(s) && (s[e] == '\r' || s[e] == '\n') {
			e++
		}
		return e
	case i == len(s) || runes == 1:
		return i
	default:
		return lastStart
	}
}
