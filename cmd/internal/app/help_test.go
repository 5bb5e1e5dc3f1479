package app

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
)

// TestHelpEveryCommand: `help CMD`, `CMD --help`, `CMD -h` and `CMD
// -help` print the command's help to standard output and exit 0, for every
// command in the listing (today `rules --help` looked up a rule named
// "--help" and `action --help` printed an error twice).
func TestHelpEveryCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range commands {
		for _, args := range [][]string{{"help", c.name}, {c.name, "--help"}, {c.name, "-h"}, {c.name, "-help"}} {
			code, out, errOut := runMain(t, dir, args...)
			if code != ExitOK || errOut != "" || !strings.HasPrefix(out, "usage: mcpschema "+c.name) {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want the help of %s", args, code, out, errOut, c.name)
			}
			if strings.Contains(out, "::error") {
				t.Errorf("%q printed a workflow error: %q", args, out)
			}
		}
	}
	// Help after patterns and other flags, too.
	if code, out, _ := runMain(t, dir, "check", "a.json", "--format", "json", "--help"); code != ExitOK || !strings.Contains(out, "--protocol-version") {
		t.Errorf("check a.json --help: exit %d, %q", code, out)
	}
	// After "--", -h is a pattern, not a request for help.
	if code, out, _ := runMain(t, dir, "check", "--", "-h"); code == ExitOK || strings.HasPrefix(out, "usage:") {
		t.Errorf("check -- -h: exit %d, %q; want -h taken as a pattern", code, out)
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, _ := runMain(t, dir, args...)
		if code != ExitOK {
			t.Errorf("%q: exit %d", args, code)
		}
		for _, c := range commands {
			if !strings.Contains(out, "\n  "+c.name) {
				t.Errorf("%q: listing lacks %s:\n%s", args, c.name, out)
			}
		}
	}
}

// TestHelpFlagsAsInREADME: flags print as --flag VALUE, never Go's -flag.
func TestHelpFlagsAsInREADME(t *testing.T) {
	t.Parallel()
	_, out, _ := runMain(t, t.TempDir(), "help", "check")
	for _, want := range []string{"--format FORMAT", "--base REF", "--head REF", "--protocol-version VERSION", "--fail-on SEVERITY", "--config FILE", "--config-from REF", "--output FILE"} {
		if !strings.Contains(out, want) {
			t.Errorf("help check lacks %q:\n%s", want, out)
		}
	}
	if m := regexp.MustCompile(`(?m)^\s+-[a-z]`).FindString(out); m != "" {
		t.Errorf("help check prints a single-dash flag %q:\n%s", m, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len([]rune(line)) > helpWidth {
			t.Errorf("help line over %d columns: %q", helpWidth, line)
		}
	}
}

// TestUnknownSuggests: unknown commands, flags, formats and rule ids name
// the nearest one, exit 2 and print nothing on standard output.
func TestUnknownSuggests(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.json": goodTool})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"chek"}, "unknown command \"chek\": did you mean `check`?"},
		{[]string{"rule"}, "did you mean `rules`?"},
		{[]string{"help", "chekc"}, "did you mean `check`?"},
		{[]string{"check", "--formt", "json", "a.json"}, "unknown flag --formt: did you mean --format?"},
		{[]string{"check", "a.json", "--protocol-versions", "2025-11-25"}, "did you mean --protocol-version?"},
		{[]string{"check", "--format", "jsn", "a.json"}, "unknown format \"jsn\": did you mean \"json\"?"},
		{[]string{"check", "--fail-on", "warnng", "a.json"}, "did you mean \"warning\"? use error, warning, notice or never"},
		{[]string{"check", "--format"}, "flag --format needs a value"},
		{[]string{"rules", "mcp.tool.name.requried"}, "did you mean mcp.tool.name.required?"},
		{[]string{"rules", "--format", "jsno"}, "did you mean \"json\"?"},
		{[]string{"rules", "--fromat", "json"}, "did you mean --format?"},
	} {
		code, out, errOut := runMain(t, dir, tc.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, errOut, tc.want)
		}
		if strings.Contains(errOut, " -formt") || strings.Contains(errOut, "flag provided") {
			t.Errorf("%q: Go's flag wording leaked: %q", tc.args, errOut)
		}
	}
	// Nothing near: no guess.
	if _, _, errOut := runMain(t, dir, "deploy"); strings.Contains(errOut, "did you mean") {
		t.Errorf("deploy: %q", errOut)
	}
}

// TestRulesFitsAndJSON: `rules` fits 100 columns without COLUMNS or a
// terminal and names every rule; --format json gives every field of every rule.
func TestRulesFitsAndJSON(t *testing.T) {
	t.Parallel()
	code, out, _ := runMain(t, t.TempDir(), "rules")
	if code != ExitOK {
		t.Fatalf("rules: exit %d", code)
	}
	for _, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > 100 {
			t.Errorf("line of %d columns: %q", n, line)
		}
	}
	for _, r := range ruleset.All().All() {
		if !strings.Contains(out, "\n"+r.ID+" ") {
			t.Errorf("rules lacks %s", r.ID)
		}
	}
	if _, full, _ := runMain(t, t.TempDir(), "rules", "--full"); !strings.Contains(full, "(2025-06-18+)") {
		t.Errorf("rules --full does not show a rule's versions:\n%s", full)
	}
	code, out, _ = runMain(t, t.TempDir(), "rules", "--format", "json")
	var list []jsonRule
	if err := json.Unmarshal([]byte(out), &list); err != nil || code != ExitOK {
		t.Fatalf("rules --format json: exit %d, %v", code, err)
	}
	if len(list) != len(ruleset.All().All()) {
		t.Errorf("%d rules in json, want %d", len(list), len(ruleset.All().All()))
	}
	for _, r := range list {
		if r.ID == "" || r.Owner == "" || r.Level == "" || r.Severity == "" || len(r.Versions) == 0 || r.Summary == "" || r.Doc == "" || r.Fix == "" {
			t.Errorf("rule %q lacks a field: %+v", r.ID, r)
		}
	}
	code, out, _ = runMain(t, t.TempDir(), "rules", "mcp.tool.name.required", "--format", "json")
	var one jsonRule
	if err := json.Unmarshal([]byte(out), &one); err != nil || code != ExitOK || one.ID != "mcp.tool.name.required" {
		t.Errorf("rules ID --format json: exit %d, %v, %+v", code, err, one)
	}
}
