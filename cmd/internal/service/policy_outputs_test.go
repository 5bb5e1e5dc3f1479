package service

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestStrictOutputs: an output enum value added is a warning by default,
// also with its confirmed witness; --strict-outputs and strict-outputs:
// true in the config make it an error.
func TestStrictOutputs(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	tool := func(enum string) string {
		return `{"name": "t", "description": "d", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"s": {"type": "string", "enum": [` + enum + `]}}}}`
	}
	actCommit(t, repo, "base", map[string]string{"t.json": tool(`"open"`)})
	actGit(t, repo, "tag", "base")
	if err := os.WriteFile(filepath.Join(repo, "t.json"), []byte(tool(`"open", "merged"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCheck(t, repo, "--base", "base", "t.json")
	if code != exitOK || !strings.Contains(out, "warning: ") || !strings.Contains(out, "compat.output.enum-value-added") {
		t.Errorf("default: exit %d, want a warning:\n%s", code, out)
	}
	code, out, _ = runCheck(t, repo, "--base", "base", "--strict-outputs", "t.json")
	if code != exitFindings || !strings.Contains(out, "error: ") {
		t.Errorf("--strict-outputs: exit %d, want an error:\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(repo, ".mcpschema.yaml"), []byte("strict-outputs: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ = runCheck(t, repo, "--base", "base", "t.json"); code != exitFindings {
		t.Errorf("strict-outputs: true: exit %d, want %d:\n%s", code, exitFindings, out)
	}
}
