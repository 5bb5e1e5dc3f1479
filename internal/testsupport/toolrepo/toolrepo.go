// Package toolrepo holds what the application service's, the CLI's and
// the action's tests share: git run in a folder with a fixed identity and
// clock (so commits are reproducible), commits of tool files, and
// generated tools/list results.
package toolrepo

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Git runs git in dir with a fixed identity and clock, so commits are reproducible.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_AUTHOR_DATE=2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE=2026-01-01T00:00:00Z",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// Commit writes files (slash-separated names) into dir, commits every
// change and returns the commit id.
func Commit(t testing.TB, dir, msg string, files map[string]string) string {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	Git(t, dir, "add", "-A")
	Git(t, dir, "commit", "-q", "--allow-empty", "-m", msg)
	return Git(t, dir, "rev-parse", "HEAD")
}

// ToolsJSON is a tools/list result with n tools; the first bad ones have an
// invalid "type" (an error each), the next warn ones lack a root type.
func ToolsJSON(n, bad, warn int) string { return ToolsJSONBreaking(n, bad, warn, false) }

// ToolsJSONBreaking is ToolsJSON whose last tool, when breaking, requires its
// property (a breaking change against ToolsJSON).
func ToolsJSONBreaking(n, bad, warn int, breaking bool) string {
	var tools []string
	for i := 0; i < n; i++ {
		schema := `{"type": "object", "properties": {"q": {"type": "string"}}}`
		switch {
		case breaking && i == n-1:
			schema = `{"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}`
		case i < bad:
			schema = `{"type": "object", "properties": {"q": {"type": 5}}}`
		case i < bad+warn:
			schema = `{"properties": {"q": {"type": "string"}}}`
		}
		tools = append(tools, fmt.Sprintf("    {\n      \"name\": \"tool_%d\",\n      \"inputSchema\": %s\n    }", i, schema))
	}
	return "{\n  \"tools\": [\n" + strings.Join(tools, ",\n") + "\n  ]\n}\n"
}
