//go:build linux

package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// runnerUID is the runner user of GitHub-hosted runners: it owns
// RUNNER_TEMP/_github_home, mounted as HOME in the Docker action's
// container, which runs as root.
const runnerUID = 1001

// asRunner runs name args... as the runner user and returns what it said.
func asRunner(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: runnerUID, Gid: runnerUID}}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestActionReportReadableByRunnerUser: in the Docker
// action's container (root) the JSON report goes into a new directory under
// the runner user's _github_home; a later step, run as the runner user,
// reads the file the "report" output names, and the runner removes its
// temporary directory at the end of the job. A root-only 0700 directory
// broke both ("Permission denied"). The SARIF file written into the
// checkout is the runner user's too.
func TestActionReportReadableByRunnerUser(t *testing.T) {
	toolrepo.EndToEnd(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root: it checks what the action running as root leaves for another user")
	}
	top, err := os.MkdirTemp("", "runner-temp-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(top) })
	home := filepath.Join(top, "_github_home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{top, home} {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(p, runnerUID, runnerUID); err != nil {
			t.Fatal(err)
		}
	}
	defer func(h string) { DockerHome = h }(DockerHome)
	DockerHome = home

	// The checkout, the runner user's too.
	repo := filepath.Join(top, "workspace")
	if err := os.Mkdir(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "pr", map[string]string{"tools/tools.json": toolsJSON(2, 1, 0)})
	if out, err := exec.Command("chown", "-R", "1001:1001", repo).CombinedOutput(); err != nil {
		t.Fatalf("chown: %v: %s", err, out)
	}
	e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
	e.vars["INPUT_SARIF"] = "out/deep/mcpschema.sarif"
	e.vars["INPUT_GITHUB-TOKEN"] = ""
	e.vars["INPUT_BASE"] = ""
	e.vars["RUNNER_TEMP"] = "/home/runner/work/_temp" // the host's path: not mounted
	e.vars["HOME"] = home
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	shown := e.outputs()["report"]
	rel, ok := strings.CutPrefix(shown, "/home/runner/work/_temp/_github_home/")
	if !ok {
		t.Fatalf("report output %q: want a path under RUNNER_TEMP/_github_home", shown)
	}
	report := filepath.Join(home, rel)
	if out, err := asRunner("cat", report); err != nil || !strings.Contains(out, `"summary"`) {
		t.Errorf("reading the report as uid %d: %v: %.200s", runnerUID, err, out)
	}
	if out, err := asRunner("rm", "-rf", filepath.Dir(report)); err != nil {
		t.Errorf("removing the report directory as uid %d (the runner's cleanup): %v: %s", runnerUID, err, out)
	}
	// The SARIF file and the directories made for it: actions/checkout's
	// clean of the next run (git clean -ffdx, as the runner user) removes them.
	if out, err := asRunner("cat", filepath.Join(repo, "out", "deep", "mcpschema.sarif")); err != nil || !strings.Contains(out, `"2.1.0"`) {
		t.Errorf("reading the SARIF file as uid %d: %v: %.200s", runnerUID, err, out)
	}
	if out, err := asRunner("rm", "-rf", filepath.Join(repo, "out")); err != nil {
		t.Errorf("removing the SARIF file's directory as uid %d: %v: %s", runnerUID, err, out)
	}
}
