//go:build unix

package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 23 item 10: a committed symbolic link that leaves the workspace is
// never read, written or deleted through: not by --output, --split (nor
// its sweep of stale files), nor --check.
func TestSnapshotRefusesLinksLeavingTheWorkspace(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.json")
	const held = `{"tools":[{"name":"keep-me-secret","inputSchema":{"type":"object"}}]}`
	setup := func(t *testing.T) string {
		t.Helper()
		if err := os.WriteFile(secret, []byte(held), 0o644); err != nil {
			t.Fatal(err)
		}
		return t.TempDir()
	}
	unchanged := func(t *testing.T) {
		t.Helper()
		if data, _ := os.ReadFile(secret); string(data) != held {
			t.Errorf("the file outside was changed:\n%s", data)
		}
	}
	t.Run("output", func(t *testing.T) {
		dir := setup(t)
		os.Symlink(secret, filepath.Join(dir, "tools.snapshot.json"))
		r := run(t, dir, snapshotArgs(t, "basic", "--output", "tools.snapshot.json")...)
		if r.code != 2 || !strings.Contains(r.stderr, `"tools.snapshot.json" is a symbolic link that leaves the workspace`) {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		unchanged(t)
	})
	t.Run("split file", func(t *testing.T) {
		dir := setup(t)
		os.Mkdir(filepath.Join(dir, "__toolsnaps__"), 0o755)
		os.Symlink(secret, filepath.Join(dir, "__toolsnaps__", "search.json"))
		r := run(t, dir, snapshotArgs(t, "basic", "--split", "__toolsnaps__")...)
		if r.code != 2 || !strings.Contains(r.stderr, `"__toolsnaps__/search.json" is a symbolic link that leaves the workspace`) {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		unchanged(t)
	})
	t.Run("split directory and its sweep", func(t *testing.T) {
		dir := setup(t)
		stale := filepath.Join(outside, "stale.json")
		os.WriteFile(stale, []byte(`{"name":"stale","inputSchema":{"type":"object"}}`), 0o644)
		os.Symlink(outside, filepath.Join(dir, "__toolsnaps__"))
		r := run(t, dir, snapshotArgs(t, "basic", "--split", "__toolsnaps__")...)
		if r.code != 2 || !strings.Contains(r.stderr, `"__toolsnaps__" is a symbolic link that leaves the workspace`) {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if _, err := os.Stat(stale); err != nil {
			t.Errorf("the sweep deleted outside the workspace: %v", err)
		}
		if _, err := os.Stat(filepath.Join(outside, "search.json")); err == nil {
			t.Errorf("a tool file was written outside the workspace")
		}
		// --check DIR reads nothing there either
		r = run(t, dir, snapshotArgs(t, "basic", "--split", "__toolsnaps__", "--check", "__toolsnaps__")...)
		if r.code != 2 || strings.Contains(r.stdout+r.stderr, "stale") {
			t.Fatalf("--check: exit %d: %s%s", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("sweep leaves links alone", func(t *testing.T) {
		dir := setup(t)
		os.Mkdir(filepath.Join(dir, "__toolsnaps__"), 0o755)
		os.Symlink(secret, filepath.Join(dir, "__toolsnaps__", "old.json"))
		// the link is inside the directory, its target outside: the sweep
		// neither reads nor removes it, and nothing else is refused
		r := run(t, dir, snapshotArgs(t, "basic", "--split", "__toolsnaps__")...)
		if r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if _, err := os.Lstat(filepath.Join(dir, "__toolsnaps__", "old.json")); err != nil {
			t.Errorf("the link was removed: %v", err)
		}
		unchanged(t)
	})
	t.Run("check", func(t *testing.T) {
		dir := setup(t)
		os.Symlink(secret, filepath.Join(dir, "tools.snapshot.json"))
		r := run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
		if r.code != 2 || strings.Contains(r.stdout+r.stderr, "keep-me-secret") || !strings.Contains(r.stderr, "symbolic link that leaves the workspace") {
			t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("a link inside the workspace is followed", func(t *testing.T) {
		dir := setup(t)
		os.Mkdir(filepath.Join(dir, "snapshots"), 0o755)
		os.Symlink("snapshots/tools.json", filepath.Join(dir, "tools.snapshot.json"))
		if r := run(t, dir, snapshotArgs(t, "basic", "--output", "tools.snapshot.json")...); r.code != 0 {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if r := run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...); r.code != 0 {
			t.Fatalf("check: exit %d: %s%s", r.code, r.stdout, r.stderr)
		}
	})
}
