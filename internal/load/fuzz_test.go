package load

import "testing"

// FuzzMatcher: any pattern list and path is parsed or refused, and matched,
// without a panic; an excluded path is never selected.
func FuzzMatcher(f *testing.F) {
	f.Add("**/*.json", "!node_modules/**", "node_modules/a/b.json")
	f.Add("tools/{a,b/c}.json", "![x", "tools/b/c.json")
	f.Add(`\!x.json`, "!", "!x.json")
	f.Fuzz(func(t *testing.T, include, exclude, p string) {
		m, err := NewMatcher([]string{include, exclude})
		if err != nil {
			return
		}
		i, ok := m.Select(p)
		if ok && m.Excluded(p) {
			t.Errorf("pattern %d selects excluded %q", i, p)
		}
		for j := 0; j < m.Len(); j++ {
			m.SkipDir(j, p)
		}
	})
}
