package ghsink

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

func TestCheckRunAnnotationsInBatches(t *testing.T) {
	h := newHarness(t, token)
	rep := findingsReport(123)
	res, err := publish(h, rep)
	if err != nil {
		t.Fatal(err)
	}
	runs := h.srv.CheckRuns()
	if len(runs) != 1 {
		t.Fatalf("%d check runs, want 1", len(runs))
	}
	cr := runs[0]
	if cr.HeadSHA != "abc123" || cr.Status != "completed" || cr.Conclusion != "failure" {
		t.Errorf("check run %+v: want head abc123, completed, failure", cr)
	}
	if got := cr.Batches; len(got) != 3 || got[0] != 50 || got[1] != 50 || got[2] != 23 {
		t.Errorf("annotation batches %v, want [50 50 23]", got)
	}
	if len(cr.Annotations) != 123 || res.Annotations != 123 || res.Total != 123 || !res.Completed || res.Cut {
		t.Errorf("%d annotations posted, result %+v", len(cr.Annotations), res)
	}
	for i, a := range cr.Annotations {
		f := rep.Findings[i]
		if a.Path != f.File || a.StartLine != f.Line || a.StartColumn == nil || *a.StartColumn != f.Column || a.Title != annotate.Title(f, testRules) || !strings.HasPrefix(a.Title, f.Tool+": ") || a.Message != f.Message {
			t.Fatalf("annotation %d = %+v, want finding %+v", i, a, f)
		}
	}
	annJSON, _ := json.MarshalIndent(cr.Annotations[:4], "", "  ")
	golden.Check(t, "checkrun.requests.txt", []byte(requestsText(h.srv.Requests())))
	golden.Check(t, "checkrun.annotations.json", append(annJSON, '\n'))
	golden.Check(t, "checkrun.title.txt", []byte(cr.Title+"\n"))
	golden.Check(t, "checkrun.summary.md", []byte(cr.Summary))
	if len(h.sleeps) != 0 || h.log.Len() != 0 {
		t.Errorf("no retry expected: sleeps %v, log %q", h.sleeps, h.log.String())
	}
}

func TestCheckRunSuccessWithoutFindings(t *testing.T) {
	h := newHarness(t, token)
	rep := &report.Report{Files: []report.FileSummary{{Path: "tools/a.json", Tools: 1, Complete: true}}}
	rep.Finalize()
	if _, err := publish(h, rep); err != nil {
		t.Fatal(err)
	}
	cr := h.srv.CheckRuns()[0]
	if cr.Conclusion != "success" || len(cr.Annotations) != 0 {
		t.Errorf("check run %+v: want success, no annotations", cr)
	}
	golden.Check(t, "checkrun.clean-summary.md", []byte(cr.Summary))
	if got := requestsText(h.srv.Requests()); got != "POST /repos/acme/tools/check-runs -> 201\nPATCH /repos/acme/tools/check-runs/1001 -> 200\n" {
		t.Errorf("requests:\n%s", got)
	}
}

func TestCheckRunLongSummaryIsCutWithNote(t *testing.T) {
	h := newHarness(t, token)
	rep := findingsReport(2500)
	res, err := publish(h, rep)
	if err != nil {
		t.Fatal(err)
	}
	cr := h.srv.CheckRuns()[0]
	// 4 rules in 2 files: 100 annotations of each, and one "more like this" each.
	want := 4 * (annotate.AnnotationsPerRuleFile + 1)
	if len(cr.Annotations) != want || res.Total != want || !res.Cut {
		t.Fatalf("%d annotations (total %d), cut=%v: want %d and a cut summary", len(cr.Annotations), res.Total, res.Cut, want)
	}
	if len(cr.Summary) > ghfake.MaxSummary || !strings.Contains(cr.Summary, "This summary is cut") ||
		!strings.Contains(cr.Summary, "400 of 2500 findings are annotated one by one") {
		t.Errorf("summary of %d bytes lacks the cut note:\n%s", len(cr.Summary), cr.Summary[max(0, len(cr.Summary)-500):])
	}
	for _, r := range h.srv.Requests() {
		if r.Status != 200 && r.Status != 201 {
			t.Errorf("request %+v was rejected", r)
		}
		if r.Annotations > ghfake.MaxAnnotations {
			t.Errorf("request %+v carried more than 50 annotations", r)
		}
	}
}

func TestCheckRunReadOnlyToken(t *testing.T) {
	h := newHarness(t, roToken)
	res, err := publish(h, findingsReport(5))
	var ce *CreateError
	if !errors.As(err, &ce) || !IsForbidden(err) {
		t.Fatalf("err = %v, want a forbidden *CreateError", err)
	}
	if res.ID != 0 || len(h.srv.CheckRuns()) != 0 || len(h.sleeps) != 0 {
		t.Errorf("result %+v, %d check runs, sleeps %v: want nothing created and no retry", res, len(h.srv.CheckRuns()), h.sleeps)
	}
	want := `could not create the check run: 403 "Resource not accessible by integration"`
	if err.Error() != want {
		t.Errorf("err = %q, want %q", err, want)
	}
	noToken(t, err.Error(), h.log.String())
}

func TestCheckRunBadToken(t *testing.T) {
	h := newHarness(t, "ghs_wrong")
	_, err := publish(h, findingsReport(1))
	if err == nil || StatusCode(err) != 401 || IsForbidden(err) {
		t.Fatalf("err = %v, want 401 bad credentials", err)
	}
}

func TestCheckRunRetries502Once(t *testing.T) {
	h := newHarness(t, token)
	h.srv.AddFault(ghfake.Fault{Method: "POST", PathSuffix: "/check-runs", Status: 502, Body: `{"message":"Server Error"}`, Times: 1})
	if _, err := publish(h, findingsReport(60)); err != nil {
		t.Fatal(err)
	}
	if len(h.srv.CheckRuns()) != 1 || len(h.srv.CheckRuns()[0].Annotations) != 60 {
		t.Fatalf("check runs %+v", h.srv.CheckRuns())
	}
	if len(h.sleeps) != 1 || h.sleeps[0] != time.Second {
		t.Errorf("sleeps %v, want [1s]", h.sleeps)
	}
	golden.Check(t, "retry-502.log", h.log.Bytes())
	golden.Check(t, "retry-502.requests.txt", []byte(requestsText(h.srv.Requests())))
}

func TestCheckRunSecondaryRateLimit(t *testing.T) {
	h := newHarness(t, token)
	h.srv.AddFault(ghfake.Fault{Method: "PATCH", PathSuffix: "/check-runs/1001", Status: 403, Times: 1,
		Header: map[string]string{"Retry-After": "7"},
		Body:   `{"message":"You have exceeded a secondary rate limit.","documentation_url":"https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`})
	if _, err := publish(h, findingsReport(70)); err != nil {
		t.Fatal(err)
	}
	cr := h.srv.CheckRuns()[0]
	if len(cr.Annotations) != 70 || cr.Conclusion != "failure" {
		t.Errorf("%d annotations, conclusion %q", len(cr.Annotations), cr.Conclusion)
	}
	if len(h.sleeps) != 1 || h.sleeps[0] != 7*time.Second {
		t.Errorf("sleeps %v, want [7s] from Retry-After", h.sleeps)
	}
	golden.Check(t, "retry-secondary.log", h.log.Bytes())
}

func TestCheckRunSecondaryRateLimitWithoutRetryAfter(t *testing.T) {
	h := newHarness(t, token)
	h.srv.AddFault(ghfake.Fault{Method: "POST", Status: 403, Times: 2,
		Body: `{"message":"You have exceeded a secondary rate limit. Please wait a few minutes before you try again.","documentation_url":"https://docs.github.com/free-pro-team@latest/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits"}`})
	if _, err := publish(h, findingsReport(3)); err != nil {
		t.Fatal(err)
	}
	if len(h.sleeps) != 2 || h.sleeps[0] != time.Minute || h.sleeps[1] != 2*time.Minute {
		t.Errorf("sleeps %v, want [1m 2m]", h.sleeps)
	}
}

func TestCheckRunGivesUpAfterBoundedRetries(t *testing.T) {
	h := newHarness(t, token)
	h.srv.AddFault(ghfake.Fault{Status: 503, Body: `{"message":"Service Unavailable"}`})
	_, err := publish(h, findingsReport(3))
	var ce *CreateError
	if !errors.As(err, &ce) || StatusCode(err) != 503 || IsForbidden(err) {
		t.Fatalf("err = %v, want a 503 *CreateError", err)
	}
	if len(h.srv.Requests()) != 4 || len(h.sleeps) != 3 || h.sleeps[2] != 4*time.Second {
		t.Errorf("%d requests, sleeps %v: want 4 attempts, backoff 1s 2s 4s", len(h.srv.Requests()), h.sleeps)
	}
	golden.Check(t, "retry-exhausted.log", h.log.Bytes())
}

func TestCheckRunRetryAfterTooLongGivesUp(t *testing.T) {
	h := newHarness(t, token)
	h.srv.AddFault(ghfake.Fault{Status: 429, Header: map[string]string{"Retry-After": "3600"}, Body: `{"message":"slow down"}`})
	_, err := publish(h, findingsReport(3))
	if err == nil || StatusCode(err) != 429 || len(h.sleeps) != 0 || len(h.srv.Requests()) != 1 {
		t.Fatalf("err %v, sleeps %v, %d requests: want an immediate 429 failure", err, h.sleeps, len(h.srv.Requests()))
	}
	if !strings.Contains(h.log.String(), "asks to wait 1h0m0s, longer than 2m0s; giving up") {
		t.Errorf("log %q", h.log.String())
	}
}

func TestCheckRunBatchFailureStillCompletes(t *testing.T) {
	h := newHarness(t, token)
	// The second annotation batch is refused for good (422 is not retried).
	rep := findingsReport(120)
	h.srv.AddFault(ghfake.Fault{Method: "PATCH", PathSuffix: "/check-runs/1001", After: 1, Times: 1, Status: 422, Body: `{"message":"Invalid request."}`})
	res, err := publish(h, rep)
	if err == nil || !strings.Contains(err.Error(), "could not add check run annotations 51 to 100 of 120: 422") {
		t.Fatalf("err = %v", err)
	}
	if !res.Completed || res.Annotations != 50 {
		t.Errorf("result %+v: want completed with 50 annotations counted", res)
	}
	cr := h.srv.CheckRuns()[0]
	if len(cr.Annotations) != 50 {
		t.Errorf("%d annotations on the server, want 50", len(cr.Annotations))
	}
	if cr.Conclusion != "failure" || !strings.Contains(cr.Summary, "Only 50 of 120 annotations could be added as annotations here: the job summary lists every finding") {
		t.Errorf("conclusion %q, summary:\n%s", cr.Conclusion, cr.Summary[:300])
	}
}

func TestCheckRunSummaryRejectedFallsBack(t *testing.T) {
	h := newHarness(t, token)
	h.srv.AddFault(ghfake.Fault{Method: "PATCH", Status: 422, Times: 1,
		Body: `{"message":"Invalid request.\n\nOnly 65535 characters are allowed; 70000 were supplied."}`})
	res, err := publish(h, findingsReport(0))
	if err != nil || !res.Completed || !res.Cut {
		t.Fatalf("err %v, result %+v", err, res)
	}
	cr := h.srv.CheckRuns()[0]
	if cr.Conclusion != "success" || !strings.Contains(cr.Summary, "The full summary was rejected (422") {
		t.Errorf("check run %+v", cr)
	}
}

func TestRateLimitIsNotForbidden(t *testing.T) {
	h := newHarness(t, token)
	h.srv.AddFault(ghfake.Fault{Status: 403, Header: map[string]string{"Retry-After": "1"}, Body: `{"message":"You have exceeded a secondary rate limit."}`})
	_, err := publish(h, findingsReport(1))
	if err == nil || IsForbidden(err) || len(h.sleeps) != 3 {
		t.Fatalf("err %v (forbidden %v), sleeps %v: want a rate-limit failure after 3 waits, not a permission error", err, IsForbidden(err), h.sleeps)
	}
}

// TestCheckRunAnnotationsSkipFileless: a finding without a file (a
// run-level one) gets no annotation with an empty path; the located one
// does.
func TestCheckRunAnnotationsSkipFileless(t *testing.T) {
	rep := &report.Report{Findings: []report.Finding{
		{Rule: "mcpschema.files.pattern-unmatched", Severity: rules.Warning, Message: `pattern "x/*.json" matches no file`},
		{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "tools/a.json", Line: 2, Column: 3, Message: "m", Tool: "t"},
	}}
	got := Annotations(rep, testRules)
	if len(got) != 1 || got[0].GetPath() != "tools/a.json" {
		t.Fatalf("annotations %+v: want only the located finding", got)
	}
	for _, a := range got {
		if a.GetPath() == "" {
			t.Errorf("annotation with an empty path: %+v", a)
		}
	}
}

// TestCheckRunFailOnIncompleteSaysWhy: a check run failed by fail-on
// incomplete (no error) says in its summary that the report is incomplete
// and fail-on is incomplete.
func TestCheckRunFailOnIncompleteSaysWhy(t *testing.T) {
	h := newHarness(t, token)
	rep := &report.Report{Files: []report.FileSummary{{Path: "tools/a.json", Tools: 1, Complete: false}},
		Findings: []report.Finding{{Rule: "json-schema.tool-schema.valid", Severity: rules.Warning, File: "tools/a.json", Line: 3, Column: 5,
			Message: `$ref "https://example.com/s.json" is not fetched`, Tool: "t", Incomplete: true}}}
	rep.Finalize()
	_, err := h.client.PublishCheckRun(context.Background(), CheckRun{Owner: "acme", Repo: "tools", HeadSHA: "abc123", Rules: testRules,
		Name: "mcpschema", Report: rep, Gate: report.Gate{FailOn: rules.Error, Incomplete: true}, Failed: true, Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	cr := h.srv.CheckRuns()[0]
	if cr.Conclusion != "failure" || strings.Contains(cr.Summary, "fail-on: `error`") ||
		!strings.Contains(cr.Summary, "Failed because the report is incomplete: 1 finding could not be checked in full (`tools/a.json:3:5`), and fail-on is incomplete.") {
		t.Errorf("conclusion %s, summary:\n%s", cr.Conclusion, cr.Summary)
	}
}

// TestCheckRunAnnotationsAreCapped: a flood of findings (50,000 of one rule
// in one file, and 40 of a rule in each of 60 files) costs a bounded number
// of requests: repeats of a rule in a file are folded into one "and N more
// like this" annotation and a run sends at most AnnotationsPerRun
// annotations, errors first; the summary still counts every finding.
func TestCheckRunAnnotationsAreCapped(t *testing.T) {
	h := newHarness(t, token)
	rep := &report.Report{}
	rep.Files = append(rep.Files, report.FileSummary{Path: "tools/flood.json", Tools: 1, Complete: true})
	for i := range 50_000 {
		rep.Findings = append(rep.Findings, report.Finding{Rule: "mcpschema.file.duplicate-key", Severity: rules.Error,
			File: "tools/flood.json", Line: i + 1, Column: 3, Pointer: fmt.Sprintf("/tools/0/x%d", i), Message: fmt.Sprintf("duplicate key %d", i)})
	}
	for f := range 60 {
		path := fmt.Sprintf("tools/f%02d.json", f)
		rep.Files = append(rep.Files, report.FileSummary{Path: path, Tools: 1, Complete: true})
		for i := range 40 {
			sev, rule := rules.Warning, "mcp.tool.schema.native-shape"
			if f == 59 {
				sev, rule = rules.Error, "json-schema.tool-schema.valid"
			}
			rep.Findings = append(rep.Findings, report.Finding{Rule: rule, Severity: sev, File: path, Line: i + 1, Column: 1,
				Pointer: fmt.Sprintf("/tools/%d", i), Message: fmt.Sprintf("finding %d", i)})
		}
	}
	rep.Finalize()
	res, err := publish(h, rep)
	if err != nil {
		t.Fatal(err)
	}
	cr := h.srv.CheckRuns()[0]
	if len(cr.Annotations) != annotate.AnnotationsPerRun {
		t.Errorf("%d annotations, want the run's bound %d", len(cr.Annotations), annotate.AnnotationsPerRun)
	}
	maxRequests := 2 + annotate.AnnotationsPerRun/AnnotationsPerRequest
	if n := len(h.srv.Requests()); n > maxRequests || res.Requests > maxRequests {
		t.Errorf("%d requests, want at most %d (create, %d batches of 50, complete)", n, maxRequests, annotate.AnnotationsPerRun/AnnotationsPerRequest)
	}
	more, floodErrors, lastFileErrors := 0, 0, 0
	for _, a := range cr.Annotations {
		if strings.HasPrefix(a.Message, "and 49900 more like this") {
			more++
		}
		if a.Path == "tools/flood.json" && a.AnnotationLevel == "failure" {
			floodErrors++
		}
		if a.Path == "tools/f59.json" && a.AnnotationLevel == "failure" {
			lastFileErrors++
		}
	}
	if more != 1 || floodErrors != annotate.AnnotationsPerRuleFile+1 {
		t.Errorf("flood file: %d annotations (%d folded ones), want %d and one \"and 49900 more like this\"", floodErrors, more, annotate.AnnotationsPerRuleFile+1)
	}
	if lastFileErrors != 40 {
		t.Errorf("the last file's 40 errors: %d annotated, want all (errors come before warnings under the run's bound)", lastFileErrors)
	}
	if rep.Summary.Errors != 50_040 || rep.Summary.Warnings != 59*40 {
		t.Errorf("summary counts %d errors, %d warnings: want every finding counted", rep.Summary.Errors, rep.Summary.Warnings)
	}
}
