package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"github.com/mcpschema/mcpschema/internal/testsupport/wfcmd"
)

// TestActionFatalErrorNoCommandInjection (item 5): the action's own fatal
// error names the config's pattern; printed raw on stderr it would set an
// output through a legacy command.
func TestActionFatalErrorNoCommandInjection(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "base", map[string]string{
		".mcpschema.yaml": "files: [\"tools/none-##[set-output name=errors;]0\"]\n",
		"tools/a.json":    goodTool,
	})
	e := newActEnv(t, repo, "http://127.0.0.1:1", "push", `{}`, sha)
	e.vars["INPUT_FILES"] = ""
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != cmdenv.ExitUsage {
		t.Fatalf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	if !strings.Contains(e.err.String(), "none-") {
		t.Fatalf("stderr does not name the pattern:\n%s", e.err.String())
	}
	for _, c := range wfcmd.Unexpected(e.out.String()+e.err.String(), "error") {
		t.Errorf("the runner sees command %q in line %q", c.Name, c.Line)
	}
}
