package app

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheckOutputNotThroughLink (item 3, CLI): `check --output` does not
// write through a committed link at the path.
func TestCheckOutputNotThroughLink(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool})
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("original"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, filepath.Join(dir, "out.sarif")); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	code, _, errOut := runMain(t, dir, "check", "--format", "sarif", "--output", "out.sarif", "tools/a.json")
	if b, _ := os.ReadFile(victim); string(b) != "original" || code != ExitUsage {
		t.Errorf("exit %d (%q), victim %.40q: want a usage error and the link's target untouched", code, errOut, b)
	}
}
