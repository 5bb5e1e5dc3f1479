package app

import (
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"os"
	"strings"
	"testing"
)

// TestOutputEndsWithNewline: whatever a command prints, on stdout and on
// stderr, ends with a newline, so that what follows (a shell prompt, go
// run's "exit status 1") starts on a line of its own: every format of a
// failing, incomplete report, a clean one, usage errors, help, rules.
func TestOutputEndsWithNewline(t *testing.T) {
	t.Parallel()
	broken, err := os.ReadFile("../../../testdata/broken/tools.json")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{"broken.json": string(broken), "ok.json": goodTool, "ext.json": toolrepo.ExtRefTool,
		"cfg/.mcpschema.yaml": "fail-on: incomplete\nignore:\n  - {rule: json-schema.tool-schema.valid, reason: known}\n"})
	runs := [][]string{
		{"check", "broken.json"},
		{"check", "ok.json"},
		{"check", "ext.json"},
		{"check", "--fail-on", "incomplete", "ext.json"},
		{"check", "--config", "cfg/.mcpschema.yaml", "--show-ignored", "ext.json", "broken.json"},
		{"check", "nothing/*.json"},
		{"check", "ok.json", "missing/*.json"},
		{"check", "--format", "xml", "ok.json"},
		{"check", "--fail-on", "warnings", "ok.json"},
		{"check", "--no-such-flag"},
		{"rules"},
		{"rules", "compat.tool.removed"},
		{"rules", "compat.tool.remove"},
		{"help"},
		{"help", "check"},
		{"version"},
		{"chek"},
	}
	for _, args := range runs {
		formats := []string{""}
		if args[0] == "check" {
			formats = []string{"text", "json", "github", "sarif", "markdown"}
		}
		for _, f := range formats {
			a := args
			if f != "" {
				a = append([]string{"check", "--format", f}, args[1:]...)
			}
			_, out, errOut := runMain(t, dir, a...)
			for name, s := range map[string]string{"stdout": out, "stderr": errOut} {
				if s != "" && !strings.HasSuffix(s, "\n") {
					t.Errorf("mcpschema %s: %s does not end with a newline: ...%q", strings.Join(a, " "), name, s[max(0, len(s)-80):])
				}
			}
		}
	}
}
