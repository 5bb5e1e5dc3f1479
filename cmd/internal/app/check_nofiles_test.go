package app

import (
	"strings"
	"testing"
)

// TestCheckWithoutFilesGivesPatterns: check without patterns and without
// files: in the config stops with exit 2 and says how to give patterns (the
// action names its "files" input instead: TestActionWithoutFilesNamesTheInput).
func TestCheckWithoutFilesGivesPatterns(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"a.json": goodTool})
	if code, _, errOut := runMain(t, dir, "check"); code != ExitUsage || !strings.Contains(errOut, "give patterns such as 'tools/**/*.json' or set files: in .mcpschema.yaml") {
		t.Errorf("cli: exit %d, %q", code, errOut)
	}
}
