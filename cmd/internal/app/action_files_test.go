package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionWritesDoNotFollowCommittedSymlinks (issue 10 item 3): a pull
// request commits `.mcpschema-report/report.json` and `out` as symbolic
// links to files outside the workspace (the event file later steps read);
// the action must write neither through them. The JSON report goes under
// RUNNER_TEMP; a SARIF path through a link, outside the workspace or
// absolute is refused, and the run says so.
func TestActionWritesDoNotFollowCommittedSymlinks(t *testing.T) {
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
		if code := e.run(); code != ExitFindings {
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
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "pr", map[string]string{"tools/tools.json": toolsJSON(2, 1, 0), "out/deep/mcpschema.sarif": "old"})
	e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
	e.vars["INPUT_GITHUB-TOKEN"] = ""
	e.vars["INPUT_SARIF"] = "out/deep/mcpschema.sarif"
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	b, err := os.ReadFile(filepath.Join(repo, "out", "deep", "mcpschema.sarif"))
	if err != nil || !strings.Contains(string(b), `"version": "2.1.0"`) {
		t.Errorf("sarif not written: %v %.100q", err, b)
	}
}

// TestCheckOutputNotThroughLink (item 3, CLI): `check --output` does not
// write through a committed link at the path.
func TestCheckOutputNotThroughLink(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool})
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("original"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(dir, "out.sarif")); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	code, _, errOut := runMain(t, dir, "check", "--format", "sarif", "--output", "out.sarif", "tools/a.json")
	if b, _ := os.ReadFile(victim); string(b) != "original" || code != ExitUsage {
		t.Errorf("exit %d (%q), victim %.40q: want a usage error and the link's target untouched", code, errOut, b)
	}
}
