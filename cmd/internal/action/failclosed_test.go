package action

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// assertFailedClosed checks that a run that could not do what it was asked
// failed the step (exit 2), said why in the log, on stderr and in the job
// summary, and, when the token allows, posted a failed check run on
// wantSHA with the reason. It never posts success.
func assertFailedClosed(t *testing.T, e *actEnv, code int, srv *ghfake.Server, wantSHA, reason string) {
	t.Helper()
	if code != cmdenv.ExitUsage {
		t.Fatalf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	if !strings.Contains(e.err.String(), reason) || !strings.Contains(e.out.String(), "::error::mcpschema: ") {
		t.Errorf("stderr %q and stdout %q: want the error command and %q", e.err.String(), e.out.String(), reason)
	}
	if s := e.file("summary.md"); !strings.Contains(s, "## ❌ mcpschema could not run") || !strings.Contains(s, reason) {
		t.Errorf("job summary:\n%s", s)
	}
	if srv == nil {
		return
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 {
		t.Fatalf("%d check runs, want one failed check run", len(runs))
	}
	cr := runs[0]
	if cr.Conclusion != "failure" || cr.Status != "completed" || cr.HeadSHA != wantSHA || !strings.Contains(cr.Summary, reason) || cr.Title != "mcpschema could not run" {
		t.Errorf("check run %+v: want completed, failure, on %s, with %q", cr, wantSHA, reason)
	}
	if want := "https://github.example/acme/tools/actions/runs/42"; cr.DetailsURL != want {
		t.Errorf("check run details_url %q, want the run's URL %q", cr.DetailsURL, want)
	}
	e.assertNoToken(e.vars["GITHUB_WORKSPACE"])
}

func TestActionFailsClosed(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	missing := strings.Repeat("cd", 20)
	cases := []struct {
		name, event, payload string
		edit                 func(e *actEnv)
		sha, reason          string
	}{
		{name: "pull request without an event file", event: "pull_request", payload: prEvent(7, head, base),
			edit: func(e *actEnv) { e.vars["GITHUB_EVENT_PATH"] = filepath.Join(e.dir, "gone.json") },
			sha:  merge, reason: `the pull_request event payload "` + "%DIR%/gone.json" + `" does not exist: the pull request's head and base is unknown`},
		{name: "pull request without an event path", event: "pull_request", payload: prEvent(7, head, base),
			edit: func(e *actEnv) { delete(e.vars, "GITHUB_EVENT_PATH") },
			sha:  merge, reason: "the pull_request event has no payload (GITHUB_EVENT_PATH is not set)"},
		{name: "no pull_request object", event: "pull_request", payload: `{"number": 7}`,
			sha: merge, reason: `the pull_request event payload has no "pull_request" object`},
		{name: "pull_request null", event: "pull_request_target", payload: `{"pull_request": null}`,
			sha: merge, reason: `the pull_request_target event payload has no "pull_request" object`},
		{name: "no base sha", event: "pull_request", payload: fmt.Sprintf(`{"pull_request": {"number": 7, "head": {"sha": %q}, "base": {}}}`, head),
			sha: head, reason: `the pull_request event payload has no "pull_request.base.sha"`},
		{name: "no head sha", event: "pull_request", payload: fmt.Sprintf(`{"pull_request": {"number": 7, "base": {"sha": %q}}}`, base),
			sha: merge, reason: `the pull_request event payload has no "pull_request.head.sha"`},
		{name: "undecodable event", event: "pull_request", payload: `{"pull_request": `,
			sha: merge, reason: "failed to unmarshal event payload"},
		{name: "unreadable event", event: "pull_request", payload: prEvent(7, head, base),
			edit: func(e *actEnv) { e.vars["GITHUB_EVENT_PATH"] = e.dir },
			sha:  merge, reason: "could not read event file"},
		{name: "push without before", event: "push", payload: fmt.Sprintf(`{"after": %q}`, head),
			sha: head, reason: `the push event payload has no "before" commit`},
		{name: "push without an event file", event: "push", payload: "",
			edit: func(e *actEnv) { e.vars["GITHUB_EVENT_PATH"] = filepath.Join(e.dir, "gone.json") },
			sha:  merge, reason: "the commit the push started from is unknown"},
		{name: "merge group without merge_group", event: "merge_group", payload: `{}`,
			sha: merge, reason: `the merge_group event payload has no "merge_group" object`},
		{name: "merge group without base", event: "merge_group", payload: fmt.Sprintf(`{"merge_group": {"head_sha": %q}}`, head),
			sha: head, reason: `the merge_group event payload has no "merge_group.base_sha"`},
		{name: "base that cannot be fetched", event: "push", payload: fmt.Sprintf(`{"before": %q, "after": %q}`, missing, head),
			sha: head, reason: fmt.Sprintf("the base commit %q is not in the checkout", missing)},
		{name: "head that cannot be fetched", event: "pull_request", payload: prEvent(7, missing, base),
			sha: missing, reason: fmt.Sprintf("the head commit %q is not in the checkout", missing)},
		{name: "no merge base and no base", event: "pull_request", payload: prEvent(7, head, missing),
			sha: head, reason: fmt.Sprintf("no merge base of the base %s and the head %s could be found, and the base commit cannot be read either", service.ShortSHA(missing), service.ShortSHA(head))},
		{name: "bad input", event: "pull_request", payload: prEvent(7, head, base),
			edit: func(e *actEnv) { e.vars["INPUT_FAIL-ON"] = "sometimes" },
			sha:  head, reason: `input "fail-on"`},
		{name: "bad input of a push", event: "push", payload: fmt.Sprintf(`{"before": %q, "after": %q}`, base, head),
			edit: func(e *actEnv) { e.vars["INPUT_COMMENT"] = "loud" },
			sha:  head, reason: `input "comment"`},
		{name: "action arguments", event: "pull_request", payload: prEvent(7, head, base),
			edit: func(e *actEnv) { e.args = []string{"extra"} },
			sha:  head, reason: "action takes no arguments"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := ghfake.New(actToken)
			defer srv.Close()
			e := newActEnv(t, repo, srv.URL, c.event, c.payload, merge)
			if c.edit != nil {
				c.edit(e)
			}
			reason := strings.ReplaceAll(c.reason, "%DIR%", e.dir)
			assertFailedClosed(t, e, e.run(), srv, c.sha, reason)
		})
	}
}

func TestActionFailsClosedWithoutToken(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, _, head, merge := prRepo(t)
	e := newActEnv(t, repo, "http://127.0.0.1:1", "pull_request", fmt.Sprintf(`{"pull_request": {"number": 7, "head": {"sha": %q}}}`, head), merge)
	delete(e.vars, "INPUT_GITHUB-TOKEN")
	assertFailedClosed(t, e, e.run(), nil, "", `the pull_request event payload has no "pull_request.base.sha"`)
	if strings.Contains(e.out.String(), "check run") {
		t.Errorf("stdout:\n%s", e.out.String())
	}
}

// An explicit `base: ""` is the one way to run without a comparison.
func TestActionExplicitEmptyBaseSkipsTheDiff(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New(actToken)
	defer srv.Close()
	// The event still names its base: the config is read there (a pull
	// request's own config never judges it), but nothing is compared.
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.Baseline != nil || rep.Summary.Breaking != 0 {
		t.Errorf("baseline %+v, %d breaking: want no comparison", rep.Baseline, rep.Summary.Breaking)
	}
	if runs := srv.CheckRuns(); len(runs) != 1 || runs[0].HeadSHA != head || runs[0].Conclusion != "failure" {
		t.Errorf("check runs %+v", runs)
	}
}

// An event that names no base (workflow_dispatch) runs without a
// comparison, and the report says so.
func TestActionEventWithoutBaseSaysSo(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, _, head, _ := prRepo(t)
	actGit(t, repo, "checkout", "-q", head)
	e := newActEnv(t, repo, "http://127.0.0.1:1", "workflow_dispatch", `{}`, head)
	delete(e.vars, "INPUT_GITHUB-TOKEN")
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	if want := `a "workflow_dispatch" event names no base commit: no breaking changes are looked for`; rep.Baseline != nil || !strings.Contains(strings.Join(rep.Notes, "\n"), want) {
		t.Errorf("baseline %+v, notes %q: want %q", rep.Baseline, rep.Notes, want)
	}
}
