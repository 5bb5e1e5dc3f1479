package service

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestChangelogDocumentChangesAreNotTools: a change to the rest of an MCP
// Description document (a prompt) is listed under the document's path, and
// is not counted as a tool: the entry says it is a document, so that the
// headline counts tools and documents apart and scripts reading
// tools[].name do not take a path for a tool name. (The headline's
// rendering: TestChangelogMarkdownOfTheValue in cmd/internal/app.)
func TestChangelogDocumentChangesAreNotTools(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	const doc = "mcpdesc: 0.8.0\ninfo: {name: s, version: 1.0.0}\nprotocolVersions: [2025-11-25]\n" +
		"tools:\n  - name: t\n    inputSchema: {type: object}\n"
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"mcp.yaml": doc + "prompts:\n  - name: p\n  - name: q\n"})
	actGit(t, repo, "tag", "v1")
	actCommit(t, repo, "head", map[string]string{"mcp.yaml": doc + "prompts:\n  - name: p\n"})

	cl := changelogOf(t, repo, "v1", "mcp.yaml")
	if len(cl.Tools) != 1 || cl.Tools[0].Name != "mcp.yaml" || !cl.Tools[0].Document || len(cl.NotCompared) != 0 {
		t.Errorf("entries %+v: want mcp.yaml marked as a document", cl.Tools)
	}
}
