package validate

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unsafe"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/textnorm"
)

// Large text is scanned in chunks of textChunk bytes that overlap by
// textOverlap, so that folding it never holds more than a chunk (NFKC
// may grow text up to 18 times) and a match across a chunk's end is
// still found whole in the next one.
const (
	textChunk   = 32 << 10
	textOverlap = 4 * textMaxMatch
	// textQuote bounds a quote in a message, in bytes of visible text.
	textQuote = 160
	// textPerSite is the most findings one rule reports in one string.
	textPerSite = 3
)

// checkToolText checks every string of the tool a model reads.
func checkToolText(c *ToolContext) {
	label := "tool"
	if c.Tool.HasName {
		label = "tool " + quote(c.Tool.Name)
	}
	sc := textScan{fc: c.FileContext, tc: c, subject: label}
	toolTextSites(c, func(s textSite) bool {
		if c.OutOfTime() {
			return false
		}
		return sc.site(s)
	})
}

// checkDocumentText checks a document's instructions, prompts and resources.
func checkDocumentText(fc *FileContext) {
	sc := textScan{fc: fc, subject: "document"}
	documentTextSites(fc, sc.site)
}

// textScan reports the risky text of one tool's (or document's) strings.
type textScan struct {
	fc      *FileContext
	tc      *ToolContext
	subject string
}

func (sc *textScan) report(rule *rules.Rule, ptr, format string, args ...any) {
	if sc.tc != nil {
		sc.tc.Report(rule, ptr, nil, format, args...)
		return
	}
	sc.fc.Report(rule, ptr, nil, format, args...)
}

// site checks one string; false stops the scan (the time budget).
func (sc *textScan) site(s textSite) bool {
	sc.hidden(s)
	if s.name {
		sc.scripts(s)
	}
	return sc.patterns(s)
}

// hidden reports the hidden characters of s, once per string.
func (sc *textScan) hidden(s textSite) {
	found, total := textnorm.FindHidden(s.text, 1)
	if total == 0 {
		return
	}
	h := found[0]
	what := fmt.Sprintf("%s (%s)", h.Kind, textnorm.Describe(h.Rune))
	if total > 1 {
		what = fmt.Sprintf("%d hidden characters, the first a %s", total, what)
	} else {
		what = "a hidden " + what
	}
	if tags := textnorm.DecodeTags(s.text); tags != "" {
		what += fmt.Sprintf(", and its Unicode tag characters spell %s", quote(textnorm.Visible(tags, textQuote)))
	}
	sc.report(RuleTextHidden, s.pointer(), "%s: %s holds %s, which a reviewer does not see and the model reads: %s; %s",
		sc.subject, s.describe(), what, quote(around(s.text, h.Offset, h.Offset+1)), RuleTextHidden.Fix)
}

// scripts reports a name that mixes scripts.
func (sc *textScan) scripts(s textSite) {
	if textnorm.IsPlainASCII(s.text) {
		return // ASCII letters are Latin
	}
	scripts, first := textnorm.MixedScripts(s.text)
	if scripts == nil {
		return
	}
	var odd []string
	for i := 1; i < len(first); i++ {
		odd = append(odd, fmt.Sprintf("%q (%s, %s)", string(first[i]), textnorm.Describe(first[i]), scripts[i]))
	}
	sc.report(RuleTextConfusableName, s.pointer(), "%s: %s mixes %s letters with %s, so it looks like a name it is not; %s",
		sc.subject, s.describe(), scripts[0], strings.Join(odd, " and "), RuleTextConfusableName.Fix)
}

// patterns runs the pack over s, chunk by chunk.
func (sc *textScan) patterns(s textSite) bool {
	text := s.text
	if s.name {
		text = spaceName(text)
	}
	// made at the first match: most strings have none
	var reported map[string]int
	var seen map[string]bool
	going := true
	buf := foldBufs.Get().(*[]byte)
	defer foldBufs.Put(buf)
	textnorm.Chunks(text, textChunk, textOverlap, func(off int, piece string) bool {
		if sc.tc != nil && off > 0 && sc.tc.OutOfTime() {
			going = false
			return false
		}
		// Plain text (nearly all of it) folds in one loop into buf, with
		// no origin map: Fold makes one, the same folded bytes and the
		// map, only when a pattern matches. folded then reads buf, which
		// is not written again before scanPatterns returns, and no string
		// cut from it outlives the scan (quotes are cut from piece).
		var folded string
		var origin []int32
		if b, ok := textnorm.AppendFoldPlain((*buf)[:0], piece); ok {
			*buf = b
			folded = unsafe.String(unsafe.SliceData(b), len(b))
		} else {
			folded, origin = textnorm.Fold(piece)
		}
		scanPatterns(folded, func(p *TextPattern, m []int) bool {
			if origin == nil {
				folded, origin = textnorm.Fold(piece)
			}
			rule := p.Rule
			if s.value {
				rule = RuleTextValueInstruction
			}
			if reported[rule.ID] >= textPerSite || !p.accepts(m, piece, folded, origin, sc.fc.toolNames) {
				return true
			}
			quoted := sentence(piece, int(origin[m[0]]), int(origin[m[1]]))
			if s.name {
				quoted = s.text
			}
			key := p.Name + "\x00" + quoted
			if seen[key] {
				return true
			}
			if seen == nil {
				seen, reported = map[string]bool{}, map[string]int{}
			}
			seen[key] = true
			reported[rule.ID]++
			sc.reportPattern(p, rule, s, quoted)
			return true
		})
		return true
	})
	return going
}

// foldBufs are the buffers patterns folds plain text into.
var foldBufs = sync.Pool{New: func() any { return new([]byte) }}

// reportPattern reports one match of p in s.
func (sc *textScan) reportPattern(p *TextPattern, rule *rules.Rule, s textSite, quoted string) {
	q := ": " + quote(textnorm.Visible(strings.TrimSpace(quoted), textQuote))
	if s.name {
		q = "" // the name is in s.what
	}
	if rule == RuleTextValueInstruction {
		sc.report(rule, s.pointer(), "%s: %s holds an instruction to the model (it %s, as %s does in a description)%s; %s",
			sc.subject, s.describe(), p.Says, p.Rule.ID, q, rule.Fix)
		return
	}
	sc.report(rule, s.pointer(), "%s: %s %s%s; %s", sc.subject, s.describe(), p.Says, q, rule.Fix)
}

// around quotes s from about 40 bytes before [i, j) to 40 after, with
// hidden characters visible.
func around(s string, i, j int) string {
	a, b := max(0, i-40), min(len(s), j+40)
	for a > 0 && a < len(s) && s[a]&0xc0 == 0x80 {
		a--
	}
	for b < len(s) && s[b]&0xc0 == 0x80 {
		b++
	}
	out := textnorm.Visible(s[a:b], textQuote)
	if a > 0 {
		out = "…" + out
	}
	if b < len(s) {
		out += "…"
	}
	return out
}

// spaceName reads a name as words: "_", "-", "." and "/" as spaces, and
// a space before an upper-case letter that follows a lower-case one
// ("ignorePreviousInstructions").
func spaceName(s string) string {
	if nameIsSpaced(s) {
		return s
	}
	var b strings.Builder
	prev := rune(0)
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == '.' || r == '/':
			b.WriteByte(' ')
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			b.WriteByte(' ')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// nameIsSpaced reports whether spaceName(s) is s: ASCII with no separator
// and no upper-case letter after a lower-case one.
func nameIsSpaced(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80, c == '_', c == '-', c == '.', c == '/':
			return false
		case c >= 'A' && c <= 'Z' && i > 0 && s[i-1] >= 'a' && s[i-1] <= 'z':
			return false
		}
	}
	return true
}

// isConstantName reports whether s is written in upper case
// ("MCP_TINY_IMAGE"): a constant or an environment variable, not a tool.
func isConstantName(s string) bool {
	return strings.ToUpper(s) == s && strings.ToLower(s) != s
}

// accepts reports whether match m of p in folded (the fold of piece)
// counts: not continued by p.Unless, and a captured tool name is none of
// the file's tools (guidance, not steering) nor a CONSTANT_NAME.
func (p *TextPattern) accepts(m []int, piece, folded string, origin []int32, names func() map[string]bool) bool {
	if p.unless != nil && p.unless.MatchString(folded[m[1]:min(len(folded), m[1]+60)]) {
		return false
	}
	if p.toolGroup > 0 && m[2*p.toolGroup] >= 0 {
		g0, g1 := m[2*p.toolGroup], m[2*p.toolGroup+1]
		if names()[folded[g0:g1]] || isConstantName(piece[origin[g0]:origin[g1]]) {
			return false
		}
	}
	return true
}

// sentence widens [i, j) of s to the sentence around it: back to the end
// of the sentence before (at most 120 bytes) and on to the end of its own
// (at most 200 bytes), so a quote shows what the text says, not only the
// words a pattern needs.
func sentence(s string, i, j int) string {
	a := i
	for a > 0 && i-a < 120 {
		if c := s[a-1]; c == '\n' || c == '>' || sentenceEnd(s, a-1) {
			break
		}
		a--
	}
	b := j
	for b < len(s) && b-j < 200 {
		c := s[b]
		b++
		if c == '\n' || sentenceEnd(s, b-1) {
			break
		}
	}
	for a > 0 && a < len(s) && s[a]&0xc0 == 0x80 {
		a--
	}
	for b < len(s) && s[b]&0xc0 == 0x80 {
		b++
	}
	return s[a:b]
}

// sentenceEnd reports whether s[i] ends a sentence: ".", "!" or "?"
// before white space or the end ("~/.ssh" does not).
func sentenceEnd(s string, i int) bool {
	c := s[i]
	return (c == '.' || c == '!' || c == '?') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n' || s[i+1] == '\t')
}
