package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSnapshotNoToolsCapability (issue 27 item 8): a server whose
// initialize result declares no tools capability is not snapshotted in
// silence as "tools": []: stderr says so, and --require-tools fails
// (exit 2) without writing or comparing anything, over stdio and HTTP.
func TestSnapshotNoToolsCapability(t *testing.T) {
	s := script{NoTools: true, Pages: []string{`{"tools":[{"name":"hidden","inputSchema":{"type":"object"}}]}`}}
	const said = `the server's initialize result declares no "tools" capability`

	dir := t.TempDir()
	r := run(t, dir, scriptArgs(t, s)...)
	if r.code != 0 || !strings.Contains(r.stdout, `"tools": []`) || !strings.Contains(r.stderr, "mcpschema snapshot: warning: "+said) || !strings.Contains(r.stderr, "--require-tools") {
		t.Errorf("no capability: exit %d, want 0, the empty snapshot and a warning\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, dir, scriptArgs(t, s, "--require-tools", "--output", "tools.snapshot.json")...)
	if r.code != 2 || !strings.Contains(r.stderr, said) || !strings.Contains(r.stderr, "nothing was written") {
		t.Errorf("--require-tools: exit %d, want 2 and the reason\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "tools.snapshot.json")); err == nil {
		t.Error("--require-tools wrote the empty snapshot")
	}
	// --check compares nothing either
	os.WriteFile(filepath.Join(dir, "committed.json"), []byte(`{"tools":[{"name":"hidden","inputSchema":{"type":"object"}}]}`), 0o644)
	if r = run(t, dir, scriptArgs(t, s, "--require-tools", "--check", "committed.json")...); r.code != 2 || strings.Contains(r.stdout, "hidden") {
		t.Errorf("--require-tools --check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r = run(t, dir, "snapshot", "--require-tools", "--url", scriptedHTTP(t, s)); r.code != 2 || !strings.Contains(r.stderr, said) {
		t.Errorf("--require-tools over HTTP: exit %d\n%s", r.code, r.stderr)
	}
	// a server that declares tools passes --require-tools as before
	s.NoTools = false
	if r = run(t, dir, scriptArgs(t, s, "--require-tools")...); r.code != 0 || !strings.Contains(r.stdout, `"name": "hidden"`) || strings.Contains(r.stderr, "capability") {
		t.Errorf("tools declared: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestSnapshotSplitChecksEveryNameFirst (issue 27 item 8): --split with a
// tool name too long for a file name (or a Windows device name) wrote the
// other files, then exited 2; now every name is checked before any file
// is written, and the directory is left as it was.
func TestSnapshotSplitChecksEveryNameFirst(t *testing.T) {
	long := strings.Repeat("x", 260)
	for name, bad := range map[string]string{"long": long, "device": "con"} {
		t.Run(name, func(t *testing.T) {
			s := script{Pages: []string{`{"tools":[{"name":"a_first","inputSchema":{"type":"object"}},{"name":"` + bad + `","inputSchema":{"type":"object"}},{"name":"z_last","inputSchema":{"type":"object"}}]}`}}
			dir := t.TempDir()
			snaps := filepath.Join(dir, "__toolsnaps__")
			os.Mkdir(snaps, 0o755)
			const old = `{"name": "a_first", "inputSchema": {"type": "object"}, "description": "the committed one"}`
			os.WriteFile(filepath.Join(snaps, "a_first.json"), []byte(old), 0o644)
			os.WriteFile(filepath.Join(snaps, "stale.json"), []byte(`{"name": "stale", "inputSchema": {"type": "object"}}`), 0o644)
			r := run(t, dir, scriptArgs(t, s, "--split", "__toolsnaps__")...)
			if r.code != 2 || !strings.Contains(r.stderr, "nothing was written") || !strings.Contains(r.stderr, `tool "`+bad[:min(len(bad), 80)]) {
				t.Fatalf("exit %d, want 2 naming the tool:\n%s", r.code, r.stderr)
			}
			entries, _ := os.ReadDir(snaps)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if got := strings.Join(names, " "); got != "a_first.json stale.json" {
				t.Errorf("the directory holds %q after the refusal, want it as it was", got)
			}
			if data, _ := os.ReadFile(filepath.Join(snaps, "a_first.json")); string(data) != old {
				t.Errorf("a_first.json was rewritten:\n%s", data)
			}
		})
	}
	// A directory in the way of one tool file: refused before any is written.
	s := script{Pages: []string{`{"tools":[{"name":"a_first","inputSchema":{"type":"object"}},{"name":"b","inputSchema":{"type":"object"}}]}`}}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "snaps", "b.json"), 0o755)
	r := run(t, dir, scriptArgs(t, s, "--split", "snaps")...)
	if r.code != 2 || !strings.Contains(r.stderr, `"snaps/b.json" is in the way of a tool file`) {
		t.Fatalf("directory in the way: exit %d\n%s", r.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "snaps", "a_first.json")); err == nil {
		t.Error("a_first.json was written before the refusal")
	}
}
