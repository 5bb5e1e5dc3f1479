package snapshot_test

import (
	"strings"
	"testing"
)

// TestSnapshotCheckWithoutAllOfAnAllSnapshot: a snapshot taken with --all
// holds prompts and resources; --check without --all does not list them,
// so it must not report them as "no longer on the server" (nor print a
// refresh command that would drop them): it says to add --all.
func TestSnapshotCheckWithoutAllOfAnAllSnapshot(t *testing.T) {
	dir := t.TempDir()
	if r := run(t, dir, snapshotArgs(t, "all", "--all", "--output", "all.json")...); r.code != 0 {
		t.Fatalf("snapshot --all: exit %d: %s", r.code, r.stderr)
	}
	r := run(t, dir, snapshotArgs(t, "all", "--check", "all.json")...)
	if r.code != 2 || strings.Contains(r.stdout, "no longer on the server") || !strings.Contains(r.stderr, "--all") {
		t.Fatalf("check without --all: exit %d, want 2 and advice to add --all\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, dir, snapshotArgs(t, "all", "--all", "--check", "all.json")...); r.code != 0 {
		t.Errorf("check with --all: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestSnapshotCheckKeepsTheCommittedFormat: --check of an MCP Description
// snapshot without --format mcpdesc (or of a tools/list snapshot with it)
// must not print a refresh command that rewrites the file in the other
// format: it says which --format the file needs.
func TestSnapshotCheckKeepsTheCommittedFormat(t *testing.T) {
	dir := t.TempDir()
	committed(t, dir, "server.mcpdesc.json", "--format", "mcpdesc")
	committed(t, dir, "tools.snapshot.json")
	t.Setenv(variantEnv, "minor")
	for _, c := range []struct {
		file  string
		flags []string
		want  string
	}{
		{"server.mcpdesc.json", nil, "--format mcpdesc"},
		{"tools.snapshot.json", []string{"--format", "mcpdesc"}, "--format json"},
	} {
		r := run(t, dir, snapshotArgs(t, "basic", append(c.flags, "--check", c.file)...)...)
		if r.code != 2 || strings.Contains(r.stdout, "refresh the snapshot") || !strings.Contains(r.stderr, c.want) {
			t.Errorf("--check %s %v: exit %d, want 2 and advice %q\nstdout:\n%s\nstderr:\n%s", c.file, c.flags, r.code, c.want, r.stdout, r.stderr)
		}
	}
}
