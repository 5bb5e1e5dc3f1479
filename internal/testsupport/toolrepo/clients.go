package toolrepo

import (
	"fmt"
	"testing"
)

// ClientTool is a tool whose inputSchema has the optional property
// "StartTime<" when bad is set: not a breaking change, but a key the
// Anthropic Messages API rejects.
func ClientTool(name string, bad bool) string {
	extra := ""
	if bad {
		extra = `, "StartTime<": {"type": "string"}`
	}
	return fmt.Sprintf(`{"name": %q, "description": "d", "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}%s}}}`, name, extra)
}

// ClientRepo commits a base (tagged "base", with baseFiles besides
// tools.json) where legacy_search already has a key the Messages API
// rejects and a head where create_issue gets one too.
func ClientRepo(t testing.TB, baseFiles map[string]string) string {
	t.Helper()
	repo := t.TempDir()
	Git(t, repo, "init", "-q", "-b", "main")
	files := map[string]string{"tools.json": `{"tools": [` + ClientTool("create_issue", false) + `, ` + ClientTool("legacy_search", true) + `]}`}
	for k, v := range baseFiles {
		files[k] = v
	}
	Commit(t, repo, "base", files)
	Git(t, repo, "tag", "base")
	Commit(t, repo, "head", map[string]string{"tools.json": `{"tools": [` + ClientTool("create_issue", true) + `, ` + ClientTool("legacy_search", true) + `]}`})
	return repo
}
