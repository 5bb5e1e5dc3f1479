package diffcheck

import (
	"regexp"
	"regexp/syntax"
	"sort"
	"strings"
	"unicode/utf8"
)

// formatVariants are strings of each format, in several spellings, so a
// witness can satisfy the base schema's format (draft-07 validators assert
// it) and still differ in what a new pattern or format looks at.
var formatVariants = map[string][]string{
	"date-time":     {"2024-01-02T03:04:05Z", "2024-01-01T00:00:00+02:00", "2024-01-02T03:04:05.123Z", "2024-01-02t03:04:05z", "2024-01-02T03:04:05-05:00"},
	"date":          {"2024-01-02", "2024-12-31", "1999-02-28"},
	"time":          {"03:04:05Z", "03:04:05+02:00", "03:04:05.5Z"},
	"email":         {"a@example.com", "first.last@example.org", "a+b@example.com", "A@EXAMPLE.COM"},
	"uri":           {"https://example.com/a", "http://example.com", "urn:isbn:0451450523", "https://example.com/a?b=c#d", "mailto:a@example.com"},
	"uri-reference": {"a", "/a/b", "https://example.com", "#frag", "../x"},
	"uuid":          {"123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000"},
	"hostname":      {"example.com", "a", "xn--bcher-kva.example", "A.EXAMPLE"},
	"ipv4":          {"192.0.2.1", "0.0.0.0", "255.255.255.255", "10.0.0.1"},
	"ipv6":          {"2001:db8::1", "::1", "::", "fe80::1"},
	"duration":      {"P1D", "PT1H", "P1Y2M", "P1W"},
}

// stringCandidates returns strings in probably accepts, built from in's own
// constraints (format, pattern, lengths) and then moved toward out's: those
// out probably rejects come first, so the witness search tries them early.
func stringCandidates(in, out *node) []any {
	seeds := []string{genString(in, -1)}
	seeds = append(seeds, formatVariants[in.format]...)
	if re := compileLocal(in); re != nil {
		for _, s := range patternSamples {
			if re.MatchString(s) {
				seeds = append(seeds, s)
			}
		}
		for _, s := range regexSamples(in.pattern) {
			if re.MatchString(s) {
				seeds = append(seeds, s)
			}
		}
	}
	all := append([]string(nil), seeds...)
	for _, s := range seeds {
		all = append(all, s+"-", "-"+s, strings.ToUpper(s), s+" ", s+"0", s+s)
		if r := []rune(s); len(r) > 1 {
			all = append(all, string(r[:len(r)-1]), string(r[1:]))
		}
	}
	all = append(all, "", " ", "a", "A", "0", "?", "a b", "other", "not-a-value", "\n", "a\nb")
	type cand struct {
		s         string
		rank, pos int
	}
	reIn, reOut := compileLocal(in), compileLocal(out)
	seen := map[string]bool{}
	var cands []cand
	for i, s := range all {
		if seen[s] {
			continue
		}
		seen[s] = true
		if !fitsLength(in, s) || (reIn != nil && !reIn.MatchString(s)) {
			continue // in rejects it
		}
		rank := 2
		if !fitsLength(out, s) || (reOut != nil && !reOut.MatchString(s)) || (out.format != "" && out.format != in.format && !isVariant(out.format, s)) {
			rank = 0 // out probably rejects it
		}
		if in.format != "" && !isVariant(in.format, s) {
			rank++ // a validator that asserts in's format may reject it
		}
		cands = append(cands, cand{s, rank, i})
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].rank < cands[j].rank })
	vals := make([]any, 0, len(cands))
	for _, c := range cands {
		vals = append(vals, c.s)
	}
	return vals
}

func isVariant(format, s string) bool {
	for _, v := range formatVariants[format] {
		if v == s {
			return true
		}
	}
	return false
}

// compileLocal compiles a node's pattern with Go's linear-time engine for a
// local guess; nil when there is none or it is not Go syntax (the validator
// decides anyway).
func compileLocal(n *node) *regexp.Regexp {
	if n == nil || !n.hasPattern {
		return nil
	}
	re, err := regexp.Compile(n.pattern)
	if err != nil {
		return nil
	}
	return re
}

func fitsLength(n *node, s string) bool {
	l := int64(utf8.RuneCountInString(s))
	if c := n.counts["minLength"]; c != nil && c.IsInt64() && l < c.Int64() {
		return false
	}
	if c := n.counts["maxLength"]; c != nil && c.IsInt64() && l > c.Int64() {
		return false
	}
	return true
}

// matchesEverything reports whether a pattern certainly matches every
// string: it can match the empty string and nothing in it looks at the
// context of a match (no anchors, word boundaries or lookarounds), so a
// search finds an empty match at the start of any string.
func matchesEverything(pattern string) bool {
	if strings.ContainsAny(pattern, "^$") || strings.Contains(pattern, `\b`) || strings.Contains(pattern, `\B`) || strings.Contains(pattern, "(?") {
		return false
	}
	re, err := regexp.Compile(pattern)
	return err == nil && re.MatchString("")
}

// regexSamples returns a few strings built from pattern's syntax (Go's
// reading of it; nil when Go cannot parse it): each character class at its
// lowest, highest and middle character, each alternative, each repetition
// at its least count (and once when that is 0). The edges of the old
// pattern's classes are where a narrowed one differs: "z" for [a-z] → [a-y].
func regexSamples(pattern string) []string {
	if len(pattern) > 1000 {
		return nil
	}
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	var out []string
	for variant := 0; variant < 6; variant++ {
		var b strings.Builder
		if sampleRegex(&b, re, variant, 0) && b.Len() <= 1000 {
			out = append(out, b.String())
		}
	}
	return out
}

// sampleRegex writes one string re matches, steered by variant (0: lowest
// characters, 1: highest, 2: middle; the next ones the same with optional
// parts taken once and later alternatives).
func sampleRegex(b *strings.Builder, re *syntax.Regexp, variant, depth int) bool {
	if depth > 64 || b.Len() > 1000 {
		return false
	}
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		if len(re.Rune) < 2 {
			return false
		}
		lo, hi := re.Rune[0], re.Rune[len(re.Rune)-1]
		switch variant % 3 {
		case 0:
			b.WriteRune(lo)
		case 1:
			b.WriteRune(hi)
		default:
			r := re.Rune[len(re.Rune)/2/2*2]
			b.WriteRune(r + (re.Rune[len(re.Rune)/2/2*2+1]-r)/2)
		}
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteByte("az5"[variant%3])
	case syntax.OpCapture:
		return sampleRegex(b, re.Sub[0], variant, depth+1)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !sampleRegex(b, sub, variant, depth+1) {
				return false
			}
		}
	case syntax.OpAlternate:
		return sampleRegex(b, re.Sub[(variant/3+variant)%len(re.Sub)], variant, depth+1)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		n := re.Min
		if re.Op == syntax.OpPlus {
			n = 1
		}
		if n == 0 && variant >= 3 {
			n = 1
		}
		if re.Op == syntax.OpRepeat && re.Max >= 0 && n > re.Max {
			n = re.Max
		}
		for i := 0; i < n && i < 64; i++ {
			if !sampleRegex(b, re.Sub[0], variant, depth+1) {
				return false
			}
		}
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
	default:
		return false
	}
	return true
}
