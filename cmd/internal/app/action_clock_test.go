package app

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// TestActionClockIsTheHeadCommitDate: the action judges removals of
// deprecated tools on the head commit's date, not on the wall clock, so a
// re-run gives the same result: the head (committed on 2026-01-01, the
// test repositories' clock) removes one tool whose sunset was 2025-12-31
// (a notice) and one whose sunset is 2026-01-01, the day itself (the
// breaking error, saying the date; on the wall clock, later, it would be
// a notice). A push event's head_commit timestamp is read from the
// payload (headClock's own test has the fallback to today).
func TestActionClockIsTheHeadCommitDate(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/tools.json": `{"tools": [
  {"name": "find", "inputSchema": {"type": "object"}},
  {"name": "gone_before", "inputSchema": {"type": "object"}, "_meta": {"io.mcpschema/deprecated": {"since": "1.2.0", "sunset": "2025-12-31", "use": "find"}}},
  {"name": "gone_on_the_day", "inputSchema": {"type": "object"}, "_meta": {"io.mcpschema/deprecated": {"since": "1.3.0", "sunset": "2026-01-01", "use": "find"}}}
]}`})
	head := actCommit(t, repo, "head", map[string]string{"tools/tools.json": `{"tools": [{"name": "find", "inputSchema": {"type": "object"}}]}`})
	srv := ghfake.New(actToken)
	defer srv.Close()

	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	if code := e.run(); code != ExitFindings {
		t.Fatalf("exit %d, want 1 (the removal on the sunset day)\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	got := map[string]string{}
	for _, f := range rep.Findings {
		got[f.Rule] += f.Message + "\n"
	}
	if !strings.Contains(got["compat.deprecation.removed-after-sunset"], `tool "gone_before" was removed (was at tools/tools.json:3:3) after its sunset "2025-12-31", announced since "1.2.0"`) ||
		!strings.Contains(got["compat.tool.removed"], `tool "gone_on_the_day" was removed (was at tools/tools.json:4:3): callers that name it break; it was removed before its sunset "2026-01-01"`) {
		t.Errorf("judged on another day than the head commit's (2026-01-01):\n%v", got)
	}
	for _, n := range rep.Notes {
		if strings.Contains(n, "is unknown") {
			t.Errorf("note %q: the head commit's date is in git", n)
		}
	}

	// a push: the payload's head_commit timestamp (2027-02-01) is the clock
	push := fmt.Sprintf(`{"before": %q, "after": %q, "ref": "refs/heads/main", "head_commit": {"id": %q, "timestamp": "2027-02-01T09:00:00+01:00"}}`, base, head, head)
	e = newActEnv(t, repo, srv.URL, "push", push, head)
	if code := e.run(); code != ExitOK {
		t.Fatalf("push judged on 2027-02-01: exit %d, want 0 (both removed after their sunsets)\n%s\n%s", code, e.out.String(), e.err.String())
	}
}
