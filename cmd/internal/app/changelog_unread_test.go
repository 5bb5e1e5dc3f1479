package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestChangelogUnreadableHeadFile: a head file that cannot be parsed is not
// compared, so its tools' changes are unknown. The changelog must not pass
// that over in silence (release notes missing a breaking change): it says
// which file was not compared and why, in Markdown and JSON, and exits 1.
func TestChangelogUnreadableHeadFile(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": `{"tools": [{"name": "kept", "inputSchema": {"type": "object"}}]}`, "other.json": clBase})
	actGit(t, repo, "tag", "v1.0.0")
	actCommit(t, repo, "head", map[string]string{"tools.json": "{\"tools\": [\n  {bad\n]}\n", "other.json": clHead})

	code, out, errOut := runMain(t, repo, "changelog", "--base", "v1.0.0", "tools.json", "other.json")
	if code != ExitFindings {
		t.Errorf("exit %d, want %d (the list may miss changes)\n%s", code, ExitFindings, errOut)
	}
	for _, w := range []string{"not compared", "`tools.json:2:4`", "### `gone` (removed)"} {
		if !strings.Contains(out, w) {
			t.Errorf("changelog lacks %q:\n%s", w, out)
		}
	}

	code, out, _ = runMain(t, repo, "changelog", "--format", "json", "--base", "v1.0.0", "tools.json", "other.json")
	var cl struct {
		NotCompared []struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		} `json:"notCompared"`
	}
	if err := json.Unmarshal([]byte(out), &cl); err != nil || code != ExitFindings {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	if len(cl.NotCompared) != 1 || cl.NotCompared[0].File != "tools.json" || cl.NotCompared[0].Line != 2 || cl.NotCompared[0].Message == "" {
		t.Errorf("notCompared %+v: want tools.json at line 2 with the reason", cl.NotCompared)
	}
}
