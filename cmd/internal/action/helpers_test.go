package action

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// actToken is the token of the action's tests.
const actToken = "ghs_e2eSECRETtoken0123456789"

// actGit runs git in dir with a fixed identity and clock, so commits are reproducible.
func actGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return toolrepo.Git(t, dir, args...)
}

func actCommit(t *testing.T, dir, msg string, files map[string]string) string {
	t.Helper()
	return toolrepo.Commit(t, dir, msg, files)
}

// prEvent is a pull_request event's payload.
func prEvent(number int, head, base string) string {
	return fmt.Sprintf(`{"number": %d, "pull_request": {"number": %d, "head": {"sha": %q, "repo": {"full_name": "acme/tools"}}, "base": {"sha": %q}}}`,
		number, number, head, base)
}

func init() {
	// API retries wait for nothing in tests.
	RetrySleep = func(context.Context, time.Duration) error { return nil }
}

// toolsJSON is a tools/list result with n tools; the first bad ones have an
// invalid "type" (an error each), the next warn ones lack a root type.
func toolsJSON(n, bad, warn int) string { return toolrepo.ToolsJSON(n, bad, warn) }

// toolsJSONBreaking is toolsJSON whose last tool, when breaking, requires its
// property (a breaking change against toolsJSON).
func toolsJSONBreaking(n, bad, warn int, breaking bool) string {
	return toolrepo.ToolsJSONBreaking(n, bad, warn, breaking)
}

// actEnv is a GitHub Actions environment for a repository and a fake API.
type actEnv struct {
	t    *testing.T
	vars map[string]string
	dir  string
	out  bytes.Buffer
	err  bytes.Buffer
	// args are the arguments of the action (none in a real run).
	args []string
}

func newActEnv(t *testing.T, repo, apiURL, event, eventJSON, sha string) *actEnv {
	t.Helper()
	tmp := t.TempDir()
	evPath := filepath.Join(tmp, "event.json")
	if err := os.WriteFile(evPath, []byte(eventJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	e := &actEnv{t: t, dir: tmp, vars: map[string]string{
		"GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": event, "GITHUB_EVENT_PATH": evPath,
		"GITHUB_REPOSITORY": "acme/tools", "GITHUB_SHA": sha, "GITHUB_WORKSPACE": repo,
		"GITHUB_API_URL": apiURL, "GITHUB_SERVER_URL": "https://github.example", "GITHUB_WORKFLOW": "ci", "GITHUB_JOB": "lint",
		"GITHUB_RUN_ID": "42", "GITHUB_OUTPUT": filepath.Join(tmp, "output"), "GITHUB_STEP_SUMMARY": filepath.Join(tmp, "summary.md"),
		"RUNNER_TEMP": tmp,
		"INPUT_FILES": "tools/*.json", "INPUT_BASE": "auto", "INPUT_FAIL-ON": "error", "INPUT_GITHUB-TOKEN": actToken,
		"INPUT_CHECK-NAME": "mcpschema", "INPUT_COMMENT": "on-findings", "INPUT_SARIF": "out/mcpschema.sarif",
	}}
	return e
}

func (e *actEnv) run() int {
	e.out.Reset()
	e.err.Reset()
	return Main(context.Background(), e.args, cmdenv.Env{Stdout: &e.out, Stderr: &e.err, Getenv: func(k string) string { return e.vars[k] }})
}

func (e *actEnv) file(name string) string {
	b, err := os.ReadFile(filepath.Join(e.dir, name))
	if err != nil {
		return ""
	}
	return string(b)
}

// outputs parses the GITHUB_OUTPUT file.
func (e *actEnv) outputs() map[string]string {
	out := map[string]string{}
	re := regexp.MustCompile(`(?m)^([a-z]+)<<(\S+)\n(.*)\n(\S+)$`)
	for _, m := range re.FindAllStringSubmatch(e.file("output"), -1) {
		out[m[1]] = m[3]
	}
	return out
}

// assertNoToken checks every text the run produced.
func (e *actEnv) assertNoToken(repo string) {
	e.t.Helper()
	texts := map[string]string{"stdout": e.out.String(), "stderr": e.err.String(), "summary": e.file("summary.md"), "outputs": e.file("output")}
	for _, p := range []string{e.outputs()["report"], filepath.Join(repo, "out/mcpschema.sarif")} {
		b, _ := os.ReadFile(p)
		texts[p] = string(b)
	}
	for name, s := range texts {
		if strings.Contains(s, actToken) {
			e.t.Fatalf("the token appears in %s", name)
		}
	}
}

func readReport(t *testing.T, path string) *report.Report {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep report.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	return &rep
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func actGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden %q (run go test -update): %v", path, err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (go test -update after checking):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func requestLines(reqs []ghfake.Request) string {
	var b strings.Builder
	for _, r := range reqs {
		fmt.Fprintf(&b, "%s %s -> %d", r.Method, r.Path, r.Status)
		if r.Annotations > 0 {
			fmt.Fprintf(&b, " annotations=%d", r.Annotations)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// prRepo builds a repository with a base commit, a head commit with 70
// errors and 5 warnings, and a merge commit (checked out, = GITHUB_SHA)
// whose tool file is shifted by three lines, like a merge with the base
// branch that touched the file.
func prRepo(t *testing.T) (repo, base, head, merge string) {
	repo = t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base = actCommit(t, repo, "base", map[string]string{"tools/tools.json": toolsJSON(80, 0, 0)})
	head = actCommit(t, repo, "head", map[string]string{"tools/tools.json": toolsJSONBreaking(80, 70, 5, true)})
	merge = actCommit(t, repo, "merge", map[string]string{"tools/tools.json": "\n\n\n" + toolsJSONBreaking(80, 70, 5, true)})
	return repo, base, head, merge
}

// The trust fixtures: toolrepo's (the service's, the CLI's and the action's tests share them).
const (
	trustBaseTools = toolrepo.TrustBaseTools
	trustHeadTools = toolrepo.TrustHeadTools
)

func trustRepo(t *testing.T, baseCfg, headCfg string) (repo, base, head, merge string) {
	t.Helper()
	return toolrepo.TrustRepo(t, baseCfg, headCfg)
}
