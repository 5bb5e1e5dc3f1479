package service

import (
	"testing"

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
		DefaultConfigName: "aliases:\n  search: find\n"})
	cl := changelogOf(t, repo, "HEAD~1", "tools.json")
	status := map[string]string{}
	additions := []string{}
	for _, tl := range cl.Tools {
		status[tl.Name] = tl.Status
		for _, c := range tl.Changes {
			if c.Kind == "added" {
				additions = append(additions, tl.Name+": "+c.Message)
			}
		}
	}
	if status["remove_comment"] != "renamed" || status["search"] != "renamed" {
		t.Errorf("statuses %q: want remove_comment and search renamed", status)
	}
	if len(additions) != 1 || additions[0] != `search: argument "limit" added (optional)` {
		t.Errorf("additions %q: want the one argument search really added", additions)
	}
	for _, bad := range []string{`argument "id" added`, `argument "q" added`} {
		if changelogHas(cl, bad) {
			t.Errorf("changelog lists a renamed tool's old argument as added (%q): %+v", bad, cl.Tools)
		}
	}
}
