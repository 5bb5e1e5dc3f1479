package action

import (
	"context"
	"fmt"
	"time"

	"github.com/mcpschema/mcpschema/internal/load"
)

// headClock is the run's clock in the action: the commit date of the head
// (the pull request's head, the pushed commit, the merge group's head), so
// that a re-run of the same commit judges deprecations and ignore expiry on
// the same day. It is read from the event payload (a push's head_commit)
// or from git (the committer date); when neither has it, today, with a note.
func headClock(ctx context.Context, dir string, tgt target, ev *actionEvent) (time.Time, string) {
	if hc := ev.HeadCommit; hc != nil && hc.Timestamp != "" && (hc.ID == "" || hc.ID == tgt.HeadSHA) {
		if t, err := time.Parse(time.RFC3339, hc.Timestamp); err == nil {
			return t, ""
		}
	}
	if tgt.HeadSHA != "" {
		if out, err := load.GitOut(ctx, dir, "show", "-s", "--format=%cI", tgt.HeadSHA, "--"); err == nil {
			if t, err := time.Parse(time.RFC3339, out); err == nil {
				return t, ""
			}
		}
	}
	now := time.Now()
	what := "the head commit"
	if tgt.HeadSHA != "" {
		what = fmt.Sprintf("the head commit %.12s", tgt.HeadSHA)
	}
	return now, fmt.Sprintf("the date of %s is unknown (not in the event payload, and git cannot read it): deprecations and ignore expiry were judged on today, %s (UTC), instead", what, now.UTC().Format("2006-01-02"))
}
