package service

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestPatternEveryMatchExcluded: a pattern whose every match an exclude
// removes does not say it "matches no file" as if it were a typo: it says
// the excludes (named) removed what it matched, as a warning next to other
// patterns and as the usage error when it is the only one, in the working
// tree, at --head and at --base.
func TestPatternEveryMatchExcluded(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "tree", map[string]string{"tools/a.json": goodTool, "tools/bad.json": badTool,
		"legacy/old.json": goodTool, "legacy/deep/older.json": goodTool, "conf/.mcpschema.yaml": "files: ['tools/bad.json', 'legacy/*.json']\nexclude: ['legacy/**']\n"})
	only := []string{`pattern "tools/a.json" matches no file that is not excluded`,
		`: every file it matches is removed by the exclude "!tools/a.json"; change the pattern or the exclude`}
	for _, args := range [][]string{
		{"tools/a.json", "!tools/a.json"},
		{"--head", "HEAD", "tools/a.json", "!tools/a.json"},
		{"--base", "HEAD", "tools/a.json", "!tools/a.json"},
	} {
		code, _, errOut := runCheck(t, repo, args...)
		if code != exitUsage || !strings.Contains(errOut, only[0]) || !strings.Contains(errOut, only[1]) {
			t.Errorf("%q: exit %d, %q", args, code, errOut)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tools/bad.json", "legacy/*.json", "!legacy/**"},
			`warning: pattern "legacy/*.json" matches no file that is not excluded: every file it matches is removed by the exclude "!legacy/**"`},
		// the walk does not enter an excluded directory
		{[]string{"tools/bad.json", "**/old*.json", "!legacy", "!tools/a.json"},
			`warning: pattern "**/old*.json" matches no file that is not excluded: every file it matches is removed by the exclude "!legacy"`},
		{[]string{"--head", "HEAD", "tools/bad.json", "**/old*.json", "!legacy", "!**/older.json"},
			`warning: pattern "**/old*.json" matches no file that is not excluded at HEAD: every file it matches is removed by the excludes "!legacy", "!**/older.json"`},
		{[]string{"--config", "conf/.mcpschema.yaml"},
			`warning: pattern "legacy/*.json" matches no file that is not excluded: every file it matches is removed by the exclude "!legacy/**"`},
	} {
		code, out, errOut := runCheck(t, repo, c.args...)
		if code != exitFindings || !strings.Contains(out, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q in\n%s", c.args, code, errOut, c.want, out)
		}
	}
	// No pattern selects a file: the one that was excluded says by what.
	if code, _, errOut := runCheck(t, repo, "none.json", "tools/a.json", "!tools/a.json"); code != exitUsage ||
		!strings.Contains(errOut, `no pattern matches a file: "none.json", "tools/a.json" (pattern "tools/a.json" matches no file that is not excluded: every file it matches is removed by the exclude "!tools/a.json"`) {
		t.Errorf("exit %d, %q", code, errOut)
	}
	// A pattern that matches nothing at all still says so.
	if code, out, _ := runCheck(t, repo, "tools/bad.json", "nothing/*.json", "!legacy"); code != exitFindings || !strings.Contains(out, `pattern "nothing/*.json" matches no file: fix or remove it`) {
		t.Errorf("exit %d\n%s", code, out)
	}
}
