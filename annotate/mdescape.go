package annotate

import (
	"strings"
	"unicode/utf8"
)

// wordJoiner is an invisible character that breaks GitHub's autolinks and
// references where it stands (U+2060: it neither breaks nor spaces a line).
const wordJoiner = "\u2060"

// mdText escapes s for Markdown text, also inside a table cell: Markdown
// punctuation is backslash-escaped, HTML is neutralised, line breaks become
// <br>, control characters show as escapes (EscapeControls), and nothing a
// value holds becomes a link or pings anyone: a mention's `@` is followed
// by a zero-width space (which also breaks e-mail autolinks), and a word
// joiner goes before the `:` of `://` and the `.` of `www.` (cmark-gfm's
// URL autolinks), after the `#` of `#1` (issue references, also
// owner/repo#1) and after the `-` of `GH-1`.
func mdText(s string) string {
	var b strings.Builder
	s = strings.ReplaceAll(s, "\r\n", "\n")
	for i, r := range s {
		rest := s[i+utf8.RuneLen(r):]
		switch r {
		case '\\', '`', '*', '_', '[', ']', '|', '~', '!', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '#':
			b.WriteString("\\#")
			if startsWithDigit(rest) {
				b.WriteString(wordJoiner)
			}
		case ':':
			if strings.HasPrefix(rest, "//") {
				b.WriteString(wordJoiner)
			}
			b.WriteByte(':')
		case '.':
			if i >= 3 && strings.EqualFold(s[i-3:i], "www") {
				b.WriteString(wordJoiner)
			}
			b.WriteByte('.')
		case '-':
			b.WriteByte('-')
			if i >= 2 && strings.EqualFold(s[i-2:i], "gh") && startsWithDigit(rest) {
				b.WriteString(wordJoiner)
			}
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '@':
			b.WriteString("@\u200b")
		case '\n', '\r':
			b.WriteString("<br>")
		default:
			if isControl(r) {
				b.WriteString(EscapeControls(string(r), false)) // `\u001b`: a backslash before a letter stays as it is
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// startsWithDigit reports whether s starts with an ASCII digit.
func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// mdCode renders s as an inline code span (outside a table, where a
// backslash in a code span shows as it is: mdCell is the table's);
// "<!--" gets a zero-width space so that no value forges a comment marker.
func mdCode(s string) string {
	return inlineCode(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "<!--", "<!\u200b--").Replace(s))
}

// mdCell is mdCode inside a table cell: a "|" is escaped, which GitHub's
// table parser reads before the code span.
func mdCell(s string) string {
	return inlineCode(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "|", "\\|", "<!--", "<!\u200b--").Replace(s))
}

func inlineCode(s string) string {
	s = EscapeControls(s, false)
	longest, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			if run > longest {
				longest = run
			}
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || s == "" {
		s = " " + s + " "
	}
	return fence + s + fence
}

// truncate cuts s to at most max bytes on a rune boundary and says how much
// was left out.
func truncate(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "… (" + Plural(len(s)-cut, "more byte") + ")"
}
