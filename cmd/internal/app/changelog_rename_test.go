package app

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestChangelogRenamedToolAddsNoArguments: a tool renamed (guessed from an
// equivalent inputSchema, or named in the config's aliases) keeps its
// arguments: the changelog lists the rename, not its old arguments as
// added, and only what the renamed tool really added.
func TestChangelogRenamedToolAddsNoArguments(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": `{"tools": [
  {"name": "delete_comment", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}},
  {"name": "find", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}
]}
`})
	actCommit(t, repo, "head", map[string]string{
		"tools.json": `{"tools": [
  {"name": "remove_comment", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}},
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}}}
]}
`,
		service.DefaultConfigName: "aliases:\n  search: find\n"})
	code, out, errOut := runMain(t, repo, "changelog", "--base", "HEAD~1", "tools.json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"### `remove_comment` (renamed)", "### `search` (renamed)", `- added: argument "limit" added (optional)`, "1 addition"} {
		if !strings.Contains(out, want) {
			t.Errorf("changelog lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{`argument "id" added`, `argument "q" added`} {
		if strings.Contains(out, bad) {
			t.Errorf("changelog lists a renamed tool's old argument as added (%q):\n%s", bad, out)
		}
	}
}
