package diffcheck

import (
	"strings"
	"testing"
)

// TestLifecycleMessages: the removal of a deprecated item says its sunset
// and what was announced, before and after the sunset, on the frozen clock.
func TestLifecycleMessages(t *testing.T) {
	t.Parallel()
	want := map[string][]string{
		"tool-removed-after-sunset":           {`tool "old_find" was removed (was at tools.json:3:2) after its sunset "2026-01-31", announced since "1.4.0"; callers were told to use "find"`},
		"tool-removed-before-sunset":          {`tool "old_find" was removed (was at tools.json:3:2): callers that name it break; it was removed before its sunset "2027-01-31", announced since "1.4.0" with the successor "find": keep it until after that day`},
		"tool-removed-no-sunset":              {`it is deprecated (read from its description prefix) without a sunset date: keep it, announce a sunset and remove it after that day`},
		"tool-removed-no-successor":           {`tool "old_find" was removed (was at d.yaml:7:5) after its sunset "2026-03-31", as announced`},
		"tool-removed-with-file-after-sunset": {`tool "old_find" (with its file "old.json") was removed after its sunset "2026-01-31", announced since "1.4.0"; callers were told to use "find"`},
		"parameter-removed-after-sunset":      {`parameter "region" of tool "search" was removed (was at tools.json:3:12) after its sunset "2026-01-31", announced since "2.3.0"; callers were told to use "area"`},
		"parameter-removed-before-sunset":     {`calls still sending it are rejected; it was removed before its sunset "2027-01-31", announced since "2.3.0" with the successor "area": keep it until after that day; for example {"region":"a"} is accepted at base and rejected at head`},
		"sunset-earlier":                      {`the sunset of tool "old_find" moved earlier, from "2027-01-31" to "2026-12-31": callers plan their move by the announced date; keep "2027-01-31" or a later one`},
		"sunset-earlier-parameter":            {`the sunset of parameter "region" of tool "search" moved earlier, from "2027-01-31" to "2026-09-30"`},
		"document-primitives": {
			`resource "file:///README.txt" was removed (was at d.yaml:6:5) after its sunset "2026-01-31", announced since "1.2.0"; callers were told to use "file:///readme.md"`,
			`prompt "old_greeting" was removed (was at d.yaml:16:5): clients that get it by name break; it was removed before its sunset "2027-01-31" with the successor "greeting": keep it until after that day`,
			`the sunset of resource template "repo://{owner}/{repo}/issues/{n}" moved earlier, from "2027-01-31" to "2026-12-31"`,
		},
	}
	for _, c := range loadDiffCases(t, "testdata/deprecation") {
		subs, ok := want[c.Name]
		if !ok {
			continue
		}
		delete(want, c.Name)
		var msgs []string
		for _, f := range Compare(c.base, c.head, c.options()) {
			msgs = append(msgs, f.Message)
		}
		all := strings.Join(msgs, "\n")
		for _, s := range subs {
			if !strings.Contains(all, s) {
				t.Errorf("%s: no message contains\n  %s\ngot:\n  %s", c.Name, s, strings.Join(msgs, "\n  "))
			}
		}
	}
	for name := range want {
		t.Errorf("no case %s", name)
	}
}
