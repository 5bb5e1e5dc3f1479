package service

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestRevisionTreesReadOnce: the files of a revision, which every unmatched
// pattern with excludes looks at again, are listed by git once per run: a
// second ask is answered without git (here the repository is gone by then).
func TestRevisionTreesReadOnce(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "one", map[string]string{"tools/a.json": "{}", "tools/b.json": "{}"})
	tree := revisionTrees(repo)
	want := []string{"tools/a.json", "tools/b.json"}
	if got := tree(sha); !reflect.DeepEqual(got, want) {
		t.Fatalf("tree(%s) = %q, want %q", sha, got, want)
	}
	if err := os.RemoveAll(filepath.Join(repo, ".git")); err != nil {
		t.Fatal(err)
	}
	if got := tree(sha); !reflect.DeepEqual(got, want) {
		t.Fatalf("second tree(%s) = %q, want %q without running git again", sha, got, want)
	}
}
