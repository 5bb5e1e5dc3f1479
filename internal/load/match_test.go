package load

import (
	"strings"
	"testing"
)

func TestMatcherSelects(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		patterns []string
		path     string
		want     bool
	}{
		{[]string{"**/*.json"}, "tools/a.json", true},
		{[]string{"./tools/*.json"}, "tools/a.json", true},
		// Default-skipped directories: not walked into unless named.
		{[]string{"**/*.json"}, "node_modules/foo/package.json", false},
		{[]string{"**/*.json"}, "a/node_modules/foo/package.json", false},
		{[]string{"**/*.json"}, "vendor/x/tools.json", false},
		{[]string{"**/*.json"}, ".git/config.json", false},
		{[]string{"node_modules/foo/*.json"}, "node_modules/foo/package.json", true},
		{[]string{"**/node_modules/**/*.json"}, "a/node_modules/foo/x.json", true},
		{[]string{"vendor/**/*.json"}, "vendor/x/node_modules/y.json", false},
		{[]string{"node_*/**/*.json"}, "node_modules/foo/x.json", false},
		{[]string{"**/*.json"}, "tools/vendor.json", true},
		// Excludes, whatever the order, and everything under an excluded directory.
		{[]string{"**/*.json", "!tools/legacy/**"}, "tools/legacy/a.json", false},
		{[]string{"!tools/legacy/**", "**/*.json"}, "tools/legacy/a.json", false},
		{[]string{"**/*.json", "!tools/legacy"}, "tools/legacy/deep/a.json", false},
		{[]string{"**/*.json", "!**/*.test.json"}, "tools/a.test.json", false},
		{[]string{"**/*.json", "!**/*.test.json"}, "tools/a.json", true},
		{[]string{"tools/a.json", "!tools/a.json"}, "tools/a.json", false},
		{[]string{"**/*.json", "!./tools/b.json"}, "tools/b.json", false},
		// "\!" is a literal "!".
		{[]string{`\!odd.json`}, "!odd.json", true},
	} {
		m, err := NewMatcher(tc.patterns)
		if err != nil {
			t.Fatalf("%q: %v", tc.patterns, err)
		}
		if _, got := m.Select(tc.path); got != tc.want {
			t.Errorf("%q selects %q: %v, want %v", tc.patterns, tc.path, got, tc.want)
		}
	}
}

func TestMatcherErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		patterns []string
		want     string
	}{
		{[]string{"!node_modules/**"}, "only excludes"},
		{[]string{"*.json", "!"}, "names no file"},
		{[]string{"tools/[a.json"}, "invalid pattern"},
		{[]string{"*.json", "![x"}, "invalid pattern"},
	} {
		_, err := NewMatcher(tc.patterns)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.patterns, err, tc.want)
		}
	}
}

func TestMatcherSkipDir(t *testing.T) {
	t.Parallel()
	m, err := NewMatcher([]string{"tools/*.json", "**/*.yaml", "vendor/x/*.json", "!tools/old", "vendor/**/*.json"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		i    int
		dir  string
		want bool
	}{
		{0, "tools/sub", true}, // deeper than "tools/*.json" reaches
		{0, "tools/old", true}, // excluded
		{1, "a/b/c", false},
		{1, "a/node_modules", true},
		{1, "vendor", true},
		{2, "vendor/x/y", true}, // matches lie directly in vendor/x, the base
		{3, "vendor/a/b", false},
		{3, "vendor/a/node_modules", true},
		{1, ".git", true},
	} {
		if got := m.SkipDir(tc.i, tc.dir); got != tc.want {
			t.Errorf("pattern %q, dir %q: skip %v, want %v", m.Pattern(tc.i), tc.dir, got, tc.want)
		}
	}
	if m.Base(2) != "vendor/x" || m.Base(1) != "." || m.Literal(0) {
		t.Errorf("bases %q %q, literal %v", m.Base(2), m.Base(1), m.Literal(0))
	}
}

func TestMatcherHits(t *testing.T) {
	t.Parallel()
	m, err := NewMatcher([]string{"tools/*.json", "**/*.json", "none/*.json", "!tools/b.json"})
	if err != nil {
		t.Fatal(err)
	}
	got := m.Hits([]string{"tools/a.json", "tools/b.json", "x/c.json", "node_modules/d.json"})
	if len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 0 {
		t.Errorf("hits %v, want [1 2 0]", got)
	}
}
