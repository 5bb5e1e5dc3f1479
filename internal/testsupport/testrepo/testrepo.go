// Package testrepo makes throwaway git repositories for tests: a
// repository in a temporary folder, run with no global or system git
// configuration.
package testrepo

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Repo is a git repository in a temporary folder.
type Repo struct {
	T   testing.TB
	Dir string
}

// New makes an empty repository on branch main (it skips the test when
// git is not installed).
func New(t testing.TB) *Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := &Repo{T: t, Dir: t.TempDir()}
	r.Git("init", "-q", "-b", "main")
	r.Git("config", "user.email", "t@example.com")
	r.Git("config", "user.name", "t")
	r.Git("config", "commit.gpgsign", "false")
	return r
}

// Git runs git in the repository and returns its trimmed output; a
// failure fails the test.
func (r *Repo) Git(args ...string) string {
	r.T.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.Dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.T.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// Write writes a file of the working tree (name is slash-separated),
// making its folders.
func (r *Repo) Write(name, content string) {
	r.T.Helper()
	p := filepath.Join(r.Dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.T.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.T.Fatal(err)
	}
}

// Commit commits every change of the working tree and returns the commit id.
func (r *Repo) Commit(msg string) string {
	r.T.Helper()
	r.Git("add", "-A")
	r.Git("commit", "-q", "-m", msg)
	return r.Git("rev-parse", "HEAD")
}
