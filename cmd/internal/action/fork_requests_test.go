package action

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// forkPREvent is a pull_request event whose head is a fork's branch.
func forkPREvent(number int, head, base string) string {
	return fmt.Sprintf(`{"number": %d, "pull_request": {"number": %d, "head": {"sha": %q, "repo": {"full_name": "mallory/tools"}}, "base": {"sha": %q, "repo": {"full_name": "acme/tools"}}}}`,
		number, number, head, base)
}

// TestActionForkSendsNoDoomedRequest: on a pull request
// from a fork, the job's token is read-only; after the first write GitHub
// refuses (the check run, 403) the action sends no other write, nor GET
// /user, nor the comment's reads: one refused request in all, and every
// finding still reaches the workflow annotations and the job summary.
func TestActionForkSendsNoDoomedRequest(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New("ghs_other")
	srv.ReadOnlyToken = actToken
	srv.GitDir = repo
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", forkPREvent(9, head, base), merge)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	reqs := srv.Requests()
	var refused []string
	for _, r := range reqs {
		if r.Status >= 400 {
			refused = append(refused, fmt.Sprintf("%s %s -> %d", r.Method, r.Path, r.Status))
		}
		if r.Path == "/user" || strings.Contains(r.Path, "/comments") {
			t.Errorf("sent %s %s: the read-only token cannot write the comment", r.Method, r.Path)
		}
	}
	if len(refused) != 1 || refused[0] != "POST /repos/acme/tools/check-runs -> 403" {
		t.Errorf("refused requests %q, want only the check run's POST", refused)
	}
	out := e.out.String()
	if !strings.Contains(out, "::notice title=mcpschema::the pull request comment is skipped: the token cannot write to pull requests, as the check run's 403") {
		t.Errorf("stdout does not say why the comment is skipped:\n%s", out)
	}
	if !strings.Contains(out, "\n::error file=") || !strings.Contains(e.file("summary.md"), "could not be created") {
		t.Errorf("the findings did not reach the annotations and the job summary")
	}
}

// TestActionSameRepoKeepsWritingAfterA403: a same-repository pull request
// whose workflow lacks `checks: write` still gets its comment: a 403 there
// names one missing permission, not a read-only token.
func TestActionSameRepoKeepsWritingAfterA403(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	srv.AddFault(ghfake.Fault{Method: "POST", PathSuffix: "/check-runs", Status: 403,
		Body: `{"message":"Resource not accessible by integration"}`})
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(9, head, base), merge)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	if n := len(srv.Comments()); n != 1 {
		t.Fatalf("%d comments, want 1", n)
	}
	for _, r := range srv.Requests() {
		if r.Path == "/user" {
			t.Errorf("sent GET /user, which the job's token is refused")
		}
	}
}
