//go:build unix

package service

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestConfigNotARegularFile: the working tree's config (which a pull request
// may commit) is read only when it is a regular file, and at most
// MaxConfigBytes of it: a link to /dev/zero or a FIFO is a usage error at
// once, not an endless read; a link to a regular config still works.
func TestConfigNotARegularFile(t *testing.T) {
	t.Parallel()
	writeTools := func(dir string) {
		if err := os.MkdirAll(filepath.Join(dir, "tools"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "tools", "t.json"), []byte(toolsJSON(1, 0, 0)), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	dir := t.TempDir()
	writeTools(dir)
	if err := os.Symlink("/dev/zero", filepath.Join(dir, DefaultConfigName)); err != nil {
		t.Skip(err)
	}
	// a committed link leaving the workspace is refused before it is opened
	code, _, errOut := checkRun(t, dir, "tools/*.json")
	if code != exitUsage || !strings.Contains(errOut, "leaves the workspace") {
		t.Errorf("config linked to /dev/zero: exit %d, want 2\n%s", code, errOut)
	}
	// a device named directly is not read either
	code, _, errOut = checkOpts(t, RunOptions{Dir: dir, ConfigPath: "/dev/zero", Patterns: []string{"tools/*.json"}})
	if code != exitUsage || !strings.Contains(errOut, "is not a regular file") {
		t.Errorf("--config /dev/zero: exit %d, want 2\n%s", code, errOut)
	}

	dir = t.TempDir()
	writeTools(dir)
	if err := syscall.Mkfifo(filepath.Join(dir, DefaultConfigName), 0o644); err != nil {
		t.Skip(err)
	}
	code, _, errOut = checkRun(t, dir, "tools/*.json")
	if code != exitUsage || !strings.Contains(errOut, "is not a regular file") {
		t.Errorf("config that is a FIFO: exit %d, want 2\n%s", code, errOut)
	}

	dir = t.TempDir()
	writeTools(dir)
	if err := os.WriteFile(filepath.Join(dir, "big.yaml"), []byte("# "+strings.Repeat("x", MaxConfigBytes)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = checkOpts(t, RunOptions{Dir: dir, ConfigPath: "big.yaml", Patterns: []string{"tools/*.json"}})
	if code != exitUsage || !strings.Contains(errOut, "big.yaml") {
		t.Errorf("config over the size limit: exit %d, want 2\n%s", code, errOut)
	}

	dir = t.TempDir()
	writeTools(dir)
	if err := os.WriteFile(filepath.Join(dir, "real.yaml"), []byte("fail-on: never\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real.yaml", filepath.Join(dir, DefaultConfigName)); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := checkRun(t, dir, "tools/*.json"); code != exitOK {
		t.Errorf("config linked to a regular file: exit %d, want 0\n%s", code, errOut)
	}
}
