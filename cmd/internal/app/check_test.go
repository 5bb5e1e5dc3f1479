package app

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

// update rewrites the golden files of this package's tests (updating).
var update = flag.Bool("update", false, "rewrite the golden files")

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func runMain(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(context.Background(), args, Env{Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(string) string { return "" }})
	return code, out.String(), errb.String()
}

const goodTool = `{"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"], "additionalProperties": false}}`

func TestCheckCleanAndExitCodes(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"tools/a.json":   goodTool,
		"tools/b.snap":   strings.Replace(goodTool, "echo", "echo2", 1),
		"tools/bad.json": `{"name": "bad"}`,
	})
	code, out, errOut := runMain(t, dir, "check", "tools/*.snap")
	if code != ExitOK {
		t.Fatalf("clean file: exit %d, out %q err %q", code, out, errOut)
	}
	code, out, _ = runMain(t, dir, "check", "tools/**/*.json", "--format", "json")
	if code != ExitFindings {
		t.Fatalf("missing inputSchema: exit %d, out %s", code, out)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json output: %v\n%s", err, out)
	}
	if rep.Version != 1 || rep.Summary.Files != 2 || rep.Summary.Errors == 0 {
		t.Errorf("unexpected report: %+v", rep.Summary)
	}
	code, _, _ = runMain(t, dir, "check", "--fail-on", "never", "tools/bad.json")
	if code != ExitOK {
		t.Errorf("--fail-on never: exit %d", code)
	}
}

func TestCheckUsageErrors(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.json": goodTool})
	for name, args := range map[string][]string{
		"no match":        {"check", "nothing/*.json"},
		"missing file":    {"check", "missing.json"},
		"bad format":      {"check", "--format", "xml", "a.json"},
		"bad version":     {"check", "--protocol-version", "2099-01-01", "a.json"},
		"bad fail-on":     {"check", "--fail-on", "sometimes", "a.json"},
		"missing config":  {"check", "--config", "nope.yaml", "a.json"},
		"unknown command": {"frobnicate"},
		"unknown rule":    {"rules", "no.such.rule"},
	} {
		code, _, errOut := runMain(t, dir, args...)
		if code != ExitUsage || errOut == "" {
			t.Errorf("%s: exit %d, stderr %q", name, code, errOut)
		}
	}
	_, _, errOut := runMain(t, dir, "check", "nothing/*.json")
	if !strings.Contains(errOut, `pattern "nothing/*.json" matches no file`) {
		t.Errorf("no-match message: %q", errOut)
	}
}

func TestCheckUnreadableKeepsGoing(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool, "tools/sub.json/x": "{}"})
	outside := writeFiles(t, map[string]string{"secret.json": goodTool})
	if err := os.Symlink(filepath.Join(outside, "secret.json"), filepath.Join(dir, "tools", "link.json")); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runMain(t, dir, "check", "tools/a.json", "tools/link.json", "tools/sub.json")
	if code != ExitFindings {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	for _, want := range []string{
		"tools/link.json:1:1: error: symbolic link points outside the repository",
		"tools/sub.json:1:1: error: path is a directory",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "tools/a.json:") {
		t.Errorf("clean file reported:\n%s", out)
	}
}

func TestRulesCommand(t *testing.T) {
	t.Parallel()
	code, out, _ := runMain(t, "", "rules")
	if code != ExitOK || !strings.Contains(out, "mcpschema.file.syntax") {
		t.Fatalf("rules listing: %d %s", code, out)
	}
	code, out, _ = runMain(t, "", "rules", "mcpschema.file.syntax")
	if code != ExitOK || !strings.Contains(out, "fix:") {
		t.Fatalf("rule doc: %d %s", code, out)
	}
}

// TestCheckFailOnBogus: a --fail-on that is not one names the choices (the
// config's fail-on positions: the service's TestConfigErrorPositions).
func TestCheckFailOnBogus(t *testing.T) {
	t.Parallel()
	_, _, errOut := runMain(t, writeFiles(t, map[string]string{"a.json": goodTool}), "check", "--fail-on", "bogus", "a.json")
	if !strings.Contains(errOut, "use error, warning, notice or never") {
		t.Errorf("--fail-on message: %q", errOut)
	}
}
