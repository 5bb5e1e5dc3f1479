package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// TestActionPullRequestConfigScope is the same through the action, whose
// head files are read from the merge commit.
func TestActionPullRequestConfigScope(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("slow (one of the four slowest tests): runs without -short, as CI does")
	}
	for name, c := range scopeCases {
		t.Run(name, func(t *testing.T) {
			repo, base, head, merge := scopeRepo(t, c)
			srv := ghfake.New(actToken)
			defer srv.Close()
			e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
			e.vars["INPUT_FILES"] = ""
			e.vars["INPUT_FAIL-ON"] = ""
			if code := e.run(); code != cmdenv.ExitFindings {
				t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
			}
			rep := readReport(t, e.outputs()["report"])
			checkScope(t, c, rep.ConfigChange)
			sum := e.file("summary.md")
			want := []string{"applies after merge"}
			if len(c.hidden) > 0 {
				want = append(want, "It would hide")
			}
			if len(c.paired) > 0 {
				want = append(want, "It would reclassify (paired by the alias) (1):", "`compat.tool.removed`")
			}
			if len(c.unknown) > 0 {
				want = append(want, "What this run cannot tell:")
			}
			for _, w := range want {
				if !strings.Contains(sum, w) {
					t.Errorf("summary lacks %q:\n%s", w, sum)
				}
			}
		})
	}
}
