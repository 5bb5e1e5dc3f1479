package diffcheck

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/testrepo"
)

// gitRepo is a repository in a temporary folder (testrepo.Repo).
type gitRepo struct {
	*testrepo.Repo
	dir string
}

func newRepo(t *testing.T) *gitRepo {
	t.Helper()
	r := testrepo.New(t)
	return &gitRepo{Repo: r, dir: r.Dir}
}

func (r *gitRepo) git(args ...string) string  { r.T.Helper(); return r.Git(args...) }
func (r *gitRepo) write(name, content string) { r.T.Helper(); r.Write(name, content) }
func (r *gitRepo) commit(msg string) string   { r.T.Helper(); return r.Commit(msg) }

func TestLoadRevisionAndCompare(t *testing.T) {
	t.Parallel()
	r := newRepo(t)
	r.write("tools/search.json", `{"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}`)
	r.write("tools/gone.json", `{"name": "gone", "inputSchema": {"type": "object"}}`)
	r.write("tools/desc.yaml", "mcpdesc: 0.8.0\nprotocolVersions: [2026-07-28]\ntools:\n  - name: y\n    inputSchema: {type: object}\n")
	r.write("other/skip.json", `{"name": "skip"}`)
	r.write("tools/big.json", `{"name": "big", "inputSchema": {"type": "object", "description": "`+strings.Repeat("x", 400)+`"}}`)
	base := r.commit("base")
	r.write("tools/search.json", `{"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}`)
	if err := os.Remove(filepath.Join(r.dir, "tools", "gone.json")); err != nil {
		t.Fatal(err)
	}
	r.commit("head")

	ctx := context.Background()
	lim := source.Limits{MaxBytes: 300}
	bf, err := load.LoadRevision(ctx, r.dir, base, []string{"tools/**/*.json", "tools/*.yaml"}, lim)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range bf {
		names = append(names, f.Path)
	}
	if got := strings.Join(names, " "); got != "tools/big.json tools/desc.yaml tools/gone.json tools/search.json" {
		t.Fatalf("base files %q", got)
	}
	if !bf[0].Fatal() || bf[0].Problems[0].Kind != source.ProblemTooLarge {
		t.Errorf("big file not refused: %+v", bf[0].Problems)
	}
	if len(bf[1].Tools) != 1 || bf[1].Tools[0].Name != "y" {
		t.Errorf("yaml tools %+v", bf[1].Tools)
	}
	hf, err := load.LoadRevision(ctx, r.dir, "main", []string{"tools/**/*.json", "tools/*.yaml"}, lim)
	if err != nil {
		t.Fatal(err)
	}
	got := Compare(bf, hf, Options{})
	var rules []string
	for _, f := range got {
		rules = append(rules, f.Rule+" "+f.File+"#"+f.Pointer)
	}
	want := []string{
		"compat.file.base-unreadable tools/big.json#",
		"compat.tool.removed tools/gone.json#",
		"compat.input.required-added tools/search.json#/inputSchema/required/0",
	}
	if strings.Join(rules, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(rules, "\n"), strings.Join(want, "\n"))
	}
	for _, f := range got {
		if f.Rule == RuleInputRequiredAdded.ID && f.Witness == nil {
			t.Errorf("no witness: %s", f.Message)
		}
	}
}

func TestLoadRevisionSubdirectory(t *testing.T) {
	t.Parallel()
	r := newRepo(t)
	r.write("server/tools.json", `{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}`)
	r.commit("one")
	files, err := load.LoadRevision(context.Background(), filepath.Join(r.dir, "server"), "HEAD", []string{"*.json"}, source.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "tools.json" || len(files[0].Tools) != 1 {
		t.Fatalf("got %+v", files)
	}
}

func TestLoadRevisionMissing(t *testing.T) {
	t.Parallel()
	r := newRepo(t)
	r.write("a.json", `{"name": "a", "inputSchema": {"type": "object"}}`)
	first := r.commit("one")
	r.git("tag", "v1")
	r.git("branch", "feat")
	r.write("a.json", `{"name": "a", "inputSchema": {"type": "object", "properties": {}}}`)
	r.commit("two")
	r.write("a.json", `{"name": "a", "inputSchema": {"type": "object", "required": []}}`)
	r.commit("three")

	shallow := t.TempDir()
	clone := exec.Command("git", "clone", "-q", "--depth=1", "--no-tags", "file://"+r.dir, shallow)
	if out, err := clone.CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	// each case: the advice names the right command, and running it makes the revision readable.
	for _, c := range []struct{ ref, advice string }{
		{first, "`git fetch --depth=1 origin " + first + "`"},
		{"feat", "`git fetch origin feat:feat`"},
		{"origin/feat", "`git fetch origin feat:refs/remotes/origin/feat`"},
		{"refs/tags/v1", "`git fetch origin tag v1`"},
		{"HEAD~1", "`git fetch --deepen=1 origin`"},
	} {
		_, err := load.LoadRevision(context.Background(), shallow, c.ref, []string{"*.json"}, source.Limits{})
		if !errors.Is(err, load.ErrRevisionMissing) {
			t.Fatalf("%s: got %v, want load.ErrRevisionMissing", c.ref, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, c.advice) || !strings.Contains(msg, "shallow clone") || !strings.Contains(msg, "fetch-depth: 0") {
			t.Errorf("%s: message does not say %s in a shallow clone: %s", c.ref, c.advice, msg)
			continue
		}
		runAdvice(t, shallow, c.advice)
		if _, err := load.LoadRevision(context.Background(), shallow, c.ref, []string{"*.json"}, source.Limits{}); err != nil {
			t.Errorf("%s: still missing after %s: %v", c.ref, c.advice, err)
		}
	}
	// a name that exists nowhere: the advice is conditional, no fetch by sha of a name.
	_, err := load.LoadRevision(context.Background(), shallow, "origin/nonexist", nil, source.Limits{})
	if msg := fmt.Sprint(err); !strings.Contains(msg, "if origin has the branch \"nonexist\"") || strings.Contains(msg, "--depth=1 origin origin/") {
		t.Errorf("origin/nonexist: %s", msg)
	}
	if _, err := load.LoadRevision(context.Background(), shallow, "--upload-pack=x", nil, source.Limits{}); err == nil || errors.Is(err, load.ErrRevisionMissing) {
		t.Errorf("option-like ref accepted: %v", err)
	}
	if _, err := load.LoadRevision(context.Background(), r.dir, "nonexist", nil, source.Limits{}); !strings.Contains(fmt.Sprint(err), `"nonexist" is not in the repository: the repository has no remote`) {
		t.Errorf("no remote: %v", err)
	}
	if _, err := load.LoadRevision(context.Background(), t.TempDir(), "HEAD", nil, source.Limits{}); err == nil || errors.Is(err, load.ErrRevisionMissing) {
		t.Errorf("not a repository: %v", err)
	}
}

// TestLoadRevisionMissingFull: in a complete repository nothing mentions
// shallow clones; a relative revision past the first commit says so, and a
// branch only present as a remote-tracking branch is named.
func TestLoadRevisionMissingFull(t *testing.T) {
	t.Parallel()
	r := newRepo(t)
	r.write("a.json", `{"name": "a", "inputSchema": {"type": "object"}}`)
	r.commit("one")
	r.git("branch", "feat")
	full := t.TempDir()
	if out, err := exec.Command("git", "clone", "-q", "file://"+r.dir, full).CombinedOutput(); err != nil {
		t.Fatalf("clone: %v\n%s", err, out)
	}
	for _, c := range []struct{ ref, want string }{
		{"HEAD~3", `"HEAD" has fewer than 3 generations of history`},
		{"nonexist", "if origin has it, fetch a branch with `git fetch origin nonexist:nonexist` or a tag with `git fetch origin tag nonexist`"},
		{"origin/nonexist", "if origin has the branch \"nonexist\", fetch it with `git fetch origin nonexist`"},
		{"feat", `the remote-tracking branch "origin/feat" exists`},
		{"0123456789abcdef0123456789abcdef01234567", "fetch it with `git fetch origin 0123456789abcdef0123456789abcdef01234567`"},
		{"nonexist~2", `"nonexist" itself is missing`},
	} {
		_, err := load.LoadRevision(context.Background(), full, c.ref, nil, source.Limits{})
		if !errors.Is(err, load.ErrRevisionMissing) {
			t.Fatalf("%s: got %v, want load.ErrRevisionMissing", c.ref, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) || strings.Contains(msg, "shallow") || strings.Contains(msg, "--deepen") {
			t.Errorf("%s: want %q and no shallow advice, got: %s", c.ref, c.want, msg)
		}
	}
}

// runAdvice runs the git command quoted in backquotes in dir.
func runAdvice(t *testing.T, dir, quoted string) {
	t.Helper()
	args := strings.Fields(strings.Trim(quoted, "`"))
	cmd := exec.Command(args[0], append([]string{"-C", dir}, args[1:]...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", quoted, err, out)
	}
}
