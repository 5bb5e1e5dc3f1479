package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
)

// manyToolFiles writes files tool files of tools tools each under tools/.
func manyToolFiles(t *testing.T, dir string, files, tools int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	for f := range files {
		var b strings.Builder
		b.WriteString(`{"tools": [`)
		for i := range tools {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"name": "t%d_%d", "description": "d", "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "pattern": "^[a-z]+$"}}, "required": ["q"]}}`, f, i)
		}
		b.WriteString("]}\n")
		if err := os.WriteFile(filepath.Join(dir, "tools", fmt.Sprintf("f%04d.json", f)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCheckInterruptedExits130: a check whose context is cancelled (Ctrl-C)
// stops, says "interrupted" and exits 130, with no report on stdout: never
// a green result, never a partial report shown as complete.
func TestCheckInterruptedExits130(t *testing.T) {
	dir := t.TempDir()
	manyToolFiles(t, dir, 20, 10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, format := range []string{"text", "json", "github"} {
		var out, errb bytes.Buffer
		code := Main(ctx, []string{"check", "--format", format, "tools/*.json"}, Env{Stdout: &out, Stderr: &errb, Dir: dir, Getenv: func(string) string { return "" }})
		if code != ExitInterrupted {
			t.Errorf("%s: exit %d, want %d\nstderr: %s", format, code, ExitInterrupted, errb.String())
		}
		if !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("%s: stderr %q does not say interrupted", format, errb.String())
		}
		if out.Len() != 0 {
			t.Errorf("%s: an interrupted run printed a report:\n%.300s", format, out.String())
		}
	}
}

// TestRunInterruptedStopsThePool: Run returns the context's error when it
// is cancelled, not a report.
func TestRunInterruptedStopsThePool(t *testing.T) {
	dir := t.TempDir()
	manyToolFiles(t, dir, 20, 10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, RunOptions{Rules: ruleset.All(), Dir: dir, Patterns: []string{"tools/*.json"}})
	if !errors.Is(err, context.Canceled) || res != nil {
		t.Fatalf("Run on a cancelled context: %v, %v; want context.Canceled and no result", res, err)
	}
}

// TestCheckSIGINTSubprocess: a built binary checking many tools, sent
// SIGINT while it runs, exits 130 and says "interrupted" (the exit code is
// asserted, not the time it took).
func TestCheckSIGINTSubprocess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and generates a large input")
	}
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send on windows")
	}
	bin := filepath.Join(t.TempDir(), "mcpschema")
	build := exec.Command("go", "build", "-o", bin, "github.com/mcpschema/mcpschema/cmd/mcpschema")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	manyToolFiles(t, dir, 2000, 100) // 200,000 tools
	cmd := exec.Command(bin, "check", "--format", "json", "tools/*.json")
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Give the process time to install its handler and start checking.
	time.Sleep(500 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != ExitInterrupted {
		t.Fatalf("exit %v, want status %d\nstderr: %s", err, ExitInterrupted, errb.String())
	}
	if !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("stderr %q does not say interrupted", errb.String())
	}
	if out.Len() != 0 {
		t.Errorf("an interrupted run printed a report:\n%.300s", out.String())
	}
}

// TestChangelogInterruptedExits130: changelog, too, stops on Ctrl-C with
// exit 130 and no output.
func TestChangelogInterruptedExits130(t *testing.T) {
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/tools.json": toolsJSON(3, 0, 0)})
	actCommit(t, repo, "head", map[string]string{"tools/tools.json": toolsJSONBreaking(3, 0, 0, true)})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := Main(ctx, []string{"changelog", "--base", base, "tools/*.json"}, Env{Stdout: &out, Stderr: &errb, Dir: repo, Getenv: func(string) string { return "" }})
	if code != ExitInterrupted || !strings.Contains(errb.String(), "interrupted") || out.Len() != 0 {
		t.Errorf("exit %d, stderr %q, stdout %q: want %d, interrupted, nothing", code, errb.String(), out.String(), ExitInterrupted)
	}
}

// TestActionInterruptedExits130: the action, interrupted, publishes no
// result and exits 130.
func TestActionInterruptedExits130(t *testing.T) {
	repo, base, head, merge := prRepo(t)
	e := newActEnv(t, repo, "http://127.0.0.1:1", "pull_request", prEvent(7, head, base), merge)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code := Main(ctx, []string{"action"}, Env{Stdout: &e.out, Stderr: &e.err, Getenv: func(k string) string { return e.vars[k] }})
	if code != ExitInterrupted || !strings.Contains(e.err.String(), "interrupted") {
		t.Errorf("exit %d, stderr %q: want %d and interrupted", code, e.err.String(), ExitInterrupted)
	}
	if e.file("summary.md") != "" || e.outputs()["errors"] != "" {
		t.Errorf("an interrupted action published a result: summary %q, outputs %v", e.file("summary.md"), e.outputs())
	}
}
