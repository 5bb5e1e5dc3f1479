package service

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestChangelogFailOn: changelog's gate is no gate by default (it lists
// changes; breaking ones too); --fail-on makes a release script stop on
// the kind of change it names: the changes that reach it, counted in the
// message the command writes to standard error, while the notes still list
// every change (issue 27 item 6). The exit statuses, the message on
// standard error and the help: TestChangelog in cmd/internal/app.
func TestChangelogFailOn(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": toolrepo.ChangelogBase})
	actGit(t, repo, "tag", "v1.0.0")
	actCommit(t, repo, "head", map[string]string{"tools.json": toolrepo.ChangelogHead})
	// a later release that only adds a tool
	actCommit(t, repo, "additions", map[string]string{"other.json": toolrepo.ChangelogBase})
	actGit(t, repo, "tag", "v1.1.0")
	actCommit(t, repo, "more", map[string]string{"other.json": strings.Replace(toolrepo.ChangelogBase, `{"name": "same", "inputSchema": {"type": "object"}}`, `{"name": "same", "inputSchema": {"type": "object"}}, {"name": "new_tool", "inputSchema": {"type": "object"}}`, 1)})

	for _, c := range []struct {
		base    string
		failOn  string
		fails   bool
		stderr  string
		pattern string
	}{
		{"v1.0.0", "never", false, "", "tools.json"},
		{"v1.0.0", "breaking", true, `2 breaking changes since "v1.0.0" reached --fail-on breaking`, "tools.json"},
		{"v1.0.0", "may-break", true, `since "v1.0.0" reached --fail-on may-break`, "tools.json"},
		{"v1.0.0", "any", true, `changes since "v1.0.0" reached --fail-on any`, "tools.json"},
		// only an added tool: not breaking, but a change
		{"v1.1.0", "breaking", false, "", "other.json"},
		{"v1.1.0", "any", true, `1 change since "v1.1.0" reached --fail-on any`, "other.json"},
		// nothing changed
		{"HEAD", "any", false, "", "*.json"},
	} {
		gate, err := ParseChangelogFailOn(c.failOn)
		if err != nil {
			t.Fatal(err)
		}
		cl := changelogOf(t, repo, c.base, c.pattern)
		reached := gate.Reached(cl)
		// the line `mcpschema changelog` writes to standard error
		msg := ""
		if reached > 0 {
			msg = annotate.Plural(reached, gate.Noun()) + " since " + strconvQuote(c.base) + " reached --fail-on " + gate.String()
		}
		if (reached > 0) != c.fails || len(cl.NotCompared) != 0 || (c.stderr == "") != (msg == "") || !strings.Contains(msg, c.stderr) {
			t.Errorf("--base %s --fail-on %s: %d changes reached, %q; want fails=%v and %q", c.base, c.failOn, reached, msg, c.fails, c.stderr)
		}
		if c.base == "v1.0.0" && !changelogHas(cl, "was removed") {
			t.Errorf("--base %s --fail-on %s: the notes lack the removed tool: %+v", c.base, c.failOn, cl.Tools)
		}
	}
	if _, err := ParseChangelogFailOn("breakin"); err == nil || !strings.Contains(err.Error(), `unknown --fail-on "breakin": did you mean "breaking"?`) {
		t.Errorf("bad --fail-on: %v", err)
	}
}
