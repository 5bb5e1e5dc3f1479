package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

const (
	clBase = `{"tools": [
  {"name": "gone", "inputSchema": {"type": "object"}},
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
  {"name": "same", "inputSchema": {"type": "object"}}
]}
`
	clHead = `{"tools": [
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}, "scope": {"type": "string"}}, "required": ["scope"]},
   "outputSchema": {"type": "object", "properties": {"total": {"type": "integer"}}}},
  {"name": "same", "inputSchema": {"type": "object"}},
  {"name": "fetch", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}}
]}
`
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
	if code != ExitOK {
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
}
