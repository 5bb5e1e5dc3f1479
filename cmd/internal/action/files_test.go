package action

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestReportBase: RUNNER_TEMP when it exists; in the Docker action's
// container, where only RUNNER_TEMP/_github_home is mounted (as HOME,
// /github/home), the report goes there and the output names the host path.
func TestReportBase(t *testing.T) {
	temp := t.TempDir()
	env := map[string]string{"RUNNER_TEMP": temp}
	if dir, shown := reportBase(func(k string) string { return env[k] }); dir != temp || shown != temp {
		t.Errorf("on a runner: %q %q, want RUNNER_TEMP", dir, shown)
	}
	home := t.TempDir()
	defer func(h string) { DockerHome = h }(DockerHome)
	DockerHome = home
	env = map[string]string{"RUNNER_TEMP": "/home/runner/work/_temp", "HOME": home}
	if dir, shown := reportBase(func(k string) string { return env[k] }); dir != home || shown != "/home/runner/work/_temp/_github_home" {
		t.Errorf("in the container: %q %q, want HOME and the host's RUNNER_TEMP/_github_home", dir, shown)
	}
}

// TestActionWritesDoNotFollowCommittedSymlinks: a pull
// request commits `.mcpschema-report/report.json` and `out` as symbolic
// links to files outside the workspace (the event file later steps read);
// the action must write neither through them. The JSON report goes under
// RUNNER_TEMP; a SARIF path through a link, outside the workspace or
// absolute is refused, and the run says so.
func TestActionWritesDoNotFollowCommittedSymlinks(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	victims := t.TempDir()
	event := filepath.Join(victims, "event.json")
	if err := os.WriteFile(event, []byte("original"), 0o644); err != nil {
		t.Fatal(err)
	}
	actGit(t, repo, "init", "-q", "-b", "main")
	if err := os.MkdirAll(filepath.Join(repo, ".mcpschema-report"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{".mcpschema-report/report.json": event, "out": victims, "report.sarif": event} {
		if err := os.Symlink(target, filepath.Join(repo, link)); err != nil {
			t.Skipf("no symlinks: %v", err)
		}
	}
	sha := actCommit(t, repo, "pr", map[string]string{"tools/tools.json": toolsJSON(2, 1, 0)})
	for _, sarif := range []string{"out/mcpschema.sarif", "report.sarif", "../mcpschema.sarif", filepath.Join(victims, "abs.sarif")} {
		e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
		e.vars["INPUT_GITHUB-TOKEN"] = ""
		e.vars["INPUT_SARIF"] = sarif
		e.vars["INPUT_BASE"] = ""
		if code := e.run(); code != cmdenv.ExitFindings {
			t.Fatalf("sarif %q: exit %d\n%s\n%s", sarif, code, e.out.String(), e.err.String())
		}
		if b, _ := os.ReadFile(event); string(b) != "original" {
			t.Fatalf("sarif %q: the event file outside the workspace was overwritten: %.80q", sarif, b)
		}
		entries, _ := os.ReadDir(victims)
		if len(entries) != 1 {
			t.Errorf("sarif %q: files written outside the workspace: %v", sarif, entries)
		}
		rp := e.outputs()["report"]
		if !strings.HasPrefix(rp, e.dir+string(filepath.Separator)) {
			t.Errorf("sarif %q: report output %q, want a path under RUNNER_TEMP %q", sarif, rp, e.dir)
		} else if rep := readReport(t, rp); rep.Summary.Errors != 1 {
			t.Errorf("report at %q has %d errors, want 1", rp, rep.Summary.Errors)
		}
		if s := e.file("summary.md"); !strings.Contains(s, "SARIF") || !strings.Contains(s, "not written") {
			t.Errorf("sarif %q: the job summary does not say the SARIF file was refused:\n%s", sarif, s)
		}
		if !strings.Contains(e.out.String(), "::notice") || !strings.Contains(e.out.String(), "SARIF") {
			t.Errorf("sarif %q: no notice about the SARIF file:\n%s", sarif, e.out.String())
		}
	}
}

// TestActionSARIFInWorkspace: a plain SARIF path is written, and an existing
// regular file there is replaced.
func TestActionSARIFInWorkspace(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "pr", map[string]string{"tools/tools.json": toolsJSON(2, 1, 0), "out/deep/mcpschema.sarif": "old"})
	e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
	e.vars["INPUT_GITHUB-TOKEN"] = ""
	e.vars["INPUT_SARIF"] = "out/deep/mcpschema.sarif"
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	b, err := os.ReadFile(filepath.Join(repo, "out", "deep", "mcpschema.sarif"))
	if err != nil || !strings.Contains(string(b), `"version": "2.1.0"`) {
		t.Errorf("sarif not written: %v %.100q", err, b)
	}
}

// TestActionFilesExcludes: the action's files input takes
// "!pattern" lines, and a line that matches nothing is a warning.
func TestActionFilesExcludes(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "tree", treeWithDependencies)
	e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
	e.vars["INPUT_FILES"] = "**/*.json\n!tools/legacy/**\n!**/*.test.json\nmissing/*.json"
	e.vars["INPUT_BASE"] = ""
	e.vars["INPUT_FAIL-ON"] = "error"
	if code := e.run(); code != cmdenv.ExitOK {
		t.Fatalf("exit %d: %s %s", code, e.out.String(), e.err.String())
	}
	data, err := os.ReadFile(e.outputs()["report"])
	if err != nil {
		t.Fatalf("report: %v (outputs %v)", err, e.outputs())
	}
	var rep report.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if got := filePaths(rep); got != "tools/a.json" {
		t.Errorf("files %q", got)
	}
	if got := rulesOf(rep); got != "warning mcpschema.files.pattern-unmatched " {
		t.Errorf("findings:\n%s", got)
	}
}

// TestActionFilesInputStaysInWorkspace: the action's files input cannot
// name absolute paths or leave the workspace (the config's files:
// TestConfigFilesStayInWorkspace in cmd/internal/app).
func TestActionFilesInputStaysInWorkspace(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "pr", map[string]string{"tools/a.json": goodTool})
	for _, pat := range []string{"/etc/passwd", "../*.json", "tools/a.json\n../../x.json"} {
		e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
		e.vars["INPUT_FILES"] = pat
		e.vars["INPUT_BASE"] = ""
		if code := e.run(); code != cmdenv.ExitUsage || !strings.Contains(e.err.String(), "workspace") {
			t.Errorf("input files %q: exit %d, stderr %q", pat, code, e.err.String())
		}
	}
}

// TestActionFilesInputBracesStayInWorkspace: a brace alternative of the
// action's files input that leaves the workspace is a usage error.
func TestActionFilesInputBracesStayInWorkspace(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "pr", map[string]string{"tools/a.json": goodTool})
	for _, pat := range []string{"{tools,../outside}/*.json", "{/etc/passwd,tools/a.json}"} {
		e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
		e.vars["INPUT_FILES"] = pat
		e.vars["INPUT_BASE"] = ""
		if code := e.run(); code != cmdenv.ExitUsage || !strings.Contains(e.err.String(), "workspace") {
			t.Errorf("input files %q: exit %d, stderr %q", pat, code, e.err.String())
		}
	}
}
