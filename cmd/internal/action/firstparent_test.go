package action

import (
	"context"
	"testing"
)

// TestFirstParentRefusesNonSHA: the commit whose parent the skip label
// checks comes from the event payload; a value that is not a commit id (an
// option, a revision expression) is refused before it reaches git.
func TestFirstParentRefusesNonSHA(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	first := actCommit(t, repo, "first", map[string]string{"a.json": "{}"})
	second := actCommit(t, repo, "second", map[string]string{"a.json": "[]"})
	if p, err := firstParent(context.Background(), repo, second); err != nil || p != first {
		t.Fatalf("firstParent(second) = %q, %v; want %q", p, err, first)
	}
	for _, bad := range []string{"--batch", "-p", "HEAD", "main", second + "^", ""} {
		if p, err := firstParent(context.Background(), repo, bad); err == nil {
			t.Errorf("firstParent(%q) = %q, want an error", bad, p)
		}
	}
}
