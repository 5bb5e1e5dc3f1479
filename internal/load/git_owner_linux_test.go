//go:build linux

package load

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// runnerUID is the runner user of GitHub-hosted runners, who owns the
// checkout a Docker action (running as root) is given.
const runnerUID = 1001

// TestEnsureRevisionAsWorkspaceOwner: the Docker action runs as root on a
// checkout owned by the runner user. Fetching a missing base commit into a
// shallow checkout must leave nothing under .git that the runner user cannot
// write (a root-owned FETCH_HEAD or objects/xx/ made a later `git fetch` in
// the job fail with "Permission denied"), and no FETCH_HEAD is written.
func TestEnsureRevisionAsWorkspaceOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: it checks what git run by root leaves in another user's checkout")
	}
	top, err := os.MkdirTemp("", "owner-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(top) })
	if err := os.Chmod(top, 0o755); err != nil {
		t.Fatal(err)
	}
	// As the image's `git config --system --add safe.directory '*'` does.
	global := filepath.Join(top, "gitconfig")
	if err := os.WriteFile(global, []byte("[safe]\n\tdirectory = *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	origin := filepath.Join(top, "origin")
	if err := os.Mkdir(origin, 0o755); err != nil {
		t.Fatal(err)
	}
	gitRun(t, origin, "", "init", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(origin, "a.json"), []byte(`{"tools":[]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, origin, "", "add", "a.json")
	gitRun(t, origin, "", "commit", "-q", "-m", "base")
	base := gitRun(t, origin, "", "rev-parse", "HEAD")
	if err := os.WriteFile(filepath.Join(origin, "a.json"), []byte(`{"tools":[{"name":"x"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, origin, "", "commit", "-q", "-am", "head")
	gitRun(t, origin, "", "config", "uploadpack.allowAnySHA1InWant", "true")

	ws := filepath.Join(top, "ws")
	gitRun(t, top, "", "clone", "-q", "--depth=1", "file://"+origin, ws)
	if err := filepath.WalkDir(ws, func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, runnerUID, runnerUID)
	}); err != nil {
		t.Fatal(err)
	}

	got, err := EnsureRevision(context.Background(), ws, "base", base)
	if err != nil || got != base {
		t.Fatalf("EnsureRevision = %q, %v; want %s", got, err, base)
	}
	var notOwned []string
	filepath.WalkDir(filepath.Join(ws, ".git"), func(p string, _ fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		st, err := os.Lstat(p)
		if err == nil && st.Sys().(*syscall.Stat_t).Uid != runnerUID {
			rel, _ := filepath.Rel(ws, p)
			notOwned = append(notOwned, rel)
		}
		return nil
	})
	if len(notOwned) > 0 {
		t.Errorf("after the fetch, not owned by the workspace owner (uid %d): %s", runnerUID, strings.Join(notOwned, ", "))
	}
	if _, err := os.Lstat(filepath.Join(ws, ".git", "FETCH_HEAD")); err == nil {
		t.Errorf(".git/FETCH_HEAD written: fetch with --no-write-fetch-head")
	}

	// A later step of the job, as the runner user.
	cmd := exec.Command("git", "-C", ws, "fetch", "-q", "--depth=1", "origin", "main")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: runnerUID, Gid: runnerUID}}
	cmd.Env = append(os.Environ(), "HOME="+top)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("git fetch as uid %d afterwards: %v: %s", runnerUID, err, out)
	}
}

// TestEnsureRevisionOwnerCannotReach: a checkout owned by another user
// below a directory that user cannot enter (root's 0700 home) is read as
// root, as before: git as its owner could not even change into it.
func TestEnsureRevisionOwnerCannotReach(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	top := t.TempDir() // 0700, root's
	gitRun(t, top, "", "init", "-q", "-b", "main", "ws")
	ws := filepath.Join(top, "ws")
	if err := os.WriteFile(filepath.Join(ws, "a.json"), []byte(`{}`), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, ws, "", "add", "a.json")
	gitRun(t, ws, "", "commit", "-q", "-m", "one")
	head := gitRun(t, ws, "", "rev-parse", "HEAD")
	global := filepath.Join(top, "gitconfig")
	if err := os.WriteFile(global, []byte("[safe]\n\tdirectory = *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	if err := os.Chmod(top, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(ws, runnerUID, runnerUID); err != nil {
		t.Fatal(err)
	}
	if got, err := EnsureRevision(context.Background(), ws, "head", head); err != nil || got != head {
		t.Fatalf("EnsureRevision = %q, %v; want %s", got, err, head)
	}
}
