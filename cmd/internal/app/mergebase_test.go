package app

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

// mbTool is a tool whose input takes the listed string properties, the
// required ones marked with a trailing "!".
func mbTool(name string, props ...string) string {
	var ps, req []string
	for _, p := range props {
		n := strings.TrimSuffix(p, "!")
		ps = append(ps, fmt.Sprintf("%q: {\"type\": \"string\"}", n))
		if n != p {
			req = append(req, fmt.Sprintf("%q", n))
		}
	}
	return fmt.Sprintf(`{"name": %q, "description": "%s things.", "inputSchema": {"type": "object", "properties": {%s}, "required": [%s]}}`,
		name, name, strings.Join(ps, ", "), strings.Join(req, ", "))
}

func mbFile(tools ...string) string {
	return "{\"tools\": [\n" + strings.Join(tools, ",\n") + "\n]}\n"
}

// behind is a repository whose pull request branch fell behind main.
type behind struct {
	origin string
	// point is the branch point, base main's tip, head the pull request's
	// head and merge the merge commit GitHub checks out (branch pr-merge).
	point, base, head, merge string
}

// behindRepo builds the example. At the branch point: tools
// "search" (tools/search.json), "get_item" and "legacy" (tools/items.json),
// "old" (tools/old.json). The pull request makes search's "q" required,
// its one breaking change. After the branch point main adds tool
// "list_projects" and file tools/ping.json, removes "legacy", makes
// get_item's "id" optional, and deletes tools/old.json, over three commits.
func behindRepo(t *testing.T) *behind {
	t.Helper()
	r := &behind{origin: t.TempDir()}
	o := r.origin
	actGit(t, o, "init", "-q", "-b", "main")
	actCommit(t, o, "start", map[string]string{"README": "tools\n"})
	r.point = actCommit(t, o, "branch point", map[string]string{
		"tools/search.json": mbFile(mbTool("search", "q", "limit")),
		"tools/items.json":  mbFile(mbTool("get_item", "id!"), mbTool("legacy", "x")),
		"tools/old.json":    mbFile(mbTool("old", "y")),
	})
	actCommit(t, o, "main: list_projects, ping", map[string]string{
		"tools/items.json": mbFile(mbTool("get_item", "id!"), mbTool("legacy", "x"), mbTool("list_projects", "org")),
		"tools/ping.json":  mbFile(mbTool("ping")),
	})
	actCommit(t, o, "main: drop legacy, loosen get_item", map[string]string{
		"tools/items.json": mbFile(mbTool("get_item", "id"), mbTool("list_projects", "org")),
	})
	actGit(t, o, "rm", "-q", "tools/old.json")
	r.base = actCommit(t, o, "main: delete old.json", nil)
	actGit(t, o, "checkout", "-q", "-b", "feature", r.point)
	actCommit(t, o, "feature: readme", map[string]string{"README": "tools, searchable\n"})
	r.head = actCommit(t, o, "feature: q is required", map[string]string{"tools/search.json": mbFile(mbTool("search", "q!", "limit"))})
	actGit(t, o, "checkout", "-q", "-b", "pr-merge", r.base)
	actGit(t, o, "merge", "-q", "--no-ff", "-m", "merge", "feature")
	r.merge = actGit(t, o, "rev-parse", "HEAD")
	actGit(t, o, "checkout", "-q", "main")
	return r
}

// shallowClone clones branch of origin with --depth=1, so that origin exists.
func shallowClone(t *testing.T, origin, branch string, extra ...string) string {
	t.Helper()
	work := filepath.Join(t.TempDir(), "work")
	args := append([]string{"clone", "-q", "--depth=1", "--branch", branch}, extra...)
	actGit(t, filepath.Dir(work), append(args, "file://"+origin, work)...)
	return work
}

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

func cliReport(t *testing.T, dir string, args ...string) (*report.Report, string) {
	t.Helper()
	code, out, errOut := runMain(t, dir, append([]string{"check", "--format", "json"}, args...)...)
	if code != ExitFindings {
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
	actGit(t, r.origin, "checkout", "-q", "feature")

	rep, _ := cliReport(t, r.origin, "--base", "main", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if b := rep.Baseline; b == nil || b.Commit != r.point || !b.MergeBaseFound || b.Mode != "merge-base" || b.Ref != "main" || b.Head != "HEAD" {
		t.Errorf("baseline %+v: want the branch point %s", rep.Baseline, r.point)
	}
	_, text, _ := runMain(t, r.origin, "check", "--base", "main", "tools/*.json")
	if want := fmt.Sprintf(`note: compared with %s, the merge base of "main" and "HEAD" (like git diff main...HEAD)`, r.point[:12]); !strings.Contains(text, want) {
		t.Errorf("text report lacks %q:\n%s", want, text)
	}
	_, sarif, _ := runMain(t, r.origin, "check", "--format", "sarif", "--base", "main", "tools/*.json")
	var log struct {
		Runs []struct {
			Properties struct{ Baseline report.Baseline } `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarif), &log); err != nil || len(log.Runs) != 1 || log.Runs[0].Properties.Baseline.Commit != r.point {
		t.Errorf("sarif run properties: %v %+v", err, log.Runs)
	}

	// --head reads another revision; the merge base is taken with it.
	actGit(t, r.origin, "checkout", "-q", "main")
	rep, _ = cliReport(t, r.origin, "--base", "main", "--head", "feature", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if rep.Baseline == nil || rep.Baseline.Commit != r.point || rep.Baseline.Head != "feature" {
		t.Errorf("--head feature: baseline %+v", rep.Baseline)
	}

	// A base that is the merge base itself (the branch point) needs no note.
	rep, _ = cliReport(t, r.origin, "--base", r.point, "--head", "feature", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if rep.Baseline == nil || rep.Baseline.Commit != r.point || len(rep.Notes) != 0 {
		t.Errorf("base at the branch point: baseline %+v, notes %q: want no note", rep.Baseline, rep.Notes)
	}

	// --base-mode=tip compares with main itself, and says so.
	rep, _ = cliReport(t, r.origin, "--base", "main", "--head", "feature", "--base-mode=tip", "tools/*.json")
	mainChangesReported(t, rep)
	if b := rep.Baseline; b == nil || b.Commit != r.base || b.Mode != "tip" || b.MergeBaseFound {
		t.Errorf("tip: baseline %+v, want %s", rep.Baseline, r.base)
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], `compared with "main" itself`) {
		t.Errorf("tip notes %q", rep.Notes)
	}
	if code, _, errOut := runMain(t, r.origin, "check", "--base", "main", "--base-mode=nearest", "tools/*.json"); code != ExitUsage || !strings.Contains(errOut, `unknown --base-mode "nearest"`) {
		t.Errorf("bad --base-mode: exit %d, %q", code, errOut)
	}
}

func TestCheckBaseOnShallowClone(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	r := behindRepo(t)
	// Deep enough to hold the branch point: the merge base is found.
	work := filepath.Join(t.TempDir(), "deep")
	actGit(t, filepath.Dir(work), "clone", "-q", "--depth=4", "--no-single-branch", "--branch", "feature", "file://"+r.origin, work)
	if actGit(t, work, "rev-parse", "--is-shallow-repository") != "true" {
		t.Fatal("not a shallow clone")
	}
	rep, _ := cliReport(t, work, "--base", "origin/main", "tools/*.json")
	onlyPullRequestChanges(t, rep)
	if rep.Baseline == nil || rep.Baseline.Commit != r.point {
		t.Errorf("baseline %+v", rep.Baseline)
	}

	// Too shallow: the report says the merge base is missing and how to
	// deepen, and compares with the base itself; nothing is fetched.
	work = shallowClone(t, r.origin, "feature", "--no-single-branch")
	rep, _ = cliReport(t, work, "--base", "origin/main", "tools/*.json")
	mainChangesReported(t, rep)
	if b := rep.Baseline; b == nil || b.MergeBaseFound || b.Commit != r.base {
		t.Errorf("baseline %+v", rep.Baseline)
	}
	if len(rep.Notes) != 1 || !strings.Contains(rep.Notes[0], `no merge base of "origin/main" and "HEAD" was found (this shallow clone lacks the history: deepen it with`) {
		t.Errorf("notes %q", rep.Notes)
	}
	if _, err := load.GitOut(t.Context(), work, "cat-file", "-e", r.point+"^{commit}"); err == nil {
		t.Errorf("check fetched history")
	}
	actGit(t, work, "fetch", "-q", "--deepen=3", "origin")
	rep, _ = cliReport(t, work, "--base", "origin/main", "tools/*.json")
	onlyPullRequestChanges(t, rep)
}
