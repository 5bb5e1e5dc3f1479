package service

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestFailOnIncomplete: a change that cannot be judged fails the run by
// default (issue 19 item 1: an error, the report incomplete); a config
// that turns the rule down to a warning restores the old behaviour, which
// fail-on incomplete (flag, config) still fails.
func TestFailOnIncomplete(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	dir := t.TempDir()
	actGit(t, dir, "init", "-q")
	// validation alone leaves this file complete; the diff cannot judge the
	// $dynamicRef whose target changed.
	tool := func(typ string) string {
		return `{"name": "t", "inputSchema": {"type": "object", "$defs": {"n": {"$dynamicAnchor": "node", "type": "` + typ +
			`"}}, "properties": {"a": {"$dynamicRef": "#node"}}}}`
	}
	actCommit(t, dir, "base", map[string]string{"tools/t.json": tool("string")})
	code, _, _ := runCheck(t, dir, "--fail-on", "incomplete", "tools/t.json")
	if code != exitOK {
		t.Fatalf("--fail-on incomplete without a diff: exit %d", code)
	}
	if err := os.WriteFile(filepath.Join(dir, "tools/t.json"), []byte(tool("integer")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCheck(t, dir, "--base", "HEAD", "tools/t.json")
	if code != exitFindings || !strings.Contains(out, "cannot be judged offline") {
		t.Fatalf("fail-on error with an undecidable change: exit %d, want %d\n%s%s", code, exitFindings, out, errOut)
	}
	// the old behaviour, from the config: the rule a warning.
	oldWay := "rules:\n  compat.input.undecidable: warning\n  compat.output.undecidable: warning\n"
	if err := os.WriteFile(filepath.Join(dir, ".mcpschema.yaml"), []byte(oldWay), 0o644); err != nil {
		t.Fatal(err)
	}
	actGit(t, dir, "add", ".mcpschema.yaml")
	actGit(t, dir, "commit", "-q", "-m", "config")
	code, out, errOut = runCheck(t, dir, "--base", "HEAD~1", "tools/t.json")
	if code != exitOK {
		t.Fatalf("undecidable turned down to a warning: exit %d, want %d\n%s%s", code, exitOK, out, errOut)
	}
	code, out, errOut = runCheck(t, dir, "--base", "HEAD~1", "--fail-on", "incomplete", "tools/t.json")
	if code != exitFindings {
		t.Errorf("--fail-on incomplete: exit %d, want %d\n%s%s", code, exitFindings, out, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, ".mcpschema.yaml"), []byte(oldWay+"fail-on: incomplete\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCheck(t, dir, "--base", "HEAD~1", "tools/t.json")
	if code != exitFindings {
		t.Errorf("config fail-on: incomplete: exit %d, want %d\n%s%s", code, exitFindings, out, errOut)
	}
	code, _, _ = runCheck(t, dir, "--base", "HEAD~1", "--fail-on", "error", "tools/t.json")
	if code != exitOK {
		t.Errorf("--fail-on error over config incomplete: exit %d, want %d", code, exitOK)
	}
}
