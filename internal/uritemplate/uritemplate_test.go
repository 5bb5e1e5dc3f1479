package uritemplate

import (
	"strings"
	"testing"
)

// TestURITemplate checks RFC 6570 syntax, variable names and expansions.
func TestURITemplate(t *testing.T) {
	t.Parallel()
	good := map[string][]string{
		"chess://games/{game_id}":            {"game_id"},
		"file:///{+path}":                    {"path"},
		"x://{owner,repository}/{id:3}{?q*}": {"owner", "repository", "id", "q"},
		"x://a%20b/{a.b}":                    {"a.b"},
	}
	for s, vars := range good {
		tpl, problem := Parse(s)
		if problem != "" {
			t.Errorf("%s: %s", s, problem)
			continue
		}
		if len(tpl.Vars) != len(vars) {
			t.Errorf("%s: vars %v, want %v", s, tpl.Vars, vars)
		}
	}
	for _, s := range []string{"x://{", "x://}", "x://{}", "x://{a b}", "x://{!a}", "x://{a:0}", "x://{a:10000}", "x://a b", "x://%zz", "x://{.a.}"} {
		if _, problem := Parse(s); problem == "" {
			t.Errorf("%s: accepted", s)
		}
	}
	tpl, _ := Parse("chess://games/{game_id}")
	if !tpl.Matches("chess://games/abc-1") || tpl.Matches("chess://players/1") || tpl.Matches("chess://games/a/b") {
		t.Error("simple expansion matching is wrong")
	}
	tpl, _ = Parse("file:///{+path}")
	if !tpl.Matches("file:///a/b/c.txt") {
		t.Error("reserved expansion matching is wrong")
	}
}

// TestURITemplateVariables: operators and modifiers do not change a
// variable's name (MCP Description 10.4.6); malformed templates are refused.
func TestURITemplateVariables(t *testing.T) {
	t.Parallel()
	for tpl, want := range map[string]string{
		"file:///{+path}":                        "path",
		"chess://games/{id:3}":                   "id",
		"gh://{owner}/{repo}{?state,labels*}":    "owner repo state labels",
		"x://{/segments*}{;params}{#frag}{.ext}": "segments params frag ext",
		"x://{a}/{a}{&b}":                        "a b",
		"chess://leaderboard/classical":          "",
		"x://{percent%20name}":                   "percent%20name",
		"chess://players/{player_id}/rating-his": "player_id",
	} {
		parsed, problem := Parse(tpl)
		if problem != "" {
			t.Errorf("%q: refused: %s", tpl, problem)
			continue
		}
		if got := strings.Join(parsed.Names(), " "); got != want {
			t.Errorf("%q: variables %q, want %q", tpl, got, want)
		}
		// an expansion always matches its own template's matcher
		if re := parsed.LiteralMatcher(); re == nil || !re.MatchString(parsed.Sample()) || !parsed.Matches(parsed.Sample()) {
			t.Errorf("%q: its expansion %q does not match it", tpl, parsed.Sample())
		}
	}
	for _, bad := range []string{"x://{", "x://}", "x://{}", "x://{=a}", "x://{a b}", "x://{a}}", "x://{{a}"} {
		if _, problem := Parse(bad); problem == "" {
			t.Errorf("%q: accepted", bad)
		}
	}
}
