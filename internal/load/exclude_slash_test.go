package load

import "testing"

// TestExcludeWithTrailingSlash: "!tools/legacy/" (a directory written as in
// .gitignore) excludes what "!tools/legacy" does, instead of nothing.
func TestExcludeWithTrailingSlash(t *testing.T) {
	t.Parallel()
	for _, ex := range []string{"!tools/legacy/", "!tools/legacy//", "!**/legacy/"} {
		m, err := NewMatcher([]string{"**/*.json", ex})
		if err != nil {
			t.Fatalf("%s: %v", ex, err)
		}
		if !m.Excluded("tools/legacy/b.json") || m.Excluded("tools/a.json") {
			t.Errorf("%s: Excluded(tools/legacy/b.json) = %v, Excluded(tools/a.json) = %v; want true, false", ex, m.Excluded("tools/legacy/b.json"), m.Excluded("tools/a.json"))
		}
	}
}
