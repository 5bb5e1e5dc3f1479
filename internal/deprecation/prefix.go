package deprecation

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Prefix is what a description's deprecation prefix says.
type Prefix struct {
	// Text is the prefix's own text after the word "deprecated" (inside
	// its brackets, or up to the end of its first sentence).
	Text string
	// Since, Sunset (YYYY-MM-DD) and Use are what the text names ("" when
	// it names none).
	Since, Sunset, Use string
	// BadSunset is a sunset the text names that is not a date, as written.
	BadSunset string
	// Later reports that a later sentence of the description announces the
	// deprecation, not its prefix (ParseDescription).
	Later bool
}

var (
	useRe    = regexp.MustCompile("(?i)\\b(?:use|replaced by|superseded by|in favou?r of|prefer|migrate to|switch to)\\s+(`[^`]+`|\"[^\"]+\"|'[^']+'|[A-Za-z0-9_](?:[A-Za-z0-9_./:-]*[A-Za-z0-9_])?)")
	sunsetRe = regexp.MustCompile(`(?i)\b(?:sunset|removal|removed|remove|until)\b(?:\s+(?:on|after|date|by|in|at))?[:\s]+([^\s,;)\]]+)`)
	sinceRe  = regexp.MustCompile(`(?i)\bsince\s+(v?[0-9][0-9A-Za-z.+-]*)`)
)

// leadWords may follow a lower-case "Deprecated " that starts a prefix.
var leadWords = map[string]bool{"since": true, "in": true, "use": true, "until": true, "and": true,
	"replaced": true, "superseded": true, "for": true}

// notNames are words after "use" that are not a successor ("use of").
var notNames = map[string]bool{"of": true, "the": true, "a": true, "an": true, "this": true, "it": true,
	"instead": true, "with": true, "caution": true, "at": true, "only": true}

// laterRe finds a later sentence of a description that announces a
// deprecation: "… text. DEPRECATED: use x." ("DEPRECATED" in capitals
// followed by ":" or a dash) or "… text. [Deprecated …]".
var laterRe = regexp.MustCompile(`(?:[.!?]\s+|\n\s*)(\[(?i:deprecated)\b|\((?i:deprecated)\b|DEPRECATED\s*[:—–-])`)

// mentionsDeprecated reports whether s holds "deprecated" in any case,
// which every match of laterRe does (the word's letters have no case
// folds outside ASCII, so an ASCII comparison is exact).
func mentionsDeprecated(s string) bool {
	const word = "deprecated"
	for i := 0; i+len(word) <= len(s); i++ {
		if s[i]|0x20 == 'd' && strings.EqualFold(s[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// ParseDescription reads the deprecation a description announces: its
// prefix (ParsePrefix), or else the first later sentence that starts with
// "DEPRECATED:" (or "DEPRECATED -") in capitals, or with "[Deprecated …]"
// or "(deprecated …)" (Prefix.Later), as servers write it after the
// description proper ("Reads a file. DEPRECATED: Use read_text_file instead.").
func ParseDescription(desc string) (Prefix, bool) {
	if p, ok := ParsePrefix(desc); ok {
		return p, true
	}
	if !mentionsDeprecated(desc) {
		return Prefix{}, false // what laterRe needs is not there: skip its scan
	}
	m := laterRe.FindStringSubmatchIndex(desc)
	if m == nil {
		return Prefix{}, false
	}
	p, ok := ParsePrefix(desc[m[2]:])
	p.Later = true
	return p, ok
}

// ParsePrefix reads the deprecation prefix a description starts with:
// "[DEPRECATED …]" or "(deprecated …)", "Deprecated: …", "DEPRECATED - …",
// "DEPRECATED …" in capitals (leading emphasis such as "**" is skipped).
// A description that only mentions deprecation later, or starts with
// "Deprecated fields are …", has no prefix.
func ParsePrefix(desc string) (Prefix, bool) {
	s := skipEmphasis(strings.TrimLeftFunc(desc, unicode.IsSpace))
	var text string
	switch {
	case strings.HasPrefix(s, "[") || strings.HasPrefix(s, "("):
		closer := "]"
		if s[0] == '(' {
			closer = ")"
		}
		line, _, _ := strings.Cut(s[1:], "\n")
		inner, _, ok := strings.Cut(line, closer)
		if !ok {
			return Prefix{}, false
		}
		rest, ok := afterWord(skipEmphasis(strings.TrimSpace(inner)), true)
		if !ok {
			return Prefix{}, false
		}
		text = rest
	default:
		rest, ok := afterWord(s, false)
		if !ok {
			return Prefix{}, false
		}
		line, _, _ := strings.Cut(rest, "\n")
		if i := strings.Index(line, ". "); i >= 0 {
			line = line[:i]
		}
		text = line
	}
	text = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text), "."))
	p := Prefix{Text: text}
	if m := useRe.FindStringSubmatch(text); m != nil {
		name := strings.Trim(m[1], "`\"'")
		if !notNames[strings.ToLower(name)] {
			p.Use = name
		}
	}
	if m := sunsetRe.FindStringSubmatch(text); m != nil {
		tok := strings.TrimRight(m[1], ".")
		if day, ok := ParseDay(tok); ok {
			p.Sunset = day
		} else if strings.ContainsAny(tok, "0123456789") {
			p.BadSunset = tok
		}
	}
	if m := sinceRe.FindStringSubmatch(text); m != nil {
		p.Since = strings.TrimRight(m[1], ".")
	}
	return p, true
}

// afterWord returns what follows the word "deprecated" at the start of s
// (any case). Outside brackets the word must end the text or be followed
// by punctuation (":", "-", "—", ".", ...), or be written in capitals.
func afterWord(s string, bracketed bool) (string, bool) {
	const word = "deprecated"
	if len(s) < len(word) || !strings.EqualFold(s[:len(word)], word) {
		return "", false
	}
	head, rest := s[:len(word)], s[len(word):]
	if rest == "" {
		return "", true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
		return "", false // "deprecatedness", "deprecated_tool"
	}
	if bracketed || head == strings.ToUpper(word) {
		return strings.TrimLeft(rest, " :-—–,;.!*_\t"), true
	}
	t := strings.TrimLeft(rest, " \t*_")
	if t == "" {
		return "", true
	}
	r, _ = utf8.DecodeRuneInString(t)
	if strings.ContainsRune(":-—–.;,!", r) {
		return strings.TrimLeft(t, " :-—–,;.!\t"), true
	}
	next, _, _ := strings.Cut(strings.ToLower(t), " ")
	if leadWords[strings.TrimRight(next, ",.:;")] {
		return t, true // "Deprecated since 1.4.0", "Deprecated in favor of x"
	}
	return "", false
}

// skipEmphasis drops leading Markdown emphasis and a warning sign.
func skipEmphasis(s string) string {
	for {
		t := strings.TrimLeft(s, "*_")
		for _, sign := range []string{"⚠️", "⚠"} {
			t = strings.TrimPrefix(t, sign)
		}
		t = strings.TrimLeftFunc(t, unicode.IsSpace)
		if t == s {
			return s
		}
		s = t
	}
}
