package app

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mcpschema/mcpschema/internal/report"
)

// TestConfigFromWithoutAnyConfigIsNoChange: a repository with no config at
// the trusted revision nor in the working tree (every new user's) has no
// config change; the action's pull request summary must not say
// `config ".mcpschema.yaml" is new`.
func TestConfigFromWithoutAnyConfigIsNoChange(t *testing.T) {
	t.Parallel()
	repo, _, _, _ := trustRepo(t, "", "")
	code, out, errOut := runMain(t, repo, "check", "--config-from", "HEAD~2", "tools/*.json")
	if code != ExitOK || strings.Contains(out, "config change") {
		t.Errorf("text: exit %d, want 0 and no config change\n%s%s", code, out, errOut)
	}
	code, out, _ = runMain(t, repo, "check", "--config-from", "HEAD~2", "--format", "json", "tools/*.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != ExitOK || rep.ConfigChange != nil {
		t.Errorf("json: exit %d, %v, configChange %+v, want none", code, err, rep.ConfigChange)
	}
}

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

// TestReadmeUsageListsEveryCommand: the README's "Usage" synopsis lists
// every command of `mcpschema help`, as the help writes it (changelog and
// snapshot were missing).
func TestReadmeUsageListsEveryCommand(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(string(data), "\n## Usage\n\n```\n")
	block, _, ok := strings.Cut(after, "```")
	if !ok {
		t.Fatal("README.md has no Usage synopsis block")
	}
	for _, c := range commands {
		if !strings.Contains(block, "mcpschema "+synopsis(c)+"\n") {
			t.Errorf("README Usage synopsis lacks %q (as `mcpschema help` writes it):\n%s", "mcpschema "+synopsis(c), block)
		}
	}
}

// TestChangelogRenamedToolAddsNoArguments: a tool renamed (guessed from an
// equivalent inputSchema, or named in the config's aliases) keeps its
// arguments: the changelog lists the rename, not its old arguments as
// added, and only what the renamed tool really added.
func TestChangelogRenamedToolAddsNoArguments(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": `{"tools": [
  {"name": "delete_comment", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}},
  {"name": "find", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}
]}
`})
	actCommit(t, repo, "head", map[string]string{
		"tools.json": `{"tools": [
  {"name": "remove_comment", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}},
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}}}
]}
`,
		DefaultConfigName: "aliases:\n  search: find\n"})
	code, out, errOut := runMain(t, repo, "changelog", "--base", "HEAD~1", "tools.json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"### `remove_comment` (renamed)", "### `search` (renamed)", `- added: argument "limit" added (optional)`, "1 addition"} {
		if !strings.Contains(out, want) {
			t.Errorf("changelog lacks %q:\n%s", want, out)
		}
	}
	for _, bad := range []string{`argument "id" added`, `argument "q" added`} {
		if strings.Contains(out, bad) {
			t.Errorf("changelog lists a renamed tool's old argument as added (%q):\n%s", bad, out)
		}
	}
}

// TestPreCommitHookFilesMatchSnapshots: the files `mcpschema snapshot`
// writes as the README shows them (tools.snapshot.json, and --split
// __toolsnaps__, which writes <tool>.json) are checked by the pre-commit
// hook.
func TestPreCommitHookFilesMatchSnapshots(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct{ Files string }
	if err := yaml.Unmarshal(data, &hooks); err != nil || len(hooks) != 1 {
		t.Fatalf("hooks: %v", err)
	}
	re := regexp.MustCompile(hooks[0].Files)
	for _, name := range []string{"tools.snapshot.json", "__toolsnaps__/get_weather.json", "srv/__toolsnaps__/search.json"} {
		if !re.MatchString(name) {
			t.Errorf("files: does not match %q", name)
		}
	}
	if re.MatchString("__toolsnaps__/a/b.json") {
		t.Errorf("files: matches a file below __toolsnaps__/a/")
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
