package action

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// prAction runs the action on the pull request of r in the workspace work.
func prAction(t *testing.T, r *behind, work string, srv *ghfake.Server) (*actEnv, *report.Report) {
	t.Helper()
	e := newActEnv(t, work, srv.URL, "pull_request", prEvent(5, r.Head, r.Base), r.Merge)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	e.assertNoToken(work)
	return e, readReport(t, e.outputs()["report"])
}

func TestActionComparesWithMergeBase(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := behindRepo(t)
	actGit(t, r.Origin, "checkout", "-q", "--detach", r.Merge)
	srv := ghfake.New(actToken)
	srv.GitDir = r.Origin
	defer srv.Close()
	e, rep := prAction(t, r, r.Origin, srv)
	onlyPullRequestChanges(t, rep)
	if b := rep.Baseline; b == nil || b.Commit != r.Point || !b.MergeBaseFound || b.Ref != r.Base || b.Head != r.Head {
		t.Errorf("baseline %+v, want the branch point %s", rep.Baseline, r.Point)
	}
	cr := srv.CheckRuns()
	if len(cr) != 1 || cr[0].HeadSHA != r.Head || !strings.Contains(cr[0].Summary, "the merge base of the base "+r.Base[:12]) {
		t.Errorf("check runs %+v", cr)
	}
	if s := e.file("summary.md"); !strings.Contains(s, "compared with "+r.Point[:12]+", the merge base") {
		t.Errorf("job summary lacks the baseline:\n%s", s)
	}
	var sarif struct {
		Runs []struct {
			Properties struct{ Baseline report.Baseline } `json:"properties"`
		} `json:"runs"`
	}
	b, _ := os.ReadFile(filepath.Join(r.Origin, "out", "mcpschema.sarif"))
	if err := json.Unmarshal(b, &sarif); err != nil || len(sarif.Runs) != 1 || sarif.Runs[0].Properties.Baseline.Commit != r.Point {
		t.Errorf("sarif baseline: %v %s", err, b)
	}

	// The defect: compared with the base's tip, main's changes are reported.
	actGit(t, r.Origin, "checkout", "-q", "--detach", r.Head)
	e.vars["INPUT_BASE"] = r.Base
	e.vars["GITHUB_EVENT_NAME"] = "push"
	e.vars["GITHUB_SHA"] = r.Head
	e.vars["GITHUB_EVENT_PATH"] = filepath.Join(e.dir, "push.json")
	if err := os.WriteFile(e.vars["GITHUB_EVENT_PATH"], []byte(fmt.Sprintf(`{"before": %q, "after": %q}`, r.Base, r.Head)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s", code, e.err.String())
	}
	mainChangesReported(t, readReport(t, e.outputs()["report"]))
}

func TestActionMergeBaseOnShallowCloneThroughCompareAPI(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := behindRepo(t)
	work := shallowClone(t, r.Origin, "pr-merge")
	srv := ghfake.New(actToken)
	srv.GitDir = r.Origin
	defer srv.Close()
	_, rep := prAction(t, r, work, srv)
	onlyPullRequestChanges(t, rep)
	if rep.Baseline == nil || rep.Baseline.Commit != r.Point {
		t.Errorf("baseline %+v", rep.Baseline)
	}
	reqs := requestLines(srv.Requests())
	if !strings.HasPrefix(reqs, fmt.Sprintf("GET /repos/acme/tools/compare/%s...%s -> 200\n", r.Base, r.Head)) {
		t.Errorf("requests:\n%s", reqs)
	}
	// One commit was fetched for the merge base, no history.
	if _, err := load.GitOut(t.Context(), work, "cat-file", "-e", r.Point+"^{commit}"); err != nil {
		t.Errorf("the merge base was not fetched: %v", err)
	}
	before := actGit(t, r.Origin, "rev-parse", r.Point+"^")
	if _, err := load.GitOut(t.Context(), work, "cat-file", "-e", before+"^{commit}"); err == nil {
		t.Errorf("history before the merge base was fetched")
	}
	if actGit(t, work, "rev-parse", "--is-shallow-repository") != "true" {
		t.Errorf("the clone was unshallowed")
	}
}

func TestActionMergeBaseOnShallowCloneByDeepening(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	for name, setup := range map[string]func(e *actEnv, srv *ghfake.Server, head string){
		"no token": func(e *actEnv, _ *ghfake.Server, _ string) { delete(e.vars, "INPUT_GITHUB-TOKEN") },
		"api fails": func(_ *actEnv, srv *ghfake.Server, head string) {
			srv.AddFault(ghfake.Fault{Method: "GET", PathSuffix: "..." + head, Status: 500, Body: `{"message":"Server Error"}`})
		},
		"merge base not fetchable": func(_ *actEnv, srv *ghfake.Server, head string) {
			srv.AddFault(ghfake.Fault{Method: "GET", PathSuffix: "..." + head, Status: 200, Times: 1,
				Body: fmt.Sprintf(`{"merge_base_commit": {"sha": %q}}`, strings.Repeat("ab", 20))})
		},
	} {
		t.Run(name, func(t *testing.T) {
			r := behindRepo(t)
			work := shallowClone(t, r.Origin, "pr-merge")
			srv := ghfake.New(actToken)
			srv.GitDir = r.Origin
			defer srv.Close()
			e := newActEnv(t, work, srv.URL, "pull_request", prEvent(5, r.Head, r.Base), r.Merge)
			setup(e, srv, r.Head)
			if code := e.run(); code != cmdenv.ExitFindings {
				t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
			}
			e.assertNoToken(work)
			rep := readReport(t, e.outputs()["report"])
			onlyPullRequestChanges(t, rep)
			if rep.Baseline == nil || rep.Baseline.Commit != r.Point || !rep.Baseline.MergeBaseFound {
				t.Errorf("baseline %+v", rep.Baseline)
			}
			notes := strings.Join(rep.Notes, "\n")
			if name != "no token" && !strings.Contains(notes, "the merge base was not found through the github api (") {
				t.Errorf("notes:\n%s", notes)
			}
		})
	}
}

func TestActionMergeBaseDeepeningIsBounded(t *testing.T) {
	toolrepo.EndToEnd(t)
	r := behindRepo(t)
	work := shallowClone(t, r.Origin, "pr-merge")
	old := service.DeepenSteps
	service.DeepenSteps = []int{1}
	defer func() { service.DeepenSteps = old }()
	e := newActEnv(t, work, "http://127.0.0.1:1", "pull_request", prEvent(5, r.Head, r.Base), r.Merge)
	delete(e.vars, "INPUT_GITHUB-TOKEN")
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	mainChangesReported(t, rep)
	if b := rep.Baseline; b == nil || b.MergeBaseFound || b.Commit != r.Base {
		t.Errorf("baseline %+v, want the base commit", rep.Baseline)
	}
	want := fmt.Sprintf("no merge base of the base %s and the head %s could be found: compared with the base commit itself", r.Base[:12], r.Head[:12])
	if !strings.Contains(strings.Join(rep.Notes, "\n"), want) || !strings.Contains(e.file("summary.md"), want) {
		t.Errorf("notes %q lack %q", rep.Notes, want)
	}
	if actGit(t, work, "rev-parse", "--is-shallow-repository") != "true" {
		t.Errorf("the clone was unshallowed")
	}
}
