// Package textnorm reads the text a model reads (tool descriptions,
// parameter descriptions, enum values, names) the way a reviewer cannot:
// it finds the characters that do not show (zero-width characters,
// bidirectional controls, the Unicode tag block, variation-selector
// runs, control characters, fillers), writes them visibly for messages,
// folds text for matching (hidden characters dropped, NFKC, lower case,
// one space for any run of white space) with a map back to the original
// bytes, and tells the scripts a name mixes. Every function is linear in
// its input and allocates in proportion to it.
package textnorm

import (
	"unicode"
	"unicode/utf8"
)

// Kind is what a hidden character is.
type Kind string

// Kinds of hidden characters.
const (
	// ZeroWidth: zero-width space, joiner and non-joiner outside the
	// scripts and emoji that use them, word joiner, invisible operators,
	// byte order mark, soft hyphen.
	ZeroWidth Kind = "zero-width character"
	// Bidi: a bidirectional embedding, override or isolate (Trojan
	// Source, CVE-2021-42574), or a directional mark in text without
	// right-to-left letters.
	Bidi Kind = "bidirectional control"
	// Tag: a character of the Unicode tag block (U+E0000 to U+E007F)
	// outside an emoji flag sequence: it encodes ASCII that no renderer shows.
	Tag Kind = "Unicode tag character"
	// Variation: a variation selector with no base it can vary (after a
	// letter, a space or another selector): runs of them encode bytes.
	Variation Kind = "variation selector"
	// Control: a C0 or C1 control character other than tab, line feed
	// and carriage return, or DEL.
	Control Kind = "control character"
	// Filler: a Hangul filler or the braille blank, which render as
	// nothing or as a space.
	Filler Kind = "invisible filler"
	// Format: any other invisible format character (general category Cf)
	// outside the script it belongs to.
	Format Kind = "invisible format character"
)

// Hidden is one hidden character of a text.
type Hidden struct {
	// Offset is its byte offset in the text.
	Offset int
	Rune   rune
	Kind   Kind
}

// context is what the contextual rules need to know of the whole text.
type context struct {
	rtl, hangul, braille bool
	scripts              map[*unicode.RangeTable]bool
}

// joiningScripts use the zero-width joiner and non-joiner in ordinary
// spelling (Persian, the Indic scripts, Sinhala...).
var joiningScripts = []*unicode.RangeTable{
	unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya,
	unicode.Tamil, unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala,
	unicode.Khmer, unicode.Myanmar, unicode.Tibetan,
}

// spacelessScripts use the zero-width space as a word break.
var spacelessScripts = []*unicode.RangeTable{
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan,
	unicode.Han, unicode.Hiragana, unicode.Katakana,
}

// scanContext reads what the contextual rules need, in one pass.
func scanContext(s string) context {
	var c context
	for _, r := range s {
		if r < 0x80 {
			continue
		}
		switch {
		case unicode.In(r, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko) && unicode.IsLetter(r):
			c.rtl = true
		case unicode.Is(unicode.Hangul, r) && r != 0x3164 && r != 0xffa0 && r != 0x115f && r != 0x1160:
			c.hangul = true
		case r > 0x2800 && r <= 0x28ff:
			c.braille = true
		}
		if unicode.Is(unicode.Cf, r) {
			continue
		}
		for _, t := range cfScripts {
			if unicode.Is(t, r) {
				if c.scripts == nil {
					c.scripts = map[*unicode.RangeTable]bool{}
				}
				c.scripts[t] = true
			}
		}
	}
	return c
}

// cfScripts are the scripts that own format characters of their own
// (Arabic number signs, the Syriac abbreviation mark, Egyptian
// hieroglyph controls...): in text of that script they are spelling.
var cfScripts = []*unicode.RangeTable{unicode.Arabic, unicode.Syriac, unicode.Kaithi, unicode.Egyptian_Hieroglyphs, unicode.Mongolian, unicode.Duployan}

// FindHidden returns the hidden characters of s, at most max of them
// (max <= 0: all), and how many there are in all.
func FindHidden(s string, max int) (found []Hidden, total int) {
	if !mayHide(s) {
		return nil, 0
	}
	ctx := scanContext(s)
	prev := rune(-1)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		next := rune(-1)
		if i+n < len(s) {
			next, _ = utf8.DecodeRuneInString(s[i+n:])
		}
		if r == 0x1f3f4 { // a black flag: an emoji tag sequence may follow
			if end := flagTags(s, i+n); end > i+n {
				prev, i = 0xe007f, end
				continue
			}
		}
		if k, hidden := ctx.kind(prev, r, next); hidden {
			total++
			if max <= 0 || len(found) < max {
				found = append(found, Hidden{Offset: i, Rune: r, Kind: k})
			}
		}
		prev = r
		i += n
	}
	return found, total
}

// mayHide reports quickly whether s can hold a hidden character at all.
func mayHide(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b >= 0x80 || (b < 0x20 && b != '\t' && b != '\n' && b != '\r') || b == 0x7f {
			return true
		}
	}
	return false
}

// flagTags returns the end of an emoji tag sequence's tags starting at i
// (2 to 6 tag characters of lower-case letters and digits, an ISO 3166-2
// subdivision code such as "gbeng", closed by U+E007F CANCEL TAG), or i
// when there is none. The carve-out is as narrow as the only real use
// (the flags of England, Scotland and Wales: NVIDIA/SkillSpector#167), so
// a payload wrapped as a flag is still reported.
func flagTags(s string, i int) int {
	n := 0
	for j := i; j < len(s); {
		r, m := utf8.DecodeRuneInString(s[j:])
		switch {
		case (r >= 0xe0030 && r <= 0xe0039 || r >= 0xe0061 && r <= 0xe007a) && n < 6:
			j += m
			n++
		case r == 0xe007f && n >= 2:
			return j + m
		default:
			return i
		}
	}
	return i
}

// IsHidden reports whether r is hidden whatever its context: what
// Fold drops. It is wider than FindHidden, which spares the characters
// a script or an emoji needs.
func IsHidden(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return true
	case r == 0xad, r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0, r == 0x2800:
		return true
	case r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef:
		return true
	}
	return r >= 0x80 && unicode.Is(unicode.Cf, r)
}

// kind classifies r between prev and next (-1 at either end).
func (c context) kind(prev, r, next rune) (Kind, bool) {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return "", false
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return Control, true
	case r < 0xa0:
		return "", false
	case r >= 0xe0000 && r <= 0xe007f:
		return Tag, true
	case r >= 0xfe00 && r <= 0xfe0f:
		return Variation, !varies(prev, false)
	case r >= 0xe0100 && r <= 0xe01ef:
		return Variation, !varies(prev, true)
	case r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0:
		return Filler, !c.hangul
	case r == 0x2800:
		return Filler, !c.braille
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return Bidi, true
	case r == 0x200e, r == 0x200f, r == 0x061c:
		return Bidi, !c.rtl
	case r == 0x200c: // zero-width non-joiner
		return ZeroWidth, !sameScript(prev, next, joiningScripts)
	case r == 0x200d: // zero-width joiner
		return ZeroWidth, !(isEmoji(prev) && isEmoji(next)) && !sameScript(prev, next, joiningScripts)
	case r == 0x200b:
		return ZeroWidth, !sameScript(prev, next, spacelessScripts)
	case r == 0xad, r == 0xfeff, r >= 0x2060 && r <= 0x2064, r == 0x180e:
		return ZeroWidth, !(r == 0x180e && c.scripts[unicode.Mongolian])
	case unicode.Is(unicode.Cf, r):
		for t := range c.scripts {
			if unicode.Is(t, r) {
				return Format, false
			}
		}
		return Format, true
	}
	return "", false
}

// varies reports whether a variation selector after prev has a base it
// can vary: a symbol or pictograph, a keycap base (a digit, "#" or "*"),
// or a Han ideograph (ideographic selectors, supplement: only Han).
func varies(prev rune, ideographic bool) bool {
	if prev < 0 || (prev >= 0xfe00 && prev <= 0xfe0f) || (prev >= 0xe0100 && prev <= 0xe01ef) {
		return false
	}
	if unicode.Is(unicode.Han, prev) {
		return true
	}
	if ideographic {
		return false
	}
	if prev < 0x80 {
		return prev >= '0' && prev <= '9' || prev == '#' || prev == '*'
	}
	return unicode.In(prev, unicode.So, unicode.Sm, unicode.Sk) || isEmoji(prev) || prev == 0xa9 || prev == 0xae
}

// isEmoji reports whether r can stand in an emoji ZWJ sequence.
func isEmoji(r rune) bool {
	switch {
	case r < 0:
		return false
	case r >= 0x1f000 && r <= 0x1faff, r >= 0x2600 && r <= 0x27bf, r >= 0x2300 && r <= 0x23ff, r >= 0x2b00 && r <= 0x2bff:
		return true
	case r == 0xfe0f, r == 0x20e3, r >= 0x1f3fb && r <= 0x1f3ff:
		return true
	}
	return unicode.Is(unicode.So, r)
}

// sameScript reports whether a and b are letters or marks of one script of tables.
func sameScript(a, b rune, tables []*unicode.RangeTable) bool {
	if a < 0 || b < 0 {
		return false
	}
	for _, t := range tables {
		if unicode.Is(t, a) && unicode.Is(t, b) {
			return true
		}
	}
	return false
}
