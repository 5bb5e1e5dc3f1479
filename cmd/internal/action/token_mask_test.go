package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionCompareErrorEchoingTheTokenIsMasked: an API
// error body that echoes the token, from the compare endpoint asked for
// the merge base, reached the report's notes unmasked: in the JSON report,
// the SARIF file and the check run's text. Every text the run writes or
// posts is checked.
func TestActionCompareErrorEchoingTheTokenIsMasked(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := behindRepo(t)
	work := shallowClone(t, r.Origin, "pr-merge")
	srv := ghfake.New(actToken)
	srv.GitDir = r.Origin
	defer srv.Close()
	srv.AddFault(ghfake.Fault{Method: "GET", PathSuffix: "..." + r.Head, Status: 422,
		Body: `{"message":"bad credentials: ` + actToken + `"}`})
	e := newActEnv(t, work, srv.URL, "pull_request", prEvent(5, r.Head, r.Base), r.Merge)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	e.assertNoToken(work)
	for _, cr := range srv.CheckRuns() {
		for _, s := range []string{cr.Title, cr.Summary, cr.Text} {
			if strings.Contains(s, actToken) {
				t.Errorf("the token appears in the check run:\n%s", s)
			}
		}
	}
	notes := strings.Join(readReport(t, e.outputs()["report"]).Notes, "\n")
	if !strings.Contains(notes, "the merge base was not found through the github api (") {
		t.Errorf("notes do not say the compare api failed:\n%s", notes)
	}
}
