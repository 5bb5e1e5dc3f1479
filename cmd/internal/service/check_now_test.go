package service

import (
	"strings"
	"testing"
)

// TestCheckNowClock: check --now fixes the day deprecations are judged on,
// so that a run is reproducible: the same tools are clean before the
// sunset, warn the day after it, and --fail-on warning fails only then
// (a --now that is not a date is check's usage error: cmd/internal/app).
func TestCheckNowClock(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"tools.json": `{"tools": [
  {"name": "old_find", "inputSchema": {"type": "object"},
   "_meta": {"io.mcpschema/deprecated": {"since": "1.4.0", "sunset": "2027-01-31", "use": "find"}}},
  {"name": "find", "inputSchema": {"type": "object"}}
]}`,
	})
	for _, tc := range []struct {
		now  string
		code int
		want string
	}{
		{"2027-01-31", exitOK, ""},
		{"2027-01-31T23:59:59Z", exitOK, ""},
		{"2027-02-01", exitFindings, `tools.json:3:70: warning: tool "old_find" is still shipped after its sunset "2027-01-31", deprecated since "1.4.0"`},
	} {
		code, out, errOut := runCheck(t, dir, "--now", tc.now, "--fail-on", "warning", "tools.json")
		if code != tc.code {
			t.Errorf("--now %s: exit %d, want %d\n%s%s", tc.now, code, tc.code, out, errOut)
		}
		if tc.want != "" && !strings.Contains(out, tc.want) {
			t.Errorf("--now %s: output lacks %q:\n%s", tc.now, tc.want, out)
		}
		if tc.want == "" && strings.Contains(out, "sunset-passed") {
			t.Errorf("--now %s: a sunset not passed warns:\n%s", tc.now, out)
		}
	}
}
