package annotate

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// budget assembles Markdown under a size limit. Blocks are added whole or
// not at all; once one does not fit, nothing more is added and the text ends
// with a note that says what was left out and where to find it.
type budget struct {
	b       strings.Builder
	limit   int
	reserve int
	total   int
	shown   int
	rowsCut int
	cut     bool
}

// cutNoteMax bounds the size of the cut note (digits and the Elsewhere text
// are added to it when the reserve is computed).
const cutNoteMax = 400

func newBudget(opt SummaryOptions, total int) *budget {
	return &budget{limit: opt.Limit, total: total, reserve: cutNoteMax + len(mdText(opt.Elsewhere))}
}

// must adds s whatever its size (headers are small).
func (b *budget) must(s string) { b.b.WriteString(s) }

// add appends the parts together if they fit, and reports whether they did.
func (b *budget) add(parts ...string) bool {
	if b.cut {
		return false
	}
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if b.limit > 0 && b.b.Len()+n > b.limit-b.reserve {
		b.cut = true
		return false
	}
	for _, p := range parts {
		b.b.WriteString(p)
	}
	return true
}

func (b *budget) finish(opt SummaryOptions) string {
	if b.cut || b.rowsCut > 0 {
		var n strings.Builder
		n.WriteString("\n> [!IMPORTANT]\n> **This summary is cut**: the report does not fit in ")
		fmt.Fprintf(&n, "%d characters.", b.limit)
		if missing := b.total - b.shown; missing > 0 {
			fmt.Fprintf(&n, " %d of %s are not listed here.", missing, Plural(b.total, "finding"))
		}
		if b.rowsCut > 0 {
			fmt.Fprintf(&n, " %s of the counts table are left out.", Plural(b.rowsCut, "file row"))
		}
		if opt.Elsewhere != "" {
			fmt.Fprintf(&n, " %s.", mdText(capitalize(opt.Elsewhere)))
		}
		n.WriteString("\n")
		s := n.String()
		b.b.WriteString(s)
	}
	out := b.b.String()
	// The reserve covers the note; only an enormous header could still
	// overflow, and then the text is cut visibly rather than rejected.
	if b.limit > 0 && len(out) > b.limit {
		out = truncate(out, max(b.limit-40, 0))
	}
	return out
}

// capitalize upper-cases the first letter of a sentence.
func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
