package annotate

import "strings"

// Notes may mark commands and settings as `code`. In Markdown those are
// code spans; elsewhere (text, workflow commands, annotations) the
// backticks are dropped, so no output shows a literal backtick.

// noteSpans splits a note at its backticks: the odd parts are code. A
// note with an odd number of backticks has no spans (ok false).
func noteSpans(n string) (parts []string, ok bool) {
	parts = strings.Split(n, "`")
	return parts, len(parts)%2 == 1
}

// NoteText is a note as plain text: its code spans without backticks.
func NoteText(n string) string {
	parts, ok := noteSpans(n)
	if !ok {
		return n
	}
	return strings.Join(parts, "")
}

// noteMarkdown is a note as Markdown: its code spans as code, the rest as text.
func noteMarkdown(n string) string {
	parts, ok := noteSpans(n)
	if !ok {
		return mdText(n)
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 1 {
			b.WriteString(mdCode(p))
		} else {
			b.WriteString(mdText(p))
		}
	}
	return b.String()
}
