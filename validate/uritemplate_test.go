package validate

import "testing"

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
		tpl, problem := parseURITemplate(s)
		if problem != "" {
			t.Errorf("%s: %s", s, problem)
			continue
		}
		if len(tpl.vars) != len(vars) {
			t.Errorf("%s: vars %v, want %v", s, tpl.vars, vars)
		}
	}
	for _, s := range []string{"x://{", "x://}", "x://{}", "x://{a b}", "x://{!a}", "x://{a:0}", "x://{a:10000}", "x://a b", "x://%zz", "x://{.a.}"} {
		if _, problem := parseURITemplate(s); problem == "" {
			t.Errorf("%s: accepted", s)
		}
	}
	tpl, _ := parseURITemplate("chess://games/{game_id}")
	if !tpl.matches("chess://games/abc-1") || tpl.matches("chess://players/1") || tpl.matches("chess://games/a/b") {
		t.Error("simple expansion matching is wrong")
	}
	tpl, _ = parseURITemplate("file:///{+path}")
	if !tpl.matches("file:///a/b/c.txt") {
		t.Error("reserved expansion matching is wrong")
	}
}
