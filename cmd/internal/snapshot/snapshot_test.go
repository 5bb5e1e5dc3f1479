package snapshot_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/app"
)

type result struct {
	code           int
	stdout, stderr string
}

// run runs `mcpschema ARGS` in dir, the way main does.
func run(t testing.TB, dir string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := app.Main(context.Background(), args, app.Env{Stdout: &out, Stderr: &errb, Getenv: os.Getenv, Dir: dir})
	return result{code, out.String(), errb.String()}
}

// serverCmd is the command line that starts the test server in mode.
func serverCmd(t *testing.T, mode string) []string {
	t.Setenv(serverEnv, mode)
	return []string{"--", os.Args[0], "-test.run=^$"}
}

func snapshotArgs(t *testing.T, mode string, flags ...string) []string {
	return append(append([]string{"snapshot"}, flags...), serverCmd(t, mode)...)
}

func TestSnapshotStdioPagination(t *testing.T) {
	dir := t.TempDir()
	r := run(t, dir, snapshotArgs(t, "basic", "--timeout", "10s")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// Five tools two per page: three pages, all listed, sorted by name.
	var names []string
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(l, `      "name": `) {
			names = append(names, strings.Trim(strings.TrimPrefix(l, `      "name": `), `",`))
		}
	}
	if got := strings.Join(names, " "); got != "delete_item fetch get_weather list_items search" {
		t.Fatalf("tools %q in\n%s", got, r.stdout)
	}
	if !strings.HasPrefix(r.stdout, "{\n  \"protocolVersions\": [\n    \"2025-11-25\"\n  ],\n  \"tools\": [\n    {\n      \"name\": \"delete_item\",\n") {
		t.Fatalf("layout:\n%s", r.stdout)
	}
	// numbers as the server wrote them, keys sorted inside schemas
	if !strings.Contains(r.stdout, `"maximum": 12345678901234567890`) {
		t.Errorf("big number not kept:\n%s", r.stdout)
	}
	// deterministic: a second run writes the same bytes
	if again := run(t, dir, snapshotArgs(t, "basic")...); again.stdout != r.stdout {
		t.Errorf("second snapshot differs:\n%s\n---\n%s", r.stdout, again.stdout)
	}
	// the snapshot is a first-class input to check
	os.WriteFile(filepath.Join(dir, "tools.snapshot.json"), []byte(r.stdout), 0o644)
	if c := run(t, dir, "check", "tools.snapshot.json"); c.code != 0 {
		t.Errorf("check on the snapshot: exit %d\n%s%s", c.code, c.stdout, c.stderr)
	}
}

func TestSnapshotNegotiatedVersion(t *testing.T) {
	dir := t.TempDir()
	r := run(t, dir, snapshotArgs(t, "old", "--output", "s.json")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "s.json"))
	if !strings.Contains(string(data), "\"protocolVersions\": [\n    \"2025-06-18\"\n  ]") {
		t.Fatalf("agreed version not recorded:\n%s", data)
	}
}

func TestSnapshotAllLists(t *testing.T) {
	dir := t.TempDir()
	r := run(t, dir, snapshotArgs(t, "all", "--all")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{`"prompts": [`, `"name": "greet"`, `"name": "summarize"`,
		`"resources": [`, `"uri": "file:///docs/changelog.md"`, `"uri": "file:///docs/license.md"`, `"uri": "file:///docs/readme.md"`,
		`"resourceTemplates": [`, `"uriTemplate": "file:///items/{id}"`, `"name": "search"`} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("missing %s in\n%s", want, r.stdout)
		}
	}
	// sorted: greet before summarize, changelog before license before readme
	if strings.Index(r.stdout, `"greet"`) > strings.Index(r.stdout, `"summarize"`) ||
		strings.Index(r.stdout, "changelog") > strings.Index(r.stdout, "license") || strings.Index(r.stdout, "license") > strings.Index(r.stdout, "readme") {
		t.Errorf("not sorted:\n%s", r.stdout)
	}
	// without --all only tools
	if plain := run(t, dir, snapshotArgs(t, "all")...); strings.Contains(plain.stdout, "prompts") {
		t.Errorf("prompts listed without --all")
	}
	// the MCP Description form holds the four lists and is a valid document
	d := run(t, dir, snapshotArgs(t, "all", "--all", "--format", "mcpdesc", "--output", "server.mcpdesc.json")...)
	if d.code != 0 {
		t.Fatalf("mcpdesc: exit %d: %s", d.code, d.stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "server.mcpdesc.json"))
	if !strings.HasPrefix(string(data), "{\n  \"mcpdesc\": \"0.8.0\",\n  \"info\": {\n    \"name\": \"test-server\",\n    \"version\": \"1.2.3\"\n  },\n  \"protocolVersions\": [\n    \"2025-11-25\"\n  ],\n  \"x-mcpschema-snapshot\": {\n    \"generator\": \"mcpschema snapshot\",\n    \"protocolVersion\": \"2025-11-25\"\n  },\n  \"tools\": [") {
		t.Fatalf("mcpdesc layout:\n%s", data)
	}
	if c := run(t, dir, "check", "server.mcpdesc.json"); c.code != 0 {
		t.Errorf("check on the mcpdesc snapshot: exit %d\n%s%s", c.code, c.stdout, c.stderr)
	}
}
