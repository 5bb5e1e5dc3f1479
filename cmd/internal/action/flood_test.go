package action

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/annotate/ghsink"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// floodTools is a tools/list result of n tools whose title is a number: n
// findings of one validation rule in one file (duplicate keys, problems of
// the reader, are already bounded at source.MaxProblemsPerKind per file).
func floodTools(n int) string { return titledTools(n, "7") }

// titledTools is n tools named t0… whose title is the JSON value title.
func titledTools(n int, title string) string {
	var b strings.Builder
	b.WriteString("{\"tools\": [")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "{\"name\": \"t%d\", \"title\": %s, \"inputSchema\": {\"type\": \"object\"}}", i, title)
	}
	b.WriteString("]}\n")
	return b.String()
}

// foldBound is the per-rule bound the report's one folded finding states
// ("only the first N of a rule are kept per file") and how many findings of
// its rule in its file the report kept besides it.
func foldBound(t *testing.T, fs []report.Finding) (perRule, kept int) {
	t.Helper()
	var folded []report.Finding
	for _, f := range fs {
		if f.Folded > 0 {
			folded = append(folded, f)
		}
	}
	if len(folded) != 1 {
		t.Fatalf("%d folded findings, want one", len(folded))
	}
	m := regexp.MustCompile(`only the first (\d+) of a rule are kept per file`).FindStringSubmatch(folded[0].Message)
	if m == nil {
		t.Fatalf("the folded finding does not state the bound: %q", folded[0].Message)
	}
	perRule, _ = strconv.Atoi(m[1])
	for _, f := range fs {
		if f.Folded == 0 && f.Rule == folded[0].Rule && f.File == folded[0].File {
			kept++
		}
	}
	return perRule, kept
}

// TestActionAnnotationFloodIsBounded: a pull request whose tool file has
// 9,000 findings of one rule costs a bounded number of API requests (it took one
// PATCH per 50 findings), keeps a bounded number of findings, and still
// counts every finding in the outputs and fails the run; the folded repeats
// are one "more like this" annotation.
func TestActionAnnotationFloodIsBounded(t *testing.T) {
	toolrepo.EndToEnd(t)
	const dups = 9_000
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	// the same tools at base, with a title given as text: only the titles changed
	base := actCommit(t, repo, "base", map[string]string{"tools/tools.json": titledTools(dups, `"T"`)})
	head := actCommit(t, repo, "head", map[string]string{"tools/tools.json": floodTools(dups)})
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\nstderr:\n%s", code, e.err.String())
	}
	reqs := srv.Requests()
	patches := 0
	for _, r := range reqs {
		if r.Method == "PATCH" && strings.Contains(r.Path, "/check-runs/") {
			patches++
		}
	}
	if maxPatches := annotate.AnnotationsPerRun/ghsink.AnnotationsPerRequest + 1; patches > maxPatches {
		t.Errorf("%d PATCH /check-runs requests, want at most %d", patches, maxPatches)
	}
	cr := srv.CheckRuns()[0]
	if len(cr.Annotations) > annotate.AnnotationsPerRuleFile+5 {
		t.Errorf("%d annotations for one rule in one file, want about %d", len(cr.Annotations), annotate.AnnotationsPerRuleFile+1)
	}
	folded := 0
	for _, a := range cr.Annotations {
		if strings.Contains(a.Message, "more like this") {
			folded++
		}
	}
	if folded != 1 || cr.Conclusion != "failure" {
		t.Errorf("%d folded annotations, conclusion %q: want one, failure", folded, cr.Conclusion)
	}
	rep := readReport(t, e.outputs()["report"])
	// The bound is the one the folded finding states (validate's
	// FindingsPerRule): the first of the rule kept, the rest folded into it.
	perRule, kept := foldBound(t, rep.Findings)
	if perRule >= dups || kept != perRule || len(rep.Findings) > perRule+10 {
		t.Errorf("the report keeps %d findings, %d of the folded rule, want about %d (repeats folded)", len(rep.Findings), kept, perRule+1)
	}
	if outs := e.outputs(); outs["errors"] != fmt.Sprint(rep.Summary.Errors) || rep.Summary.Errors < dups || rep.Summary.Errors > dups+5 {
		t.Errorf("outputs errors=%s, report %d errors: want every one of the %d findings counted", outs["errors"], rep.Summary.Errors, dups)
	}
	if !strings.Contains(cr.Summary, "annotated one by one") {
		t.Errorf("the check run summary does not say the annotations were bounded:\n%.800s", cr.Summary)
	}

	// With a read-only token, the fallback workflow commands are bounded too.
	ro := ghfake.New("ghs_other")
	ro.ReadOnlyToken = actToken
	defer ro.Close()
	e2 := newActEnv(t, repo, ro.URL, "pull_request", prEvent(7, head, base), head)
	if code := e2.run(); code != cmdenv.ExitFindings {
		t.Fatalf("read-only token: exit %d, want 1\nstderr:\n%s", code, e2.err.String())
	}
	out := e2.out.String()
	if n := strings.Count(out, "\n::error "); n > ghsink.InlineErrors {
		t.Errorf("%d fallback ::error lines, want at most %d", n, ghsink.InlineErrors)
	}
	total := rep.Summary.Errors + rep.Summary.Warnings + rep.Summary.Notices
	if !strings.Contains(out, fmt.Sprintf("of %d findings were not shown inline", total)) {
		t.Errorf("the fallback does not count every finding:\n%.600s", out[strings.LastIndex(out, "::notice"):])
	}
}
