package service

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigLinkIntoGitIsNotRead: a config that is a symbolic link into
// .git (whose config holds the checkout's credentials) is not read, and its
// content reaches no message.
func TestConfigLinkIntoGitIsNotRead(t *testing.T) {
	t.Parallel()
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
		o := RunOptions{Dir: repo, Patterns: []string{"tools/*.json"}}
		if c.link != DefaultConfigName {
			o.ConfigPath = c.link
		}
		code, _, errOut := checkOpts(t, o)
		if code != exitUsage || !strings.Contains(errOut, ".git") || strings.Contains(errOut, "tab") || strings.Contains(errOut, "extraheader") {
			t.Errorf("%s -> %s: exit %d, want 2 saying the link into .git is not read\n%s", c.link, c.target, code, errOut)
		}
		os.Remove(filepath.Join(repo, c.link))
	}
	if code, _, errOut := checkOpts(t, RunOptions{Dir: repo, ConfigPath: ".git/config", Patterns: []string{"tools/*.json"}}); code != exitUsage || strings.Contains(errOut, "tab") {
		t.Errorf("--config .git/config: exit %d\n%s", code, errOut)
	}
}

// TestConfigLinkOutsideWorkspaceIsNotRead: a committed .mcpschema.yaml (or
// a --config named relative to the workspace) that is a symbolic link
// leaving the workspace is refused, not read and quoted in errors; a link
// inside the workspace and an absolute --config the user names still work.
func TestConfigLinkOutsideWorkspaceIsNotRead(t *testing.T) {
	t.Parallel()
	repo, outside := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(repo, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(repo, "tools/a.json"), []byte(goodTool), 0o644); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(outside, "runner-secrets.yaml")
	if err := os.WriteFile(secret, []byte("SECRET_NAME_XYZ: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ link, target string }{{DefaultConfigName, secret}, {"conf/mcp.yaml", secret}} {
		os.MkdirAll(filepath.Join(repo, filepath.Dir(c.link)), 0o755)
		if err := os.Symlink(c.target, filepath.Join(repo, c.link)); err != nil {
			t.Fatal(err)
		}
		o := RunOptions{Dir: repo, Patterns: []string{"tools/*.json"}}
		if c.link != DefaultConfigName {
			o.ConfigPath = c.link
		}
		code, _, errOut := checkOpts(t, o)
		if code != exitUsage || !strings.Contains(errOut, "leaves the workspace") || strings.Contains(errOut, "SECRET_NAME_XYZ") {
			t.Errorf("%s -> %s: exit %d, want 2 saying the link is not followed\n%s", c.link, c.target, code, errOut)
		}
		os.Remove(filepath.Join(repo, c.link))
	}
	// a link inside the workspace is read
	if err := os.WriteFile(filepath.Join(repo, "real.yaml"), []byte("fail-on: error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.yaml", filepath.Join(repo, DefaultConfigName)); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := checkRun(t, repo, "tools/*.json"); code != exitOK {
		t.Errorf("link inside the workspace: exit %d\n%s", code, errOut)
	}
	// an absolute --config is the user's own choice
	good := filepath.Join(outside, "mine.yaml")
	if err := os.WriteFile(good, []byte("fail-on: error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := checkOpts(t, RunOptions{Dir: repo, ConfigPath: good, Patterns: []string{"tools/*.json"}}); code != exitOK {
		t.Errorf("absolute --config: exit %d\n%s", code, errOut)
	}
}
