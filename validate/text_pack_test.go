package validate

import (
	"regexp/syntax"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/deprecation"
	"github.com/mcpschema/mcpschema/internal/textnorm"
)

// TestTextPackExamples: every pattern of the pack reports each text it
// says it fails and none it says it passes (after folding, as the check
// reads text), and its anchors hold for each failing text.
func TestTextPackExamples(t *testing.T) {
	t.Parallel()
	names := map[string]bool{}
	for _, p := range textPack {
		if names[p.Rule.ID+"/"+p.Name] {
			t.Errorf("%s/%s: duplicate pattern name", p.Rule.ID, p.Name)
		}
		names[p.Rule.ID+"/"+p.Name] = true
		if len(p.Fails) == 0 || len(p.Passes) == 0 || p.Source == "" || p.Says == "" || len(p.Starts)+len(p.Near) == 0 {
			t.Errorf("%s/%s: a pattern needs failing and passing examples, a source, what it says and starts", p.Rule.ID, p.Name)
		}
		for _, s := range p.Fails {
			if !patternHits(p, s) {
				f, _ := textnorm.Fold(s)
				t.Errorf("%s/%s: does not report %q (folded %q; every match must begin with one of its starts)", p.Rule.ID, p.Name, s, f)
			}
		}
		for _, s := range p.Passes {
			if patternHits(p, s) {
				t.Errorf("%s/%s: reports %q, which it must not", p.Rule.ID, p.Name, s)
			}
		}
	}
}

// patternHits is the pattern's test as checkToolText runs it (the scan
// of the whole pack), in a file without tools.
func patternHits(p *TextPattern, s string) bool {
	folded, origin := textnorm.Fold(s)
	hit := false
	scanPatterns(folded, func(q *TextPattern, m []int) bool {
		if q == p && p.accepts(m, s, folded, origin, func() map[string]bool { return nil }) {
			hit = true
			return false
		}
		return true
	})
	return hit
}

// TestTextPackWithinBudget: the patterns are RE2 (Go regexp: linear in
// the text), every repetition is bounded, so no gap reaches across a
// whole one-line description (mcp-scanner#237), and no match is longer
// than textMaxMatch bytes, which the chunks of large text overlap by.
func TestTextPackWithinBudget(t *testing.T) {
	t.Parallel()
	for _, p := range textPack {
		for _, src := range []string{p.Re, p.Unless} {
			if src == "" {
				continue
			}
			if len(src) > 2048 {
				t.Errorf("%s/%s: pattern of %d bytes", p.Rule.ID, p.Name, len(src))
			}
			re, err := syntax.Parse(src, syntax.Perl)
			if err != nil {
				t.Fatalf("%s/%s: %v", p.Rule.ID, p.Name, err)
			}
			if n := maxMatch(re); n < 0 || n > textMaxMatch {
				t.Errorf("%s/%s: a match may be %d bytes long (unbounded: -1), over %d", p.Rule.ID, p.Name, n, textMaxMatch)
			}
		}
	}
	if textOverlap < textMaxMatch {
		t.Errorf("chunks overlap by %d bytes, less than a match's %d", textOverlap, textMaxMatch)
	}
}

// maxMatch is the longest match of re in bytes (a class beyond ASCII
// counts 4), -1 when unbounded.
func maxMatch(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		n := 0
		for _, r := range re.Rune {
			n += utf8.RuneLen(r)
		}
		return n
	case syntax.OpCharClass:
		if len(re.Rune) > 0 && re.Rune[len(re.Rune)-1] < utf8.RuneSelf {
			return 1
		}
		return 4
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 4
	case syntax.OpCapture:
		return maxMatch(re.Sub[0])
	case syntax.OpStar, syntax.OpPlus:
		return -1
	case syntax.OpQuest:
		return maxMatch(re.Sub[0])
	case syntax.OpRepeat:
		if re.Max < 0 {
			return -1
		}
		n := maxMatch(re.Sub[0])
		if n < 0 {
			return -1
		}
		return n * re.Max
	case syntax.OpConcat:
		total := 0
		for _, s := range re.Sub {
			n := maxMatch(s)
			if n < 0 {
				return -1
			}
			total += n
		}
		return total
	case syntax.OpAlternate:
		most := 0
		for _, s := range re.Sub {
			n := maxMatch(s)
			if n < 0 {
				return -1
			}
			most = max(most, n)
		}
		return most
	}
	return 0
}

// TestTextRulesListed: every text rule is in textRules (the check owns
// them), has a security severity, and a pattern rule has patterns.
func TestTextRulesListed(t *testing.T) {
	t.Parallel()
	listed := map[string]bool{}
	for _, r := range textRules {
		listed[r.ID] = true
		if r.SecuritySeverity == "" {
			t.Errorf("%s: no security severity", r.ID)
		}
		if !strings.HasPrefix(r.ID, "text.") {
			t.Errorf("%s: a text rule's id starts text.", r.ID)
		}
	}
	for _, p := range textPack {
		if !listed[p.Rule.ID] {
			t.Errorf("%s/%s: rule not in textRules", p.Rule.ID, p.Name)
		}
	}
}

// TestTextPackDeprecationPrefixes: a deprecation prefix, in each form
// internal/deprecation reads, is not risky text (issue 31): no pattern of
// the pack reports it, though it tells the model to use another tool.
func TestTextPackDeprecationPrefixes(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		"[DEPRECATED] Use search_v2 instead.",
		"[DEPRECATED: use search_v2, sunset 2027-01-01] Searches code.",
		"Deprecated: use search_v2 instead.",
		"Deprecated: Use `list_items` instead. This tool will be removed on 2027-01-01.",
		"DEPRECATED - use list_items; removed on 2027-01-01.",
		"(deprecated since v2) Prefer get_item, which returns the same fields.",
		"**DEPRECATED**: always use search_v2 instead of this tool.",
		"Reads a file. DEPRECATED: Use read_text_file instead.",
		"[Deprecated, superseded by search_v2] Do not use this tool; call search_v2 first.",
	} {
		if _, ok := deprecation.ParseDescription(s); !ok {
			t.Errorf("%q: not a deprecation prefix internal/deprecation reads", s)
		}
		for _, p := range textPack {
			if patternHits(p, s) {
				t.Errorf("%s/%s: reports the deprecation prefix %q", p.Rule.ID, p.Name, s)
			}
		}
	}
}
