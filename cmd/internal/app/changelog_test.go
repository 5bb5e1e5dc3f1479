package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// The changelog fixtures: toolrepo's (the service's and the CLI's tests share them).
const (
	clBase = toolrepo.ChangelogBase
	clHead = toolrepo.ChangelogHead
)

// TestChangelog: every change since --base, grouped by tool: added and
// removed tools, breaking changes first, optional arguments and result
// fields added; unchanged tools are left out. Markdown by default, JSON too.
func TestChangelog(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": clBase})
	actGit(t, repo, "tag", "v1.0.0")
	actCommit(t, repo, "head", map[string]string{"tools.json": clHead})

	code, out, errOut := runMain(t, repo, "changelog", "--base", "v1.0.0", "tools.json")
	if code != ExitOK || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := []string{
		"## Tool changes since `v1.0.0`",
		"### `fetch` (added)", `- added: tool "fetch" was added`, `- added: argument "url" added (required)`,
		"### `gone` (removed)", `- breaking: tool "gone" was removed`,
		"### `search`", "- breaking: ", "`compat.input.required-added`",
		`- added: argument "limit" added (optional)`, `- added: result field "total" added`,
	}
	at := 0
	for _, w := range want {
		i := strings.Index(out[at:], w)
		if i < 0 {
			t.Fatalf("changelog lacks %q (in order) after byte %d:\n%s", w, at, out)
		}
		at += i + len(w)
	}
	if strings.Contains(out, "`same`") || strings.Contains(out, `argument "scope" added`) || strings.Contains(out, `argument "q"`) {
		t.Errorf("unchanged tool or argument listed, or a required argument twice:\n%s", out)
	}

	code, out, _ = runMain(t, repo, "changelog", "--format", "json", "--base", "v1.0.0", "tools.json")
	var cl service.Changelog
	if err := json.Unmarshal([]byte(out), &cl); err != nil || code != ExitOK {
		t.Fatalf("json: %v, exit %d\n%s", err, code, out)
	}
	var names []string
	for _, tl := range cl.Tools {
		names = append(names, tl.Name+":"+tl.Status)
	}
	if strings.Join(names, " ") != "fetch:added gone:removed search:changed" || cl.Commit == "" {
		t.Errorf("json tools %v, commit %q", names, cl.Commit)
	}
	if s := cl.Tools[2]; s.Changes[0].Kind != "breaking" || s.Changes[1].Kind != "added" || s.Changes[1].Line == 0 {
		t.Errorf("search changes: %+v", s.Changes)
	}

	if code, _, errOut := runMain(t, repo, "changelog", "tools.json"); code != ExitUsage || !strings.Contains(errOut, "--base") {
		t.Errorf("without --base: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runMain(t, repo, "changelog", "--base", "v1.0.0", "--format", "sarif", "tools.json"); code != ExitUsage || !strings.Contains(errOut, "markdown or json") {
		t.Errorf("bad format: exit %d, %q", code, errOut)
	}
	if code, out, _ := runMain(t, repo, "changelog", "--base", "HEAD", "tools.json"); code != ExitOK || !strings.Contains(out, "No tool changed.") {
		t.Errorf("no change: exit %d\n%s", code, out)
	}

	// changelog exits 0 on breaking changes (it lists changes, it is no
	// gate) and says so in its help; --fail-on makes a release script stop,
	// counting the changes on standard error while the notes still reach
	// standard output (issue 27 item 6; which changes reach which value:
	// TestChangelogFailOn in cmd/internal/service).
	args := []string{"changelog", "--base", "v1.0.0", "--fail-on", "breaking", "tools.json"}
	code, out, errOut = runMain(t, repo, args...)
	if want := `mcpschema changelog: 2 breaking changes since "v1.0.0" reached --fail-on breaking`; code != ExitFindings || !strings.Contains(errOut, want) {
		t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", args, code, errOut, ExitFindings, want)
	}
	if !strings.Contains(out, "was removed") {
		t.Errorf("%q: the notes lack the removed tool:\n%s", args, out)
	}
	if code, _, errOut := runMain(t, repo, "changelog", "--base", "v1.0.0", "--fail-on", "breakin", "tools.json"); code != ExitUsage || !strings.Contains(errOut, `unknown --fail-on "breakin": did you mean "breaking"?`) {
		t.Errorf("bad --fail-on: exit %d, %q", code, errOut)
	}
	_, help, _ := runMain(t, repo, "help", "changelog")
	if !strings.Contains(help, "Exit status 0 whatever changed, breaking changes included") || !strings.Contains(help, "--fail-on KIND") {
		t.Errorf("help changelog does not say it exits 0 on breaking changes, or lacks --fail-on:\n%s", help)
	}

	// A head file that cannot be parsed is not compared: the list may miss
	// changes, in Markdown and JSON, and changelog exits 1 (what the
	// service says of it: TestChangelogUnreadableHeadFile).
	if err := os.WriteFile(filepath.Join(repo, "tools.json"), []byte("{\"tools\": [\n  {bad\n]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runMain(t, repo, "changelog", "--base", "v1.0.0", "tools.json")
	if code != ExitFindings {
		t.Errorf("unreadable head file: exit %d, want %d (the list may miss changes)\n%s", code, ExitFindings, errOut)
	}
	for _, w := range []string{"not compared", "`tools.json:2:4`"} {
		if !strings.Contains(out, w) {
			t.Errorf("unreadable head file: changelog lacks %q:\n%s", w, out)
		}
	}
	code, out, _ = runMain(t, repo, "changelog", "--format", "json", "--base", "v1.0.0", "tools.json")
	var unread struct {
		NotCompared []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		} `json:"notCompared"`
	}
	if err := json.Unmarshal([]byte(out), &unread); err != nil || code != ExitFindings {
		t.Fatalf("unreadable head file, json: exit %d, %v:\n%s", code, err, out)
	}
	if len(unread.NotCompared) != 1 || unread.NotCompared[0].File != "tools.json" || unread.NotCompared[0].Line != 2 || unread.NotCompared[0].Message == "" {
		t.Errorf("notCompared %+v: want tools.json at line 2 with the reason", unread.NotCompared)
	}
}
