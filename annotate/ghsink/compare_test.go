package ghsink

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

func cmpGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func TestMergeBaseThroughCompare(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	cmpGit(t, dir, "init", "-q", "-b", "main")
	commit := func(msg string) string {
		if err := os.WriteFile(filepath.Join(dir, "f"), []byte(msg), 0o644); err != nil {
			t.Fatal(err)
		}
		cmpGit(t, dir, "add", "-A")
		cmpGit(t, dir, "commit", "-q", "-m", msg)
		return cmpGit(t, dir, "rev-parse", "HEAD")
	}
	point := commit("point")
	base := commit("main moves on")
	cmpGit(t, dir, "checkout", "-q", "-b", "feature", point)
	head := commit("feature")
	cmpGit(t, dir, "checkout", "-q", "--orphan", "other")
	other := commit("unrelated")

	h := newHarness(t, roToken) // reading needs no write access
	h.srv.GitDir = dir
	ctx := context.Background()
	if got, err := h.client.MergeBase(ctx, "acme", "tools", base, head); err != nil || got != point {
		t.Errorf("merge base %q, %v: want %s", got, err, point)
	}
	reqs := h.srv.Requests()
	if len(reqs) != 1 || reqs[0].Path != "/repos/acme/tools/compare/"+base+"..."+head {
		t.Errorf("requests %+v", reqs)
	}
	if _, err := h.client.MergeBase(ctx, "acme", "tools", base, other); err == nil || !strings.Contains(err.Error(), "No common ancestor") {
		t.Errorf("unrelated histories: %v", err)
	}
	h.srv.AddFault(ghfake.Fault{Method: "GET", Status: 200, Times: 1, Body: `{"merge_base_commit": {"sha": "--upload-pack=x"}}`})
	if _, err := h.client.MergeBase(ctx, "acme", "tools", base, head); err == nil || !strings.Contains(err.Error(), "no merge base commit") {
		t.Errorf("a merge base that is not a sha: %v", err)
	}
	if strings.Contains(h.log.String(), roToken) {
		t.Errorf("the log has the token")
	}
}
