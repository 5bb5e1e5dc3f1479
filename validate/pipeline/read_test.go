package pipeline

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/validate/load"
	"github.com/mcpschema/mcpschema/validate/source"
)

type repo struct {
	t   *testing.T
	dir string
}

func newRepo(t *testing.T) *repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := &repo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	r.git("config", "user.email", "t@example.com")
	r.git("config", "user.name", "t")
	r.git("config", "commit.gpgsign", "false")
	return r
}

func (r *repo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.dir}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (r *repo) write(name, content string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// TestReadPathUnchanged: a working file whose bytes equal its base blob
// is not read from git and not judged; any byte changed (here line ends)
// makes it a changed file.
func TestReadPathUnchanged(t *testing.T) {
	r := newRepo(t)
	content := "{\"tools\": [{\"name\": \"x\", \"inputSchema\": {\"type\": \"object\"}}]}\n"
	r.write("a.json", content)
	r.git("add", "-A")
	r.git("commit", "-q", "-m", "base")
	rev, err := load.ListRevision(context.Background(), r.dir, "HEAD", []string{"*.json"})
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := load.OpenBlobReader(context.Background(), r.dir)
	if err != nil {
		t.Fatal(err)
	}
	defer blobs.Close()
	b := rev.Blobs()[0]
	m := load.WorkFile{Abs: filepath.Join(r.dir, "a.json"), Display: "a.json"}
	lim := source.DefaultLimits
	job, err := readPath(&basePath{path: "a.json", base: &b, head: &m}, blobs, lim)
	if err != nil || !job.unchanged || job.baseData != nil {
		t.Errorf("same bytes: unchanged %v, base read %v, err %v", job.unchanged, job.baseData != nil, err)
	}
	r.write("a.json", strings.ReplaceAll(content, "\n", "\r\n"))
	job, err = readPath(&basePath{path: "a.json", base: &b, head: &m}, blobs, lim)
	if err != nil || job.unchanged || string(job.baseData) != content {
		t.Errorf("CRLF: unchanged %v, base %q, err %v", job.unchanged, job.baseData, err)
	}
}
