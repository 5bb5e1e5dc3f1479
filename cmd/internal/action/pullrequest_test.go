package action

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

func TestActionPullRequestEndToEnd(t *testing.T) {
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)

	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	e.assertNoToken(repo)
	rep := readReport(t, e.outputs()["report"])
	n := len(rep.Findings)
	if n <= 60 || rep.Summary.Errors < 70 || rep.Summary.Warnings < 5 {
		t.Fatalf("report has %d findings (%d errors, %d warnings): want more than 60", n, rep.Summary.Errors, rep.Summary.Warnings)
	}

	// One check run on the head commit, every finding annotated in batches of 50.
	runs := srv.CheckRuns()
	if len(runs) != 1 {
		t.Fatalf("%d check runs, want 1", len(runs))
	}
	cr := runs[0]
	if cr.HeadSHA != head || cr.Conclusion != "failure" || cr.Status != "completed" || cr.Name != "mcpschema" {
		t.Errorf("check run on %s, status %q, conclusion %q, name %q: want head %s, completed, failure", cr.HeadSHA, cr.Status, cr.Conclusion, cr.Name, head)
	}
	for _, n := range rep.Notes {
		if strings.Contains(n, "merge base") {
			t.Errorf("note %q: the base is the branch point, nothing to explain", n)
		}
	}
	if want := annotate.Plural(rep.Summary.Breaking, "breaking change") + " in "; cr.Title != annotate.Headline(rep) || !strings.HasPrefix(cr.Title, want) {
		t.Errorf("check run title %q: want the headline, led by %q", cr.Title, want)
	}
	if len(cr.Annotations) != n {
		t.Errorf("%d annotations, want %d", len(cr.Annotations), n)
	}
	for i, b := range cr.Batches {
		if b > 50 || (i < len(cr.Batches)-1 && b != 50) {
			t.Errorf("annotation batches %v: want full batches of 50", cr.Batches)
		}
	}
	if rep.Summary.Breaking < 1 {
		t.Errorf("no breaking change found: the last tool's property became required")
	}
	if !strings.Contains(cr.Summary, "mcpschema failed") || !strings.Contains(cr.Summary, "<details><summary>Files and tools (") ||
		!strings.Contains(cr.Summary, "### Breaking changes") || !strings.Contains(cr.Summary, "tool `tool_79`") {
		t.Errorf("check run summary:\n%s", cr.Summary)
	}

	// Positions are those of the head commit, not of the checked-out merge commit.
	headDir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(headDir, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(headDir, "tools", "tools.json"), []byte(toolsJSONBreaking(80, 70, 5, true)), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := service.Run(context.Background(), service.RunOptions{Dir: headDir, Patterns: []string{"tools/*.json"}})
	if err != nil {
		t.Fatalf("check of the head files: %v", err)
	}
	cli := res.Report
	// Without a base a check finds everything but the breaking changes.
	var nonBreaking []ghfake.Annotation
	for i, f := range rep.Findings {
		if !f.IsBreaking() {
			nonBreaking = append(nonBreaking, cr.Annotations[i])
		}
	}
	if len(cli.Findings) != len(nonBreaking) {
		t.Fatalf("check on the head files: %d findings, action: %d besides breaking changes", len(cli.Findings), len(nonBreaking))
	}
	for i, f := range cli.Findings {
		a := nonBreaking[i]
		if a.Path != f.File || a.StartLine != f.Line || a.StartColumn == nil || *a.StartColumn != f.Column || a.Title != annotate.Title(f, ruleset.All()) {
			t.Fatalf("annotation %d at %s:%d (%s), want the head position %s:%d:%d (%s)", i, a.Path, a.StartLine, a.Title, f.File, f.Line, f.Column, f.Rule)
		}
	}

	// Job summary, outputs, SARIF, JSON report.
	if s := e.file("summary.md"); !strings.Contains(s, "## ❌ mcpschema failed") || !strings.Contains(s, "**"+annotate.Headline(rep)+"**") {
		t.Errorf("job summary:\n%.600s", s)
	}
	outs := e.outputs()
	want := map[string]string{"errors": fmt.Sprint(rep.Summary.Errors), "warnings": fmt.Sprint(rep.Summary.Warnings),
		"notices": fmt.Sprint(rep.Summary.Notices), "breaking": fmt.Sprint(rep.Summary.Breaking),
		"complete": fmt.Sprint(rep.Summary.Complete)}
	for k, v := range want {
		if outs[k] != v {
			t.Errorf("output %s = %q, want %q (outputs %v)", k, outs[k], v, outs)
		}
	}
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	b, _ := os.ReadFile(filepath.Join(repo, "out", "mcpschema.sarif"))
	if err := json.Unmarshal(b, &sarif); err != nil || sarif.Version != "2.1.0" || len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) != n {
		t.Errorf("sarif file: %v, version %q, %d runs", err, sarif.Version, len(sarif.Runs))
	}
	if st := actGit(t, repo, "status", "--porcelain", "--ignored"); st != "?? out/" {
		t.Errorf("the run left files in the workspace besides the SARIF file: %q", st)
	}
	if rp := outs["report"]; filepath.Dir(filepath.Dir(rp)) != e.dir || filepath.Base(rp) != "report.json" {
		t.Errorf("output report = %q, want a report.json in a new directory under RUNNER_TEMP %q", rp, e.dir)
	}

	// The sticky comment is created once.
	cms := srv.Comments()
	if len(cms) != 1 || cms[0].Issue != 7 || !strings.Contains(cms[0].Body, `<!-- mcpschema comment workflow="ci" job="lint" check="mcpschema" -->`) {
		t.Fatalf("comments %+v, want one on #7 with the marker", cms)
	}
	if !strings.Contains(e.out.String(), "pull request #7 comment: created") || !strings.Contains(e.out.String(), fmt.Sprintf("check run \"mcpschema\" on %s: %d annotations, conclusion failure", head, n)) {
		t.Errorf("stdout:\n%s", e.out.String())
	}
	if strings.Contains(e.out.String(), "::error file=") {
		t.Errorf("workflow-command annotations printed although the check run carries them")
	}
	actGolden(t, "pr.requests.txt", requestLines(srv.Requests()))

	// A new head commit: the second run edits the same comment and adds a
	// check run on the new head.
	actGit(t, repo, "checkout", "-q", head)
	head2 := actCommit(t, repo, "head 2", map[string]string{"tools/tools.json": toolsJSONBreaking(80, 65, 5, true)})
	merge2 := actCommit(t, repo, "merge 2", map[string]string{"tools/tools.json": "\n" + toolsJSONBreaking(80, 65, 5, true)})
	e2 := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head2, base), merge2)
	if code := e2.run(); code != cmdenv.ExitFindings {
		t.Fatalf("second run: exit %d\n%s\n%s", code, e2.out.String(), e2.err.String())
	}
	rep2 := readReport(t, e2.outputs()["report"])
	cms = srv.Comments()
	if len(cms) != 1 || cms[0].Edits != 1 || rep2.Summary.Errors == rep.Summary.Errors ||
		!strings.Contains(cms[0].Body, "**"+annotate.Headline(rep2)+"**") {
		t.Errorf("after the second run: %d comments, %d edits: want the one comment edited once", len(cms), cms[0].Edits)
	}
	if runs := srv.CheckRuns(); len(runs) != 2 || runs[1].HeadSHA != head2 {
		t.Errorf("check runs after the second run: %d", len(runs))
	}
	if !strings.Contains(e2.out.String(), "pull request #7 comment: updated") {
		t.Errorf("second run stdout:\n%s", e2.out.String())
	}
}

func TestActionForkFallsBackToWorkflowCommands(t *testing.T) {
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New("ghs_other")
	srv.ReadOnlyToken = actToken
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(9, head, base), merge)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	e.assertNoToken(repo)
	out := e.out.String()
	if len(srv.CheckRuns()) != 0 || len(srv.Comments()) != 0 {
		t.Fatalf("wrote with a read-only token: %d check runs, %d comments", len(srv.CheckRuns()), len(srv.Comments()))
	}
	rep := readReport(t, e.outputs()["report"])
	n := len(rep.Findings)
	errs, warns := strings.Count(out, "\n::error file="), strings.Count(out, "\n::warning file=")
	if errs != 10 || warns != 5 {
		t.Errorf("%d error and %d warning annotations, want 10 and 5 (GitHub shows 10 of each per step)", errs, warns)
	}
	notShown := fmt.Sprintf("%d of %d findings were not shown inline", n-15, n)
	for _, want := range []string{
		`::notice title=mcpschema::the check run could not be created (403 "Resource not accessible by integration")`,
		"::notice title=mcpschema::the pull request comment is skipped: the token cannot write to pull requests",
		"::notice title=mcpschema::" + notShown,
		"::stop-commands::",
		"or lacks checks: write;", // no literal backticks in a notice
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	// Every finding is in the log (on its own line, or with its tool and
	// position in the tools of a group) and in the job summary.
	for _, f := range rep.Findings {
		if !strings.Contains(out, fmt.Sprintf("%s:%d:%d: %s: ", f.File, f.Line, f.Column, f.Severity)) &&
			!strings.Contains(out, fmt.Sprintf("%s (%s:%d:%d)", f.Tool, f.File, f.Line, f.Column)) {
			t.Fatalf("finding %s:%d:%d missing from the log", f.File, f.Line, f.Column)
		}
	}
	sum := e.file("summary.md")
	if !strings.Contains(sum, notShown) || !strings.Contains(sum, "could not be created") || strings.Contains(sum, "This summary is cut") {
		t.Errorf("job summary:\n%.1500s", sum)
	}
	// the untyped roots are the TypeScript SDK client's findings, which
	// restate mcp.tool.schema.native-shape with its consequence
	if summaryRows(sum, "json-schema.tool-schema.valid")+summaryRows(sum, "client.mcp-ts-sdk.input-schema-root") < n-1 {
		t.Errorf("job summary does not list every finding")
	}
	if outs := e.outputs(); outs["errors"] != fmt.Sprint(rep.Summary.Errors) {
		t.Errorf("outputs %v", outs)
	}
}

func TestActionAPIFailuresRetryThenFallBack(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	srv := ghfake.New(actToken)
	defer srv.Close()
	srv.AddFault(ghfake.Fault{Method: "POST", PathSuffix: "/check-runs", Status: 502, Body: `{"message":"Bad Gateway"}`})
	srv.AddFault(ghfake.Fault{Method: "GET", PathSuffix: "/comments", Status: 403, Times: 1, Header: map[string]string{"Retry-After": "3"},
		Body: `{"message":"You have exceeded a secondary rate limit."}`})
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	out := e.out.String()
	for _, want := range []string{
		"github api: POST /repos/acme/tools/check-runs answered 502; retrying in 1s (attempt 2 of 4)",
		"github api: POST /repos/acme/tools/check-runs answered 502; giving up after 4 attempts",
		`::notice title=mcpschema::the check run could not be created (502 "Bad Gateway"); findings are shown as workflow annotations and in the job summary`,
		"github api: GET /repos/acme/tools/issues/7/comments answered 403 (secondary rate limit); retrying in 3s (attempt 2 of 4)",
		"pull request #7 comment: created",
		"::error file=tools/tools.json,line=",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if len(srv.Comments()) != 1 || !strings.Contains(srv.Comments()[0].Body, "could not be created (502") {
		t.Errorf("the comment does not carry the fallback note")
	}
	e.assertNoToken(repo)
}

func TestActionPushAndShallowFetch(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	origin := t.TempDir()
	actGit(t, origin, "init", "-q", "-b", "main")
	base := actCommit(t, origin, "base", map[string]string{"tools/tools.json": toolsJSON(5, 0, 0)})
	head := actCommit(t, origin, "head", map[string]string{"tools/tools.json": toolsJSON(5, 1, 0)})
	work := filepath.Join(t.TempDir(), "work")
	actGit(t, filepath.Dir(work), "clone", "-q", "--depth=1", "file://"+origin, work)
	if _, err := load.GitOut(context.Background(), work, "cat-file", "-e", base+"^{commit}"); err == nil {
		t.Fatal("the shallow clone already has the base commit")
	}
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, work, srv.URL, "push", fmt.Sprintf(`{"before": %q, "after": %q}`, base, head), head)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	if _, err := load.GitOut(context.Background(), work, "cat-file", "-e", base+"^{commit}"); err != nil {
		t.Errorf("the base commit was not fetched: %v", err)
	}
	if runs := srv.CheckRuns(); len(runs) != 1 || runs[0].HeadSHA != head || len(srv.Comments()) != 0 {
		t.Errorf("check runs %+v, %d comments: want one on the pushed commit, no comment", runs, len(srv.Comments()))
	}
	if !strings.Contains(e.out.String(), `no pull request in a "push" event: the comment is skipped`) {
		t.Errorf("stdout:\n%s", e.out.String())
	}

	// A base nobody can fetch: a clear error naming fetch-depth, exit 2.
	e.vars["INPUT_BASE"] = strings.Repeat("ab", 20)
	if code := e.run(); code != cmdenv.ExitUsage {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.Contains(e.err.String(), "set `fetch-depth: 0` on actions/checkout") {
		t.Errorf("stderr: %s", e.err.String())
	}

	// A new branch (before is all zeros): no diff, still a check run.
	e.vars["INPUT_BASE"] = "auto"
	e.vars["GITHUB_EVENT_PATH"] = filepath.Join(e.dir, "event2.json")
	os.WriteFile(e.vars["GITHUB_EVENT_PATH"], []byte(fmt.Sprintf(`{"before": %q, "after": %q}`, strings.Repeat("0", 40), head)), 0o644)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("new branch: exit %d\n%s", code, e.err.String())
	}
}

func TestActionWithoutEnvFilesOrToken(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	e := newActEnv(t, repo, "http://127.0.0.1:1", "pull_request", prEvent(7, head, base), merge)
	delete(e.vars, "GITHUB_OUTPUT")
	delete(e.vars, "GITHUB_STEP_SUMMARY")
	delete(e.vars, "INPUT_GITHUB-TOKEN")
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	for _, want := range []string{`"GITHUB_STEP_SUMMARY" is not set: the job summary is skipped`, `"GITHUB_OUTPUT" is not set: the outputs are skipped`, "::error file="} {
		if !strings.Contains(e.out.String(), want) {
			t.Errorf("stdout lacks %q", want)
		}
	}
}

func TestActionUsageErrors(t *testing.T) {
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	for name, c := range map[string]struct{ key, value, want string }{
		"fail-on": {"INPUT_FAIL-ON", "sometimes", `input "fail-on"`},
		"comment": {"INPUT_COMMENT", "loud", `input "comment": unknown value "loud"`},
		"version": {"INPUT_PROTOCOL-VERSIONS", "2020-01-01", `unknown protocol version "2020-01-01"`},
		"files":   {"INPUT_FILES", "nothing/*.json", "nothing"},
		"config":  {"INPUT_CONFIG", "missing.yaml", "missing.yaml"},
	} {
		e := newActEnv(t, repo, "http://127.0.0.1:1", "pull_request", prEvent(7, head, base), merge)
		e.vars[c.key] = c.value
		if code := e.run(); code != cmdenv.ExitUsage || !strings.Contains(e.err.String(), c.want) || !strings.Contains(e.out.String(), "::error::") {
			t.Errorf("%s: exit %d, stderr %q, stdout %q: want 2 and %q", name, code, e.err.String(), e.out.String(), c.want)
		}
		e.assertNoToken(repo)
	}
}

// summaryRows counts the findings of a rule in a job summary's tables: one
// per row, or the number of tools of a row that groups the same change.
func summaryRows(sum, rule string) int {
	n := 0
	for _, line := range strings.Split(sum, "\n") {
		if !strings.HasPrefix(line, "- ") || !strings.HasSuffix(line, " `"+rule+"`") {
			continue
		}
		var tools int
		if i := strings.Index(line, "the same change in "); i >= 0 {
			if _, err := fmt.Sscanf(line[i:], "the same change in %d tools", &tools); err == nil {
				n += tools
				continue
			}
		}
		n++
	}
	return n
}
