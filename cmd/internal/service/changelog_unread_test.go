package service

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestChangelogUnreadableHeadFile: a head file that cannot be parsed is not
// compared, so its tools' changes are unknown. The changelog must not pass
// that over in silence (release notes missing a breaking change): it says
// which file was not compared, where and why, and the other files' changes
// are still listed. (Its Markdown and exit status 1:
// TestChangelogMarkdownOfTheValue and TestChangelog in cmd/internal/app.)
func TestChangelogUnreadableHeadFile(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": `{"tools": [{"name": "kept", "inputSchema": {"type": "object"}}]}`, "other.json": toolrepo.ChangelogBase})
	actGit(t, repo, "tag", "v1.0.0")
	actCommit(t, repo, "head", map[string]string{"tools.json": "{\"tools\": [\n  {bad\n]}\n", "other.json": toolrepo.ChangelogHead})

	cl := changelogOf(t, repo, "v1.0.0", "tools.json", "other.json")
	if n := cl.NotCompared; len(n) != 1 || n[0].File != "tools.json" || n[0].Line != 2 || n[0].Column != 4 || n[0].Message == "" {
		t.Errorf("notCompared %+v: want tools.json at 2:4 with the reason", cl.NotCompared)
	}
	gone := false
	for _, tl := range cl.Tools {
		gone = gone || (tl.Name == "gone" && tl.Status == "removed")
	}
	if !gone {
		t.Errorf("the other file's changes are not listed: %+v", cl.Tools)
	}
}
