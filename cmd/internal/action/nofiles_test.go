package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionWithoutFilesNamesTheInput: an action run without a "files"
// input and without files: in the config stops with exit 2 naming the
// action's "files" input and the config's files key, not the CLI's
// "give patterns" (TestCheckWithoutFilesGivesPatterns in cmd/internal/app).
func TestActionWithoutFilesNamesTheInput(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := prRepo(t)
	e := newActEnv(t, repo, "http://127.0.0.1:1", "pull_request", prEvent(7, head, base), merge)
	e.vars["INPUT_FILES"] = ""
	code := e.run()
	msg := e.err.String() + e.out.String()
	if code != cmdenv.ExitUsage || !strings.Contains(msg, `no files to check: set the action's "files" input (for example files: 'tools/**/*.json'), or the "files" key of the config file (.mcpschema.yaml)`) ||
		strings.Contains(msg, "give patterns") {
		t.Errorf("exit %d\nstderr %s\nstdout %s", code, e.err.String(), e.out.String())
	}
	e.assertNoToken(repo)
}
