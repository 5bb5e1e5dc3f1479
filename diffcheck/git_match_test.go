package diffcheck

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/source"
)

// TestLoadRevisionExcludesAndSkippedDirs (issue 12): a git tree is matched
// with the working tree's rules: "!" excludes remove matches, and
// node_modules, vendor and .git are skipped unless a pattern names them.
func TestLoadRevisionExcludesAndSkippedDirs(t *testing.T) {
	t.Parallel()
	r := newRepo(t)
	tool := `{"name": "t", "inputSchema": {"type": "object"}}`
	for _, p := range []string{"tools/a.json", "tools/legacy/b.json", "node_modules/foo/package.json", "vendor/x/tools.json", "tools/c.test.json"} {
		r.write(p, tool)
	}
	rev := r.commit("tree")
	for _, tc := range []struct {
		patterns []string
		want     string
	}{
		{[]string{"**/*.json"}, "tools/a.json tools/c.test.json tools/legacy/b.json"},
		{[]string{"**/*.json", "!tools/legacy/**", "!**/*.test.json"}, "tools/a.json"},
		{[]string{"!tools/legacy", "**/*.json"}, "tools/a.json tools/c.test.json"},
		{[]string{"**/*.json", "node_modules/foo/*.json"}, "node_modules/foo/package.json tools/a.json tools/c.test.json tools/legacy/b.json"},
		{[]string{"vendor/**/*.json"}, "vendor/x/tools.json"},
	} {
		files, err := load.LoadRevision(context.Background(), r.dir, rev, tc.patterns, source.DefaultLimits)
		if err != nil {
			t.Fatalf("%q: %v", tc.patterns, err)
		}
		var got []string
		for _, f := range files {
			got = append(got, f.Path)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: files %q, want %q", tc.patterns, got, tc.want)
		}
	}
	if _, err := load.LoadRevision(context.Background(), r.dir, rev, []string{"!node_modules/**"}, source.DefaultLimits); err == nil || !strings.Contains(err.Error(), "only excludes") {
		t.Errorf("only an exclude: error %v", err)
	}
}
