package action

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionInterruptedExits130: the action, interrupted, publishes no
// result and exits 130.
func TestActionInterruptedExits130(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo, base, head, merge := prRepo(t)
	e := newActEnv(t, repo, "http://127.0.0.1:1", "pull_request", prEvent(7, head, base), merge)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code := Main(ctx, []string{"action"}, cmdenv.Env{Stdout: &e.out, Stderr: &e.err, Getenv: func(k string) string { return e.vars[k] }})
	if code != cmdenv.ExitInterrupted || !strings.Contains(e.err.String(), "interrupted") {
		t.Errorf("exit %d, stderr %q: want %d and interrupted", code, e.err.String(), cmdenv.ExitInterrupted)
	}
	if e.file("summary.md") != "" || e.outputs()["errors"] != "" {
		t.Errorf("an interrupted action published a result: summary %q, outputs %v", e.file("summary.md"), e.outputs())
	}
}
