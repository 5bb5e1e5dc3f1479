package service

import (
	"encoding/json"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"os"
	"sort"
	"strings"
	"testing"
)

// reportOf runs check with --format json and parses the report.
func reportOf(t *testing.T, dir string, args ...string) (int, report.Report, string) {
	t.Helper()
	code, out, errOut := runCheck(t, dir, append([]string{"--format", "json"}, args...)...)
	var rep report.Report
	if code != exitUsage {
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%q: exit %d, stderr %q: %v\n%s", args, code, errOut, err, out)
		}
	}
	return code, rep, errOut
}

func filePaths(rep report.Report) string {
	var out []string
	for _, f := range rep.Files {
		out = append(out, f.Path)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func rulesOf(rep report.Report) string {
	var out []string
	for _, f := range rep.Findings {
		out = append(out, f.Severity.String()+" "+f.Rule+" "+f.File)
	}
	return strings.Join(out, "\n")
}

// treeWithDependencies is a repository with tool files, a package.json in
// node_modules and vendor, and tools to exclude.
var treeWithDependencies = map[string]string{
	"tools/a.json":                  goodTool,
	"tools/legacy/old.json":         badTool,
	"tools/a.test.json":             badTool,
	"node_modules/foo/package.json": `{"name": "foo", "version": "1.0.0"}`,
	"vendor/lib/tools.json":         badTool,
}

// TestExcludesAndSkippedDirectories: "**/*.json" does not walk
// into node_modules or vendor; "!pattern" on the command line and exclude:
// in the config remove matches; a pattern naming node_modules reads it; and
// the working tree and --head HEAD read the same files.
func TestExcludesAndSkippedDirectories(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "tree", treeWithDependencies)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"**/*.json"}, "tools/a.json tools/a.test.json tools/legacy/old.json"},
		{[]string{"**/*.json", "!tools/legacy/**", "!**/*.test.json"}, "tools/a.json"},
		{[]string{"!tools/legacy", "**/*.json", "!tools/*.test.json"}, "tools/a.json"},
		{[]string{"tools/*.json", "node_modules/foo/package.json"}, "node_modules/foo/package.json tools/a.json tools/a.test.json"},
		{[]string{"vendor/**/*.json"}, "vendor/lib/tools.json"},
	} {
		for _, head := range [][]string{nil, {"--head", "HEAD"}} {
			_, rep, errOut := reportOf(t, repo, append(head, tc.args...)...)
			if got := filePaths(rep); got != tc.want {
				t.Errorf("%q %q: files %q, want %q (stderr %q)", head, tc.args, got, tc.want, errOut)
			}
		}
	}
	// exclude: in the config applies to the config's files and to the command line's patterns.
	if err := os.WriteFile(repo+"/.mcpschema.yaml", []byte("files: ['**/*.json']\nexclude:\n  - tools/legacy/**\n  - '**/*.test.json'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	actCommit(t, repo, "config", nil)
	for _, args := range [][]string{nil, {"--head", "HEAD"}, {"tools/*.json"}, {"--head", "HEAD", "tools/**"}} {
		code, rep, errOut := reportOf(t, repo, args...)
		if got := filePaths(rep); code != exitOK || got != "tools/a.json" {
			t.Errorf("config exclude, %q: exit %d, files %q, stderr %q", args, code, got, errOut)
		}
	}
	// "!pattern" entries in the config's files.
	if err := os.WriteFile(repo+"/.mcpschema.yaml", []byte("files:\n  - '**/*.json'\n  - '!tools/legacy/**'\n  - '!**/*.test.json'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	actCommit(t, repo, "config files with excludes", nil)
	for _, args := range [][]string{nil, {"--head", "HEAD"}} {
		code, rep, errOut := reportOf(t, repo, args...)
		if got := filePaths(rep); code != exitOK || got != "tools/a.json" {
			t.Errorf("config files excludes, %q: exit %d, files %q, stderr %q", args, code, got, errOut)
		}
	}
	// Only excludes: a usage error.
	if code, _, errOut := reportOf(t, repo, "!tools/**"); code != exitUsage || !strings.Contains(errOut, "only excludes") {
		t.Errorf("only an exclude: exit %d, %q", code, errOut)
	}
}

// TestConfigExcludeInvalid: exclude: takes a list of strings.
func TestConfigExcludeInvalid(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.json": goodTool, ".mcpschema.yaml": "exclude: {a: 1}\n"})
	if code, _, errOut := runCheck(t, dir, "a.json"); code != exitUsage || !strings.Contains(errOut, "expected a list of strings") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// TestPatternUnmatched: a pattern that matches nothing is a
// warning on that pattern and the other files are still checked (failing
// case); patterns that all match are silent (passing case); when no
// pattern matches, the run stops with exit status 2.
func TestPatternUnmatched(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool, "tools/bad.json": badTool,
		"conf/.mcpschema.yaml": "files:\n  - tools/*.json\n  - nothing/*.json\n"})
	code, out, errOut := runCheck(t, dir, "tools/*.json", "nothing/*.json")
	if code != exitFindings {
		t.Fatalf("exit %d, %q", code, errOut)
	}
	for _, want := range []string{"\nmcpschema: warning: pattern \"nothing/*.json\" matches no file: fix or remove it", "[mcpschema.files.pattern-unmatched]", "tools/bad.json:1:"} {
		if !strings.Contains("\n"+out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Passing: every pattern matches.
	_, rep, _ := reportOf(t, dir, "tools/*.json", "tools/a.json")
	if strings.Contains(rulesOf(rep), "pattern-unmatched") {
		t.Errorf("a pattern that matches was reported:\n%s", rulesOf(rep))
	}
	// From the config: the warning points at the pattern in the config file.
	_, rep, errOut = reportOf(t, dir, "--config", "conf/.mcpschema.yaml")
	var found *report.Finding
	for i, f := range rep.Findings {
		if f.Rule == RulePatternUnmatched.ID {
			found = &rep.Findings[i]
		}
	}
	if found == nil || found.File != "conf/.mcpschema.yaml" || found.Pointer != "/files/1" || found.Line != 3 || found.Severity.String() != "warning" {
		t.Errorf("config pattern finding %+v (stderr %q)", found, errOut)
	}
	// The severity can be set like any rule's.
	dir2 := writeFiles(t, map[string]string{"a.json": goodTool, ".mcpschema.yaml": "rules:\n  mcpschema.files.pattern-unmatched: error\n"})
	if code, out, _ := runCheck(t, dir2, "a.json", "b.json"); code != exitFindings || !strings.Contains(out, `error: pattern "b.json" matches no file`) {
		t.Errorf("raised severity: exit %d\n%s", code, out)
	}
	// No pattern matches: exit 2, naming them.
	code, _, errOut = runCheck(t, dir, "nothing/*.json", "none.json")
	if code != exitUsage || !strings.Contains(errOut, `no pattern matches a file: "nothing/*.json", "none.json"`) {
		t.Errorf("no match at all: exit %d, %q", code, errOut)
	}
	// A pattern whose only match is excluded matches nothing.
	code, _, errOut = runCheck(t, dir, "tools/a.json", "!tools/a.json")
	if code != exitUsage || !strings.Contains(errOut, `pattern "tools/a.json" matches no file`) {
		t.Errorf("excluded: exit %d, %q", code, errOut)
	}
}

// TestPatternMatchingOnlyAtBaseIsDeletion: a pull request that
// deletes the only tool file reports compat.tool.removed instead of
// stopping on "pattern matches no file", from the working tree and from
// --head; a pattern that matches neither tree stops the run.
func TestPatternMatchingOnlyAtBaseIsDeletion(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": toolsJSON(2, 0, 0), "README.md": "x"})
	actGit(t, repo, "rm", "-q", "tools.json")
	actCommit(t, repo, "delete the tools", nil)
	for _, head := range [][]string{nil, {"--head", "HEAD"}} {
		args := append(append([]string{"--base", "HEAD~1", "--base-mode", "tip"}, head...), "*.json")
		code, rep, errOut := reportOf(t, repo, args...)
		if code != exitFindings || !strings.Contains(rulesOf(rep), "error compat.tool.removed tools.json") || strings.Contains(rulesOf(rep), "pattern-unmatched") {
			t.Errorf("%q: exit %d, stderr %q, findings:\n%s", args, code, errOut, rulesOf(rep))
		}
	}
	code, _, errOut := reportOf(t, repo, "--base", "HEAD~1", "--base-mode", "tip", "*.yaml")
	if code != exitUsage || !strings.Contains(errOut, `pattern "*.yaml" matches no file in the working tree nor at the base `) {
		t.Errorf("no match in either tree: exit %d, %q", code, errOut)
	}
	// A second pattern matching nothing anywhere is a warning beside the removal.
	_, rep, _ := reportOf(t, repo, "--base", "HEAD~1", "--base-mode", "tip", "*.json", "*.yaml")
	if got := rulesOf(rep); !strings.Contains(got, "warning mcpschema.files.pattern-unmatched") || !strings.Contains(got, "compat.tool.removed") {
		t.Errorf("findings:\n%s", got)
	}
}

// TestBaseFormatChanged: a file that held another structure at
// the base gives a notice that nothing there was comparable, not "2 tools
// added", from the working tree and from --head.
func TestBaseFormatChanged(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.json": `{"version": 1, "servers": {"a": "b"}}`})
	actCommit(t, repo, "head", map[string]string{"tools.json": toolsJSON(2, 0, 0)})
	for _, head := range [][]string{nil, {"--head", "HEAD"}} {
		args := append(append([]string{"--base", "HEAD~1", "--base-mode", "tip"}, head...), "tools.json")
		code, rep, errOut := reportOf(t, repo, args...)
		got := rulesOf(rep)
		if code != exitOK || got != "notice compat.file.base-not-comparable tools.json" {
			t.Errorf("%q: exit %d, stderr %q, findings:\n%s", args, code, errOut, got)
		}
		if len(rep.Findings) == 1 && (rep.Findings[0].Base == nil || !strings.Contains(rep.Findings[0].Message, "held no tool definitions at the base revision")) {
			t.Errorf("finding %+v", rep.Findings[0])
		}
	}
}
