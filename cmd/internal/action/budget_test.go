package action

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionRunTimeoutCoversPublishing: limits.run-timeout bounds the API
// phase too. With an API that stops answering while the check run's
// annotations are sent, the run gives up at its budget instead of waiting,
// fails closed with the reason, and loses no finding: the workflow
// annotations, the job summary, the outputs and the JSON report carry them.
func TestActionRunTimeoutCoversPublishing(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	cfg := "files: [\"tools/*.json\"]\nlimits:\n  run-timeout: 3s\n"
	base := actCommit(t, repo, "base", map[string]string{"tools/tools.json": toolsJSON(5, 0, 0), service.DefaultConfigName: cfg})
	head := actCommit(t, repo, "head", map[string]string{"tools/tools.json": toolsJSON(5, 2, 1)})
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	srv.StallMax = time.Minute
	srv.Stall = func(method, path string) bool { return method == "PATCH" && strings.Contains(path, "/check-runs/") }
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	started := time.Now()
	code := e.run()
	if code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	t.Logf("run took %s", time.Since(started))
	if time.Since(started) >= time.Minute {
		t.Fatalf("the run waited for the stalled API")
	}
	out := e.out.String()
	const reason = "the run's time budget of 3s (limits.run-timeout) ran out while publishing (check-run)"
	if !strings.Contains(out, "::notice title=mcpschema::"+reason) {
		t.Errorf("no notice of the budget:\n%s", out)
	}
	if !strings.Contains(out, "\n::error file=tools/tools.json") {
		t.Errorf("the findings did not fall back to workflow annotations:\n%s", out)
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.Summary.Errors < 2 || len(rep.Findings) < 3 {
		t.Errorf("the report lost findings: %+v", rep.Summary)
	}
	if sum := e.file("summary.md"); !strings.Contains(sum, reason) || !strings.Contains(sum, "failed") {
		t.Errorf("job summary lacks the reason or the failure:\n%.1200s", sum)
	}
	if outs := e.outputs(); outs["errors"] == "" || outs["errors"] == "0" {
		t.Errorf("outputs %v", outs)
	}
}
