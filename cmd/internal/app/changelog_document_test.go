package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestChangelogDocumentChangesAreNotTools: a change to the rest of an MCP
// Description document (a prompt) is listed under the document's path, and
// is not counted as a tool: the headline counts tools and documents apart,
// and the JSON entry says it is a document, so that scripts reading
// tools[].name do not take a path for a tool name.
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

	code, out, errOut := runMain(t, repo, "changelog", "--base", "v1", "mcp.yaml")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "\n1 document changed: ") || strings.Contains(out, "1 tool changed") || !strings.Contains(out, "### `mcp.yaml`") {
		t.Errorf("changelog counts the document as a tool:\n%s", out)
	}
	code, out, _ = runMain(t, repo, "changelog", "--format", "json", "--base", "v1", "mcp.yaml")
	var cl struct {
		Tools []struct {
			Name     string `json:"name"`
			Document bool   `json:"document"`
		} `json:"tools"`
	}
	if err := json.Unmarshal([]byte(out), &cl); err != nil || code != ExitOK {
		t.Fatalf("exit %d, %v", code, err)
	}
	if len(cl.Tools) != 1 || cl.Tools[0].Name != "mcp.yaml" || !cl.Tools[0].Document {
		t.Errorf("entries %+v: want mcp.yaml marked as a document", cl.Tools)
	}
}
