package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// secretConfig stands for a checkout's .git/config, which holds the token
// actions/checkout persists (an extraheader).
const secretConfig = "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n"

// gitDirTree is a working tree whose .git/config holds a secret, with tool
// files that are links into .git (directly, through a chain, and into a
// submodule's .git) beside an ordinary tool file.
func gitDirTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for p, body := range map[string]string{".git/config": secretConfig, "sub/.git/config": secretConfig, "sub/.GIT/HEAD": secretConfig,
		"tools/ok.json": `{"name": "ok", "inputSchema": {"type": "object"}}`} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, to := range map[string]string{"tools/config.json": "../.git/config", "tools/chain.json": "hop.json", "tools/hop.json": "../.git/config",
		"tools/sub.json": "../sub/.git/config", "tools/upper.json": "../sub/.GIT/HEAD", "tools/dotgit.json": "../.git"} {
		if err := os.Symlink(to, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestNothingUnderGitIsRead is issue 19 item 10 (c): a tool file that is a
// symbolic link into a .git directory (the repository's, a submodule's, in
// any letter case, directly or through a chain) is never followed, and no
// pattern reads a file under .git, even one naming it.
func TestNothingUnderGitIsRead(t *testing.T) {
	dir := gitDirTree(t)
	m, err := NewMatcher([]string{"tools/*.json"})
	if err != nil {
		t.Fatal(err)
	}
	exp, err := Expand(dir, m)
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	for _, f := range exp.Files {
		data, file := ReadWorkBytes(f, source.Limits{})
		if strings.Contains(string(data), "extraheader") {
			t.Errorf("%s: the link into .git was followed and read", f.Display)
		}
		if f.Display == "tools/ok.json" {
			read++
			continue
		}
		if file == nil || !strings.Contains(f.Problem, ".git") {
			t.Errorf("%s: problem %q, want one that says .git is never read", f.Display, f.Problem)
		}
	}
	if read != 1 {
		t.Errorf("tools/ok.json was not read: %+v", exp.Files)
	}
	for _, pat := range []string{".git/config", ".git/**", "sub/.git/config", "**/.git/*", "sub/.GIT/HEAD", ".git"} {
		m, err := NewMatcher([]string{pat})
		if err != nil {
			t.Fatal(err)
		}
		exp, err := Expand(dir, m)
		if err == nil {
			for _, f := range exp.Files {
				if data, _ := ReadWorkBytes(f, source.Limits{}); strings.Contains(string(data), "extraheader") {
					t.Errorf("pattern %q reads %s under .git", pat, f.Display)
				}
			}
		}
	}
}

// TestRevisionLinkIntoGit: a committed link into .git resolves to the
// same problem in a revision's tree (which has no .git of its own).
func TestRevisionLinkIntoGit(t *testing.T) {
	tree := mapTree{"tools/x.json": "../.git/config"}
	if _, problem := source.ResolveLink(tree, "tools/x.json"); problem != source.LinkIntoGit {
		t.Errorf("problem %q, want %q", problem, source.LinkIntoGit)
	}
}

// mapTree is a tree of links only.
type mapTree map[string]string

func (m mapTree) Kind(p string) source.EntryKind {
	if _, ok := m[p]; ok {
		return source.EntryLink
	}
	return source.EntryMissing
}

func (m mapTree) Readlink(p string) (string, error) { return m[p], nil }
