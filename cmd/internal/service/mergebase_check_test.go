package service

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

var (
	behindRepo   = toolrepo.BehindRepo
	shallowClone = toolrepo.ShallowClone
)

// onlyPullRequestChanges checks that the findings are the pull request's
// own change (search's "q" became required) and nothing main did.
func onlyPullRequestChanges(t *testing.T, rep *report.Report) {
	t.Helper()
	if len(rep.Findings) == 0 {
		t.Fatalf("no findings: want the pull request's required argument")
	}
	breaking := 0
	for _, f := range rep.Findings {
		if f.File != "tools/search.json" || f.Tool != "search" {
			t.Errorf("finding about what main did after the branch point: %s:%d: %s [%s]", f.File, f.Line, f.Message, f.Rule)
		}
		if f.IsBreaking() {
			breaking++
		}
	}
	if breaking == 0 {
		t.Errorf("the pull request's breaking change is not reported: %+v", rep.Findings)
	}
}

// mainChangesReported checks that a comparison with main's tip reports what
// main did: the defect of issue 9 that the merge base avoids.
func mainChangesReported(t *testing.T, rep *report.Report) {
	t.Helper()
	all := ""
	for _, f := range rep.Findings {
		all += fmt.Sprintf("%s: %s [%s]\n", f.File, f.Message, f.Rule)
	}
	for _, want := range []string{`tool "list_projects" was removed`, `tool "ping" was removed with its file`, `tools/items.json: property "id" became required`} {
		if !strings.Contains(all, want) {
			t.Errorf("compared with main's tip, the findings lack %q:\n%s", want, all)
		}
	}
}

func checkReport(t *testing.T, dir string, args ...string) (*report.Report, string) {
	t.Helper()
	code, out, errOut := runCheck(t, dir, append([]string{"--format", "json"}, args...)...)
	if code != exitFindings {
		t.Fatalf("check %v: exit %d\n%s\n%s", args, code, out, errOut)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	return &rep, out
}

func TestCheckBaseComparesWithMergeBase(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := behindRepo(t)
	actGit(t, r.Origin, "checkout", "-q", "feature")

	rep, _ := checkReport(t, r.Origin, "--base", "main", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if b := rep.Baseline; b == nil || b.Commit != r.Point || !b.MergeBaseFound || b.Mode != "merge-base" || b.Ref != "main" || b.Head != "HEAD" {
		t.Errorf("baseline %+v: want the branch point %s", rep.Baseline, r.Point)
	}
	_, text, _ := runCheck(t, r.Origin, "--base", "main", "tools/*.json")
	if want := fmt.Sprintf(`note: compared with %s, the merge base of "main" and "HEAD" (like git diff main...HEAD)`, r.Point[:12]); !strings.Contains(text, want) {
		t.Errorf("text report lacks %q:\n%s", want, text)
	}
	_, sarif, _ := runCheck(t, r.Origin, "--format", "sarif", "--base", "main", "tools/*.json")
	var log struct {
		Runs []struct {
			Properties struct{ Baseline report.Baseline } `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarif), &log); err != nil || len(log.Runs) != 1 || log.Runs[0].Properties.Baseline.Commit != r.Point {
		t.Errorf("sarif run properties: %v %+v", err, log.Runs)
	}

	// --head reads another revision; the merge base is taken with it.
	actGit(t, r.Origin, "checkout", "-q", "main")
	rep, _ = checkReport(t, r.Origin, "--base", "main", "--head", "feature", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if rep.Baseline == nil || rep.Baseline.Commit != r.Point || rep.Baseline.Head != "feature" {
		t.Errorf("--head feature: baseline %+v", rep.Baseline)
	}

	// A base that is the merge base itself (the branch point) needs no note.
	rep, _ = checkReport(t, r.Origin, "--base", r.Point, "--head", "feature", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if rep.Baseline == nil || rep.Baseline.Commit != r.Point || len(rep.Notes) != 0 {
		t.Errorf("base at the branch point: baseline %+v, notes %q: want no note", rep.Baseline, rep.Notes)
	}

	// --base-mode=tip compares with main itself, and says so.
	rep, _ = checkReport(t, r.Origin, "--base", "main", "--head", "feature", "--base-mode=tip", "tools/*.json")
	mainChangesReported(t, rep)
	if b := rep.Baseline; b == nil || b.Commit != r.Base || b.Mode != "tip" || b.MergeBaseFound {
		t.Errorf("tip: baseline %+v, want %s", rep.Baseline, r.Base)
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], `compared with "main" itself`) {
		t.Errorf("tip notes %q", rep.Notes)
	}
	if code, _, errOut := runCheck(t, r.Origin, "--base", "main", "--base-mode=nearest", "tools/*.json"); code != exitUsage || !strings.Contains(errOut, `unknown --base-mode "nearest"`) {
		t.Errorf("bad --base-mode: exit %d, %q", code, errOut)
	}
}

func TestCheckBaseOnShallowClone(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := behindRepo(t)
	// Deep enough to hold the branch point: the merge base is found.
	work := filepath.Join(t.TempDir(), "deep")
	actGit(t, filepath.Dir(work), "clone", "-q", "--depth=4", "--no-single-branch", "--branch", "feature", "file://"+r.Origin, work)
	if actGit(t, work, "rev-parse", "--is-shallow-repository") != "true" {
		t.Fatal("not a shallow clone")
	}
	rep, _ := checkReport(t, work, "--base", "origin/main", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if rep.Baseline == nil || rep.Baseline.Commit != r.Point {
		t.Errorf("baseline %+v", rep.Baseline)
	}

	// Too shallow: the report says the merge base is missing and how to
	// deepen, and compares with the base itself; nothing is fetched.
	work = shallowClone(t, r.Origin, "feature", "--no-single-branch")
	rep, _ = checkReport(t, work, "--base", "origin/main", "tools/*.json")
	mainChangesReported(t, rep)
	if b := rep.Baseline; b == nil || b.MergeBaseFound || b.Commit != r.Base {
		t.Errorf("baseline %+v", rep.Baseline)
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], `no merge base of "origin/main" and "HEAD" was found (this shallow clone lacks the history: deepen it with`) {
		t.Errorf("notes %q", rep.Notes)
	}
	if _, err := load.GitOut(t.Context(), work, "cat-file", "-e", r.Point+"^{commit}"); err == nil {
		t.Errorf("check fetched history")
	}
	actGit(t, work, "fetch", "-q", "--deepen=3", "origin")
	rep, _ = checkReport(t, work, "--base", "origin/main", "tools/*.json")
	onlyPullRequestChanges(t, rep)
}
