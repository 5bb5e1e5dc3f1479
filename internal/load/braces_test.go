package load

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
)

// TestExpandBraces: the expansions are the patterns doublestar matches as
// alternatives, escapes and brackets keep braces literal, and the number of
// expansions is bounded.
func TestExpandBraces(t *testing.T) {
	t.Parallel()
	cases := map[string][]string{
		"tools/*.json":              {"tools/*.json"},
		"{tools,../outside}/*.json": {"tools/*.json", "../outside/*.json"},
		"{a,{b,c}d}/x":              {"a/x", "bd/x", "cd/x"},
		"{.,a}./x":                  {"../x", "a./x"},
		`t/\{a,b}`:                  {`t/\{a,b}`},
		"t/[{]a,b}":                 {"t/[{]a,b}"},
		"t/{a,b":                    {"t/{a,b"},
		"{a,b}{c,d}":                {"ac", "ad", "bc", "bd"},
	}
	for p, want := range cases {
		got, err := ExpandBraces(p)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ExpandBraces(%q) = %q, %v: want %q", p, got, err, want)
		}
	}
	// Every expansion matches what the pattern matches (doublestar agrees).
	for _, name := range []string{"tools/a.json", "bd/x", "ad"} {
		for p := range cases {
			if !doublestar.ValidatePattern(p) {
				continue
			}
			whole, _ := doublestar.Match(p, name)
			alts, _ := ExpandBraces(p)
			any := false
			for _, a := range alts {
				if ok, _ := doublestar.Match(a, name); ok {
					any = true
				}
			}
			if whole != any {
				t.Errorf("%q on %q: the pattern matches %v, its expansions %v", p, name, whole, any)
			}
		}
	}
	if _, err := ExpandBraces(strings.Repeat("{a,b}", 20)); err == nil {
		t.Errorf("2^20 alternatives: want an error")
	}
}

// TestMatcherBraceAlternativeOutsideBase: a brace alternative that lies
// outside the directory the pattern's walk starts from (absolute, or above
// it with "..") could never match; the matcher refuses it, naming the
// pattern, rather than dropping it silently.
func TestMatcherBraceAlternativeOutsideBase(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"{tools,../outside}/*.json", "{/abs/x.json,tools/a.json}", "tools/{a.json,../../x}", "x/{a,../../b}/*.json"} {
		if _, err := NewMatcher([]string{p}); err == nil || !strings.Contains(err.Error(), strconvQuote(p)) {
			t.Errorf("NewMatcher(%q) = %v: want an error naming the pattern", p, err)
		}
	}
	for _, p := range []string{"tools/{a,b}.json", "../x/{a,b}.json", "/abs/{a,b}/*.json", "{tools,defs}/**/*.json", "tools/{a,../tools/b}.json", "a/{b,c}/../d.json"} {
		if _, err := NewMatcher([]string{p}); err != nil {
			t.Errorf("NewMatcher(%q) = %v: want it accepted", p, err)
		}
	}
}

func strconvQuote(s string) string { return fmt.Sprintf("%q", s) }

// FuzzExpandBraces: any pattern expands or is refused, within the bound,
// without a panic; a pattern without a brace is its own only expansion;
// and a name a valid pattern matches is matched by one of its expansions
// (the expansions cover the pattern, so checking each checks it; the
// converse fails only on doublestar's own quirks: "*" matches "", "*{,0}"
// does not).
func FuzzExpandBraces(f *testing.F) {
	f.Add("{tools,../outside}/*.json", "tools/a.json")
	f.Add(`{a,\{b}[{]{c,{d,e}}`, "a[c")
	f.Add("{{{{", "{{{{")
	f.Fuzz(func(t *testing.T, p, name string) {
		alts, err := ExpandBraces(p)
		if err != nil {
			return
		}
		if len(alts) == 0 || len(alts) > MaxBraceAlternatives {
			t.Errorf("%q: %d expansions", p, len(alts))
		}
		if !strings.Contains(p, "{") && (len(alts) != 1 || alts[0] != p) {
			t.Errorf("%q without braces expands to %q", p, alts)
		}
		if !doublestar.ValidatePattern(p) || !utf8.ValidString(p) || !utf8.ValidString(name) {
			return // doublestar reads runes: invalid UTF-8 matches by chance
		}
		whole, _ := doublestar.Match(p, name)
		some := false
		for _, a := range alts {
			if ok, _ := doublestar.Match(a, name); ok {
				some = true
			}
		}
		if whole && !some {
			t.Errorf("%q on %q: the pattern matches %v, its expansions %q %v", p, name, whole, alts, some)
		}
	})
}
