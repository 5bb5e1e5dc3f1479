package snapshot_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// committed writes the base variant's snapshot to dir/name.
func committed(t *testing.T, dir, name string, flags ...string) {
	t.Helper()
	t.Setenv(variantEnv, "")
	if r := run(t, dir, snapshotArgs(t, "basic", append(flags, "--output", name)...)...); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestSnapshotCheckNoDrift(t *testing.T) {
	dir := t.TempDir()
	committed(t, dir, "tools.snapshot.json")
	r := run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
	if r.code != 0 || r.stdout != "snapshot tools.snapshot.json is up to date: 5 tools\n" {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
}

// Key order and layout are not drift; a schema spelled differently is:
// what the server lists changed, though nothing breaks.
func TestSnapshotCheckEquivalentSpelling(t *testing.T) {
	dir := t.TempDir()
	committed(t, dir, "tools.snapshot.json")
	p := filepath.Join(dir, "tools.snapshot.json")
	data, _ := os.ReadFile(p)
	s := string(data)
	// reorder keys and compact a schema
	s = strings.Replace(s, "\"format\": \"uri\",\n            \"type\": \"string\"", "\"type\": \"string\", \"format\": \"uri\"", 1)
	if s == string(data) {
		t.Fatal("edit did not apply")
	}
	os.WriteFile(p, []byte(s), 0o644)
	r := run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
	if r.code != 0 || r.stdout != "snapshot tools.snapshot.json is up to date: 5 tools\n" {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	// spell a type as a one-element array: drift, not breaking
	os.WriteFile(p, []byte(strings.Replace(s, "\"type\": \"string\", \"format\"", "\"type\": [\"string\"], \"format\"", 1)), 0o644)
	r = run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
	if r.code != 1 || !strings.Contains(r.stdout, "  tool \"fetch\": inputSchema changed\n") || strings.Contains(r.stdout, "BREAKING") {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	// a description a model reads is not a spelling: changing it is drift
	os.WriteFile(p, []byte(strings.Replace(s, "what to look for", "what to find", 1)), 0o644)
	r = run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
	if r.code != 1 || !strings.Contains(r.stdout, "  tool \"search\": inputSchema changed\n") || strings.Contains(r.stdout, "BREAKING") {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
}

// editCommitted decodes the committed snapshot, lets edit change it and
// writes it back (indented another way, keys sorted).
func editCommitted(t *testing.T, p string, edit func(tools map[string]map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	tools := map[string]map[string]any{}
	for _, x := range doc["tools"].([]any) {
		tools[x.(map[string]any)["name"].(string)] = x.(map[string]any)
	}
	edit(tools)
	out, _ := json.MarshalIndent(doc, "", "\t")
	os.WriteFile(p, out, 0o644)
}

// Issue 23 item 1: a snapshot that lacks an optional property of an open
// schema, or an output property the server now has, is out of date: exit
// 1, not "equivalent"; --notice-non-breaking makes it a notice (exit 0),
// never a breaking drift.
func TestSnapshotCheckAnyDifferenceIsDrift(t *testing.T) {
	for name, edit := range map[string]func(map[string]map[string]any){
		"optional property of an open schema": func(tools map[string]map[string]any) {
			delete(tools["list_items"]["inputSchema"].(map[string]any)["properties"].(map[string]any), "page")
		},
		"new output property": func(tools map[string]map[string]any) {
			delete(tools["fetch"]["outputSchema"].(map[string]any)["properties"].(map[string]any), "body")
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			committed(t, dir, "tools.snapshot.json")
			editCommitted(t, filepath.Join(dir, "tools.snapshot.json"), edit)
			r := run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
			if r.code != 1 || !strings.HasPrefix(r.stdout, "snapshot tools.snapshot.json differs from the live server:\n") ||
				!strings.Contains(r.stdout, "Schema changed\n") || strings.Contains(r.stdout, "BREAKING") ||
				!strings.Contains(r.stdout, "refresh the snapshot and commit it:\n  mcpschema snapshot --output tools.snapshot.json -- ") {
				t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
			}
			r = run(t, dir, snapshotArgs(t, "basic", "--notice-non-breaking", "--check", "tools.snapshot.json")...)
			if r.code != 0 || !strings.HasPrefix(r.stdout, "notice: snapshot tools.snapshot.json differs from the live server (no breaking change):\n") {
				t.Fatalf("--notice-non-breaking: exit %d:\n%s%s", r.code, r.stdout, r.stderr)
			}
		})
	}
	// a breaking drift fails with the flag too
	dir := t.TempDir()
	committed(t, dir, "tools.snapshot.json")
	t.Setenv(variantEnv, "breaking")
	if r := run(t, dir, snapshotArgs(t, "basic", "--notice-non-breaking", "--check", "tools.snapshot.json")...); r.code != 1 || !strings.Contains(r.stdout, "BREAKING") {
		t.Fatalf("breaking with --notice-non-breaking: exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

func TestSnapshotCheckNonBreakingDrift(t *testing.T) {
	dir := t.TempDir()
	committed(t, dir, "tools.snapshot.json")
	t.Setenv(variantEnv, "minor")
	args := snapshotArgs(t, "basic", "--timeout", "5s", "--check", "tools.snapshot.json")
	r := run(t, dir, args...)
	want := "snapshot tools.snapshot.json differs from the live server:\n" +
		"  tool \"search\": inputSchema changed\n" +
		"if the change is intended, refresh the snapshot and commit it:\n" +
		"  mcpschema snapshot --timeout 5s --output tools.snapshot.json -- " + os.Args[0] + " '-test.run=^$'\n"
	if r.code != 1 || r.stdout != want {
		t.Fatalf("exit %d:\n%s\nwant\n%s%s", r.code, r.stdout, want, r.stderr)
	}
	if strings.Contains(r.stdout, "BREAKING") {
		t.Error("an added optional property is marked breaking")
	}
	// the refresh command, run as printed, makes the check pass
	if u := run(t, dir, "snapshot", "--timeout", "5s", "--output", "tools.snapshot.json", "--", os.Args[0], "-test.run=^$"); u.code != 0 {
		t.Fatalf("refresh: %s", u.stderr)
	}
	if again := run(t, dir, args...); again.code != 0 {
		t.Fatalf("after refresh: exit %d: %s", again.code, again.stdout)
	}
}

func TestSnapshotCheckBreakingDrift(t *testing.T) {
	dir := t.TempDir()
	committed(t, dir, "tools.snapshot.json")
	t.Setenv(variantEnv, "breaking")
	r := run(t, dir, snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
	if r.code != 1 || !strings.Contains(r.stdout, "  tool \"search\": inputSchema changed\n    BREAKING compat.input.required-added: ") ||
		!strings.Contains(r.stdout, "mcpschema snapshot --output tools.snapshot.json -- ") {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

func TestSnapshotCheckMissingSnapshot(t *testing.T) {
	r := run(t, t.TempDir(), snapshotArgs(t, "basic", "--check", "tools.snapshot.json")...)
	if r.code != 1 || !strings.HasPrefix(r.stdout, "snapshot tools.snapshot.json does not exist: create it and commit it:\n  mcpschema snapshot --output tools.snapshot.json -- ") {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
}

// --split writes one file per tool, like __toolsnaps__; --check DIR compares them.
func TestSnapshotSplit(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(variantEnv, "")
	os.MkdirAll(filepath.Join(dir, "__toolsnaps__"), 0o755)
	stale := filepath.Join(dir, "__toolsnaps__", "gone.json")
	os.WriteFile(stale, []byte(`{"name": "gone", "inputSchema": {"type": "object"}}`), 0o644)
	if r := run(t, dir, snapshotArgs(t, "basic", "--split", "__toolsnaps__")...); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "__toolsnaps__"))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "delete_item.json fetch.json get_weather.json list_items.json search.json" {
		t.Fatalf("files %q", got)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "__toolsnaps__", "fetch.json"))
	if !strings.HasPrefix(string(data), "{\n  \"protocolVersions\": [\n    \"2025-11-25\"\n  ],\n  \"name\": \"fetch\",\n  \"title\": \"Fetch a page\",\n  \"inputSchema\": {") {
		t.Fatalf("fetch.json:\n%s", data)
	}
	if c := run(t, dir, "check", "__toolsnaps__/*.json"); c.code != 0 {
		t.Fatalf("check: %s", c.stdout)
	}
	if r := run(t, dir, snapshotArgs(t, "basic", "--split", "__toolsnaps__", "--check", "__toolsnaps__")...); r.code != 0 {
		t.Fatalf("check no drift: exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	t.Setenv(variantEnv, "breaking")
	r := run(t, dir, snapshotArgs(t, "basic", "--split", "__toolsnaps__", "--check", "__toolsnaps__")...)
	if r.code != 1 || !strings.Contains(r.stdout, "BREAKING compat.input.required-added") || !strings.Contains(r.stdout, "mcpschema snapshot --split __toolsnaps__ -- ") {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
}
