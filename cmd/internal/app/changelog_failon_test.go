package app

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestChangelogFailOn: changelog exits 0 on breaking changes (it lists
// changes, it is no gate) and says so in its help; --fail-on makes a
// release script stop on the kind of change it names, counting them on
// standard error while the notes still reach standard output (issue 27
// item 6).
func TestChangelogFailOn(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": clBase})
	actGit(t, repo, "tag", "v1.0.0")
	actCommit(t, repo, "head", map[string]string{"tools.json": clHead})
	// a later release that only adds a tool
	actCommit(t, repo, "additions", map[string]string{"other.json": clBase})
	actGit(t, repo, "tag", "v1.1.0")
	actCommit(t, repo, "more", map[string]string{"other.json": strings.Replace(clBase, `{"name": "same", "inputSchema": {"type": "object"}}`, `{"name": "same", "inputSchema": {"type": "object"}}, {"name": "new_tool", "inputSchema": {"type": "object"}}`, 1)})

	for _, c := range []struct {
		base    string
		args    []string
		code    int
		stderr  string
		pattern string
	}{
		{"v1.0.0", nil, ExitOK, "", "tools.json"},
		{"v1.0.0", []string{"--fail-on", "never"}, ExitOK, "", "tools.json"},
		{"v1.0.0", []string{"--fail-on", "breaking"}, ExitFindings, `mcpschema changelog: 2 breaking changes since "v1.0.0" reached --fail-on breaking`, "tools.json"},
		{"v1.0.0", []string{"--fail-on", "may-break", "--format", "json"}, ExitFindings, `since "v1.0.0" reached --fail-on may-break`, "tools.json"},
		{"v1.0.0", []string{"--fail-on", "any"}, ExitFindings, `changes since "v1.0.0" reached --fail-on any`, "tools.json"},
		// only an added tool: not breaking, but a change
		{"v1.1.0", []string{"--fail-on", "breaking"}, ExitOK, "", "other.json"},
		{"v1.1.0", []string{"--fail-on", "any"}, ExitFindings, `1 change since "v1.1.0" reached --fail-on any`, "other.json"},
		// nothing changed
		{"HEAD", []string{"--fail-on", "any"}, ExitOK, "", "*.json"},
	} {
		args := append(append([]string{"changelog", "--base", c.base}, c.args...), c.pattern)
		code, out, errOut := runMain(t, repo, args...)
		if code != c.code || (c.stderr == "") != (errOut == "") || !strings.Contains(errOut, c.stderr) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", args, code, errOut, c.code, c.stderr)
		}
		if c.base == "v1.0.0" && !strings.Contains(out, "was removed") {
			t.Errorf("%q: the notes lack the removed tool:\n%s", args, out)
		}
	}
	if code, _, errOut := runMain(t, repo, "changelog", "--base", "v1.0.0", "--fail-on", "breakin", "tools.json"); code != ExitUsage || !strings.Contains(errOut, `unknown --fail-on "breakin": did you mean "breaking"?`) {
		t.Errorf("bad --fail-on: exit %d, %q", code, errOut)
	}
	_, help, _ := runMain(t, repo, "help", "changelog")
	if !strings.Contains(help, "Exit status 0 whatever changed, breaking changes included") || !strings.Contains(help, "--fail-on KIND") {
		t.Errorf("help changelog does not say it exits 0 on breaking changes, or lacks --fail-on:\n%s", help)
	}
}
