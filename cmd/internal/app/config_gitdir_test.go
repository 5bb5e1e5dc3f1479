package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigLinkIntoGitIsNotRead is issue 19 item 10 (c) for the config: a
// .mcpschema.yaml that is a symbolic link into .git (whose config holds the
// checkout's credentials) is not read, and its content reaches no message.
func TestConfigLinkIntoGitIsNotRead(t *testing.T) {
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actGit(t, repo, "config", "http.https://github.com/.extraheader", "AUTHORIZATION: basic c2VjcmV0")
	if err := os.MkdirAll(filepath.Join(repo, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "tools/a.json"), []byte(goodTool), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ link, target string }{{DefaultConfigName, ".git/config"}, {"conf/mcp.yaml", "../.git/config"}} {
		os.MkdirAll(filepath.Join(repo, filepath.Dir(c.link)), 0o755)
		if err := os.Symlink(c.target, filepath.Join(repo, c.link)); err != nil {
			t.Fatal(err)
		}
		args := []string{"check", "tools/*.json"}
		if c.link != DefaultConfigName {
			args = []string{"check", "--config", c.link, "tools/*.json"}
		}
		code, out, errOut := runMain(t, repo, args...)
		if code != ExitUsage || !strings.Contains(errOut, ".git") || strings.Contains(out+errOut, "tab") || strings.Contains(out+errOut, "extraheader") {
			t.Errorf("%s -> %s: exit %d, want 2 saying the link into .git is not read\n%s%s", c.link, c.target, code, out, errOut)
		}
		os.Remove(filepath.Join(repo, c.link))
	}
	if code, out, errOut := runMain(t, repo, "check", "--config", ".git/config", "tools/*.json"); code != ExitUsage || strings.Contains(out+errOut, "tab") {
		t.Errorf("--config .git/config: exit %d\n%s%s", code, out, errOut)
	}
}
