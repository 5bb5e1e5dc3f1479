package annotate

import (
	"strings"
	"unicode/utf8"
)

// mdText escapes s for Markdown text, also inside a table cell: Markdown
// punctuation is backslash-escaped, HTML is neutralised, line breaks become
// <br> and mentions are broken so a finding never pings anyone.
func mdText(s string) string {
	var b strings.Builder
	s = strings.ReplaceAll(s, "\r\n", "\n")
	for _, r := range s {
		switch r {
		case '\\', '`', '*', '_', '[', ']', '|', '~', '#', '!', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(r)
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

// mdCode renders s as an inline code span that is also safe in a table cell;
// "<!--" gets a zero-width space so that no value forges a comment marker.
func mdCode(s string) string {
	s = EscapeControls(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "|", "\\|", "<!--", "<!\u200b--").Replace(s), false)
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
