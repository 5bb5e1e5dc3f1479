package textnorm

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold returns s as patterns match it: hidden characters dropped (so
// "ig\u200bnore" reads "ignore"), compatibility-normalised (NFKC: the
// full-width "ｉｇｎｏｒｅ" and the ligature "ﬁ" read as ASCII), lower
// case, typographic quotes and dashes as their ASCII forms, and every
// run of white space as one space. origin maps each byte of the result
// to the byte of s it came from (origin[len(folded)] is len(s)), so a
// match can be quoted from the original text.
//
// The result is at most 18 times the size of s (NFKC's longest
// expansion, U+FDFA); callers that fold large text fold it in chunks
// (Chunks).
func Fold(s string) (folded string, origin []int32) {
	cleaned, cmap := dropHidden(s)
	var b strings.Builder
	b.Grow(len(cleaned))
	origin = make([]int32, 0, len(cleaned)+1)
	space := true // at the start: leading white space is dropped
	at := func(i int) int32 {
		if cmap != nil {
			return cmap[i]
		}
		return int32(i)
	}
	emit := func(r rune, from int) {
		if unicode.IsSpace(r) {
			if space {
				return
			}
			space = true
			b.WriteByte(' ')
			origin = append(origin, at(from))
			return
		}
		space = false
		r = mapPunct(unicode.ToLower(r))
		n := b.Len()
		b.WriteRune(r)
		for k := n; k < b.Len(); k++ {
			origin = append(origin, at(from))
		}
	}
	if isASCII(cleaned) {
		for i := 0; i < len(cleaned); i++ {
			emit(rune(cleaned[i]), i)
		}
	} else {
		var it norm.Iter
		it.InitString(norm.NFKC, cleaned)
		for !it.Done() {
			from := it.Pos()
			seg := it.Next()
			if len(seg) == 0 && it.Pos() == from {
				break // never reached on valid UTF-8; a guard against a loop
			}
			for len(seg) > 0 {
				r, n := utf8.DecodeRune(seg)
				emit(r, from)
				seg = seg[n:]
			}
		}
	}
	folded = b.String()
	if strings.HasSuffix(folded, " ") {
		folded = folded[:len(folded)-1]
		origin = origin[:len(origin)-1]
	}
	origin = append(origin, int32(len(s)))
	return folded, origin
}

// dropHidden removes the characters IsHidden reports and writes each
// byte that is not UTF-8 as U+FFFD (norm.Iter of golang.org/x/text
// v0.14.0 never ends on an invalid byte before a combining mark: found
// by FuzzFold); cmap maps each byte of the result to its byte in s (nil
// when the result is s).
func dropHidden(s string) (string, []int32) {
	if !mayHide(s) {
		return s, nil
	}
	var b strings.Builder
	var cmap []int32
	changed := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		invalid := r == utf8.RuneError && n == 1
		if IsHidden(r) || invalid {
			if !changed {
				changed = true
				b.Grow(len(s))
				cmap = make([]int32, 0, len(s))
				b.WriteString(s[:i])
				for k := 0; k < i; k++ {
					cmap = append(cmap, int32(k))
				}
			}
			if invalid {
				b.WriteString("\ufffd")
				cmap = append(cmap, int32(i), int32(i), int32(i))
			}
			i += n
			continue
		}
		if changed {
			b.WriteString(s[i : i+n])
			for k := i; k < i+n; k++ {
				cmap = append(cmap, int32(k))
			}
		}
		i += n
	}
	if !changed {
		return s, nil
	}
	return b.String(), cmap
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// mapPunct maps typographic quotes, apostrophes and dashes to ASCII.
func mapPunct(r rune) rune {
	switch r {
	case '\u2018', '\u2019', '\u201a', '\u201b', '\u02bc', '\u2032', '`', '\u00b4':
		return '\''
	case '\u201c', '\u201d', '\u201e', '\u201f', '\u2033', '\u00ab', '\u00bb':
		return '"'
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212':
		return '-'
	}
	return r
}

// Chunks calls fn with s cut into pieces of about size bytes that
// overlap by overlap bytes (each piece after the first starts overlap
// bytes before the previous one ended, at a rune boundary), with the
// offset of each piece in s, until fn returns false. A pattern whose
// matches are at most overlap bytes long is found in some piece wherever
// it is in s. Small text is one piece.
func Chunks(s string, size, overlap int, fn func(off int, piece string) bool) {
	if size <= overlap {
		size = overlap + 1
	}
	for start := 0; start < len(s); {
		end := min(start+size, len(s))
		for end < len(s) && !utf8.RuneStart(s[end]) {
			end++
		}
		if !fn(start, s[start:end]) || end == len(s) {
			return
		}
		next := end - overlap
		for next > start && !utf8.RuneStart(s[next]) {
			next--
		}
		if next <= start {
			next = end
		}
		start = next
	}
}
