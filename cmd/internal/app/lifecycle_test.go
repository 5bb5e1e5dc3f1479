package app

import (
	"strings"
	"testing"
)

// TestRemovalByTheRules: check --base judges the removal of a deprecated
// tool by the explicit clock: before the sunset it is the breaking error,
// saying the date; after it a notice that passes the gate; a tool never
// deprecated stays the error it was. changelog --now lists the same, and
// the deprecation added, withdrawn and the new successor.
func TestRemovalByTheRules(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": `{"tools": [
  {"name": "find", "inputSchema": {"type": "object"}},
  {"name": "old_find", "inputSchema": {"type": "object"},
   "_meta": {"io.mcpschema/deprecated": {"since": "1.4.0", "sunset": "2027-01-31", "use": "find"}}},
  {"name": "search", "inputSchema": {"type": "object"},
   "_meta": {"io.mcpschema/deprecated": {"sunset": "2027-06-30", "use": "find"}}},
  {"name": "list", "inputSchema": {"type": "object"}}
]}`})
	actGit(t, repo, "tag", "v1")
	actCommit(t, repo, "head", map[string]string{"tools.json": `{"tools": [
  {"name": "find", "inputSchema": {"type": "object"},
   "_meta": {"io.mcpschema/deprecated": {"sunset": "2028-01-31", "use": "find2"}}},
  {"name": "search", "inputSchema": {"type": "object"},
   "_meta": {"io.mcpschema/deprecated": {"sunset": "2027-06-30", "use": "find2"}}},
  {"name": "find2", "inputSchema": {"type": "object"}}
]}`})

	code, out, errOut := runMain(t, repo, "check", "--base", "v1", "--now", "2027-01-31", "tools.json")
	if code != ExitFindings || !strings.Contains(out, `error: tool "old_find" was removed: callers that name it break; it was removed before its sunset "2027-01-31", announced since "1.4.0" with the successor "find": keep it until after that day [compat.tool.removed]`) ||
		!strings.Contains(out, `error: tool "list" was removed: callers that name it break; keep it, or deprecate it first`) {
		t.Errorf("before the sunset: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runMain(t, repo, "check", "--base", "v1", "--now", "2027-02-01", "--format", "text", "tools.json")
	if !strings.Contains(out, `notice: tool "old_find" was removed after its sunset "2027-01-31", announced since "1.4.0"; callers were told to use "find" [compat.deprecation.removed-after-sunset]`) ||
		!strings.Contains(out, `[compat.tool.removed]`) || strings.Contains(out, `"old_find" was removed: callers`) {
		t.Errorf("after the sunset: exit %d\n%s%s", code, out, errOut)
	}

	code, out, errOut = runMain(t, repo, "changelog", "--base", "v1", "--now", "2027-02-01", "tools.json")
	for _, want := range []string{
		"- deprecation: tool \"find\" is deprecated: sunset \"2028-01-31\", use \"find2\"",
		"- deprecation: tool \"search\" names a new successor, \"find2\" (was \"find\")",
		"### `old_find` (removed)\n\n- changed: tool \"old\\_find\" was removed (was at tools.json:3:3) after its sunset \"2027-01-31\", announced since \"1.4.0\"",
		"compat.deprecation.removed-after-sunset",
		"- breaking: tool \"list\" was removed",
		"1 deprecation change", // not counted
	} {
		if want == "1 deprecation change" {
			if !strings.Contains(out, "2 deprecation changes") {
				t.Errorf("changelog headline lacks the deprecation changes:\n%s", out)
			}
			continue
		}
		if !strings.Contains(out, want) {
			t.Errorf("changelog lacks %q: exit %d\n%s%s", want, code, out, errOut)
		}
	}
	code, _, errOut = runMain(t, repo, "changelog", "--base", "v1", "--now", "soon", "tools.json")
	if code != ExitUsage || !strings.Contains(errOut, `--now: "soon" is not a date`) {
		t.Errorf("changelog --now soon: exit %d, %q", code, errOut)
	}
}

// TestChangelogUndeprecated: a deprecation withdrawn is listed.
func TestChangelogUndeprecated(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": `{"tools": [{"name": "a", "description": "[DEPRECATED — use b] A", "inputSchema": {"type": "object", "properties": {"x": {"type": "string", "deprecated": true}}}}]}`})
	actGit(t, repo, "tag", "v1")
	actCommit(t, repo, "head", map[string]string{"tools.json": `{"tools": [{"name": "a", "description": "A", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}]}`})
	_, out, _ := runMain(t, repo, "changelog", "--base", "v1", "--now", "2026-06-01", "tools.json")
	for _, want := range []string{`- deprecation: tool "a" is no longer deprecated`, `- deprecation: parameter "x" of tool "a" is no longer deprecated`, "Proposed version bump: minor"} {
		if !strings.Contains(out, want) {
			t.Errorf("changelog lacks %q:\n%s", want, out)
		}
	}
}
