package app

import (
	"strings"
	"testing"
)

// TestCheckNowNotADate: a --now that is not a date is a usage error (the
// clock itself: the service's TestCheckNowClock).
func TestCheckNowNotADate(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools.json": `{"tools": [{"name": "find", "inputSchema": {"type": "object"}}]}`})
	code, _, errOut := runMain(t, dir, "check", "--now", "next week", "tools.json")
	if code != ExitUsage || !strings.Contains(errOut, `--now: "next week" is not a date: write YYYY-MM-DD`) {
		t.Errorf("--now next week: exit %d, %q", code, errOut)
	}
}
