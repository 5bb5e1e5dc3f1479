package action

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestHeadClock: the payload's head_commit timestamp of the head commit
// wins; one of another commit is not read; without it and without git
// (a directory that is no repository) the clock is today, with a note.
func TestHeadClock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tgt := target{HeadSHA: strings.Repeat("a", 40)}
	ev := &actionEvent{}
	ev.HeadCommit = &struct {
		ID        string `json:"id"`
		Timestamp string `json:"timestamp"`
	}{ID: tgt.HeadSHA, Timestamp: "2027-02-01T09:00:00+01:00"}
	if got, note := headClock(context.Background(), dir, tgt, ev); note != "" || !got.Equal(time.Date(2027, 2, 1, 8, 0, 0, 0, time.UTC)) {
		t.Errorf("payload: %v %q", got, note)
	}
	ev.HeadCommit.ID = strings.Repeat("b", 40)
	before := time.Now()
	got, note := headClock(context.Background(), dir, tgt, ev)
	if got.Before(before) || !strings.Contains(note, "the date of the head commit aaaaaaaaaaaa is unknown (not in the event payload, and git cannot read it): deprecations and ignore expiry were judged on today, ") {
		t.Errorf("fallback: %v %q", got, note)
	}
}
