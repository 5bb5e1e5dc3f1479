package load

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// gitRun runs git in dir for a test, failing it on error.
func gitRun(t *testing.T, dir, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t.invalid", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t.invalid")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestRevisionLinkTargetBounded: a symbolic link of a revision whose blob
// is longer than any path (a pull request can commit one of any size) is
// not read; it leads nowhere. Links that chain resolve as before.
func TestRevisionLinkTargetBounded(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	gitRun(t, dir, "", "init", "-q")
	if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte(`{"name":"a","inputSchema":{"type":"object"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	gitRun(t, dir, "", "add", "a.json")
	for _, l := range [][2]string{{"b.json", "a.json"}, {"c.json", "b.json"}, {"huge.json", strings.Repeat("x/", maxLinkBytes) + "a.json"}} {
		oid := gitRun(t, dir, l[1], "hash-object", "-w", "--stdin")
		gitRun(t, dir, "", "update-index", "--add", "--cacheinfo", "120000,"+oid+","+l[0])
	}
	gitRun(t, dir, "", "commit", "-q", "-m", "links")

	tree := &gitTree{ctx: context.Background(), dir: dir, entries: indexTree([]byte(gitRun(t, dir, "", "ls-tree", "-r", "-t", "-l", "-z", "HEAD")))}
	defer tree.close()
	if _, err := tree.Readlink("huge.json"); err == nil {
		t.Errorf("Readlink(huge.json) read a %d-byte target; want an error", tree.entries["huge.json"].size)
	}
	if to, err := tree.Readlink("c.json"); err != nil || to != "b.json" {
		t.Errorf("Readlink(c.json) = %q, %v; want \"b.json\"", to, err)
	}

	rev, err := ListRevision(context.Background(), dir, "HEAD", []string{"*.json"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range rev.Blobs() {
		got = append(got, b.Path)
	}
	if strings.Join(got, " ") != "a.json b.json c.json" {
		t.Errorf("blobs = %v; want a.json b.json c.json", got)
	}
	if p := rev.Problems(); len(p) != 1 || p[0].Path != "huge.json" || p[0].Problems[0].Message != source.LinkNowhere {
		t.Errorf("problems = %+v; want huge.json: %s", p, source.LinkNowhere)
	}
}
