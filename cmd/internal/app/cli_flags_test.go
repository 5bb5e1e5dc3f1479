package app

import (
	"strings"
	"testing"
)

// TestChangelogAndSnapshotFlagsAsEveryCommand: `help changelog` and
// `changelog --help` list changelog's flags, and an unknown or bad flag of
// changelog and snapshot is reported once, as --flag, with the nearest
// flag (as for check and rules), not as Go's "-flag" with Go's usage.
func TestChangelogAndSnapshotFlagsAsEveryCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{{"help", "changelog"}, {"changelog", "--help"}} {
		_, out, _ := runMain(t, dir, args...)
		for _, want := range []string{"--base REF", "--head REF", "--base-mode MODE", "--format FORMAT", "--config FILE"} {
			if !strings.Contains(out, want) {
				t.Errorf("%q lacks %q:\n%s", args, want, out)
			}
		}
	}
	// check's --base-mode names its value MODE too, not MERGE-BASE.
	if _, out, _ := runMain(t, dir, "help", "check"); !strings.Contains(out, "--base-mode MODE ") {
		t.Errorf("help check lacks %q:\n%s", "--base-mode MODE", out)
	}
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"changelog", "--bse", "v1"}, "mcpschema changelog: unknown flag --bse: did you mean --base?\n"},
		{[]string{"snapshot", "--chek", "x.json", "--", "srv"}, "mcpschema snapshot: unknown flag --chek: did you mean --check?\n"},
		{[]string{"snapshot", "--timeout", "abc", "--", "srv"}, "mcpschema snapshot: invalid value \"abc\" for flag --timeout: parse error\n"},
	}
	for _, c := range cases {
		code, out, errOut := runMain(t, dir, c.args...)
		if code != ExitUsage || out != "" || !strings.HasPrefix(errOut, c.want) || strings.Count(errOut, "abc") > 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr:\n%s\nwant it to start with %q (once)", c.args, code, out, errOut, c.want)
		}
		if strings.Contains(errOut, "\n  -") || strings.Contains(errOut, "flag provided but not defined") {
			t.Errorf("%q prints Go's flag usage:\n%s", c.args, errOut)
		}
	}
}

// TestUnknownValuesSuggestNearest: an unknown format of changelog and
// snapshot and an unknown --base-mode name the nearest value, as the
// README says of every unknown format ("did you mean").
func TestUnknownValuesSuggestNearest(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool})
	actGit(t, dir, "init", "-q", "-b", "main")
	actGit(t, dir, "add", "-A")
	actGit(t, dir, "commit", "-qm", "base")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"changelog", "--base", "main", "--format", "jsn", "tools/*.json"}, `unknown format "jsn": did you mean "json"?`},
		{[]string{"snapshot", "--format", "mcpdsc", "--", "srv"}, `unknown format "mcpdsc": did you mean "mcpdesc"?`},
		{[]string{"check", "--base", "main", "--base-mode", "tipp", "tools/*.json"}, `unknown --base-mode "tipp": did you mean "tip"?`},
	}
	for _, c := range cases {
		code, _, errOut := runMain(t, dir, c.args...)
		if code != ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want %q", c.args, code, errOut, c.want)
		}
	}
}

// TestReadmeUsageListsEveryCommand: the README's "Usage" synopsis and the
// one of docs/cli.md ("Commands") list every command of `mcpschema help`,
// as the help writes it (changelog and snapshot were missing).
func TestReadmeUsageListsEveryCommand(t *testing.T) {
	t.Parallel()
	for doc, heading := range map[string]string{"README.md": "\n## Usage\n\n```\n", "docs/cli.md": "\n## Commands\n\n```\n"} {
		_, after, _ := strings.Cut(readDoc(t, doc), heading)
		block, _, ok := strings.Cut(after, "```")
		if !ok {
			t.Errorf("%s has no synopsis block after %q", doc, strings.TrimSpace(heading))
			continue
		}
		for _, c := range commands {
			if !strings.Contains(block, "mcpschema "+synopsis(c)+"\n") {
				t.Errorf("%s synopsis lacks %q (as `mcpschema help` writes it):\n%s", doc, "mcpschema "+synopsis(c), block)
			}
		}
	}
}

// TestSnapshotHelpNamesFlagValues: snapshot's flags name their values as
// check's do (--format FORMAT), not with Go's type names (STRING, VALUE).
func TestSnapshotHelpNamesFlagValues(t *testing.T) {
	t.Parallel()
	_, out, _ := runMain(t, t.TempDir(), "help", "snapshot")
	for _, want := range []string{"--format FORMAT", "--header HEADER", "--url URL", "--check FILE"} {
		if !strings.Contains(out, want) {
			t.Errorf("help snapshot lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{" STRING ", " VALUE "} {
		if strings.Contains(out, bad) {
			t.Errorf("help snapshot names a value %q:\n%s", bad, out)
		}
	}
}
