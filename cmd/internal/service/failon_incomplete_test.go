package service

import (
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"strings"
	"testing"
)

// extRefTool is complete JSON with one external $ref (toolrepo.ExtRefTool).
const extRefTool = toolrepo.ExtRefTool

// TestFailOnIncompleteSummarySaysWhy: when fail-on incomplete fails a run
// without errors, the summary says the report is incomplete and fail-on is
// incomplete, not fail-on error; from the command line and from the config.
func TestFailOnIncompleteSummarySaysWhy(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		files map[string]string
		args  []string
	}{
		"flag":   {map[string]string{"t.json": extRefTool}, []string{"--fail-on", "incomplete", "--format", "markdown", "t.json"}},
		"config": {map[string]string{"t.json": extRefTool, ".mcpschema.yaml": "fail-on: incomplete\n"}, []string{"--format", "markdown", "t.json"}},
	} {
		dir := writeFiles(t, c.files)
		code, out, errOut := runCheck(t, dir, c.args...)
		if code != exitFindings {
			t.Fatalf("%s: exit %d, stderr %q: want %d", name, code, errOut, exitFindings)
		}
		if strings.Contains(out, "fail-on: `error`") || !strings.Contains(out, "fail-on: `incomplete`") ||
			!strings.Contains(out, "the report is incomplete") || !strings.Contains(out, "`t.json:1:80`") || !strings.Contains(out, "and fail-on is incomplete") {
			t.Errorf("%s: the summary does not say what failed the run:\n%s", name, out)
		}
	}
	// A run failed by its errors says nothing of the kind.
	dir := writeFiles(t, map[string]string{"t.json": badTool})
	if _, out, _ := runCheck(t, dir, "--fail-on", "incomplete", "--format", "markdown", "t.json"); strings.Contains(out, "the report is incomplete") {
		t.Errorf("a complete report failed by an error:\n%s", out)
	}
}
