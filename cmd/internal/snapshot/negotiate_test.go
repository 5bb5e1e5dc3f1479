package snapshot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// A server that speaks only 2026-07-28 answers initialize with an error
// (method not found, or an unsupported version whose data lists only
// 2026-07-28): the snapshot asks server/discover at 2026-07-28 (a new
// server process over stdio, a new session over HTTP) and records the
// version the server answered, with its serverInfo.
func TestSnapshotDiscoverOnlyServer(t *testing.T) {
	pages := []string{`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`}
	for name, s := range map[string]script{
		"method not found":    {Modern: true, InitError: "method not found", InitCode: -32601, Pages: pages},
		"unsupported version": {Modern: true, InitError: "unsupported protocol version", InitCode: -32022, InitData: `{"supported":["2026-07-28"],"requested":"2025-11-25"}`, Pages: pages},
	} {
		t.Run(name, func(t *testing.T) {
			seen := filepath.Join(t.TempDir(), "seen")
			s.Seen = seen
			s.ServerInfo = `{"name":"modern","version":"3.0.0","title":"Modern"}`
			each(t, s, func(t *testing.T, args func(...string) []string) {
				os.Remove(seen)
				r := run(t, t.TempDir(), args("--startup-timeout", "5s", "--format", "mcpdesc")...)
				if r.code != 0 || !strings.Contains(r.stdout, "\"protocolVersions\": [\n    \"2026-07-28\"\n  ],") ||
					!strings.Contains(r.stdout, "\"name\": \"modern\",\n    \"title\": \"Modern\",\n    \"version\": \"3.0.0\"") ||
					!strings.Contains(r.stdout, "\"name\": \"a\"") {
					t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, r.stdout)
				}
				data, _ := os.ReadFile(seen)
				if first, _, _ := strings.Cut(string(data), "\n"); first != "initialize" || !strings.Contains(string(data), "server/discover\n") {
					t.Errorf("methods asked:\n%s", data)
				}
			})
		})
	}
}

// A server that refuses the offered version and lists an older one it
// speaks is asked again at that version, and listed.
func TestSnapshotUnsupportedVersionListsOlder(t *testing.T) {
	s := script{InitError: "unsupported protocol version", InitCode: -32022, InitAccept: "2025-06-18",
		InitData: `{"supported":["2025-06-18"],"requested":"2025-11-25"}`, Pages: []string{`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`}}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--startup-timeout", "5s")...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "{\n  \"protocolVersions\": [\n    \"2025-06-18\"\n  ],") {
			t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, r.stdout)
		}
	})
}

// A server that answers neither initialize nor server/discover is
// reported with both answers.
func TestSnapshotNeitherInitializeNorDiscover(t *testing.T) {
	s := script{InitError: "method not found", InitCode: -32601}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--startup-timeout", "5s")...)
		if r.code != 2 || !strings.Contains(r.stderr, `initialize failed: method not found (JSON-RPC error -32601); server/discover at 2026-07-28 failed too: method not found (JSON-RPC error -32601)`) {
			t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, r.stdout)
		}
	})
}

// The SDK's own server restricted to 2026-07-28 answers initialize with
// 2025-11-25 (go-sdk v1.8.0 ServerOptions.SupportedProtocolVersions) and
// lists its tools: it is listed, at the version it answered.
func TestSnapshotSDKModernServer(t *testing.T) {
	r := run(t, t.TempDir(), snapshotArgs(t, "modern", "--timeout", "10s")...)
	if r.code != 0 || !strings.HasPrefix(r.stdout, "{\n  \"protocolVersions\": [\n    \"2025-11-25\"\n  ],") || !strings.Contains(r.stdout, `"name": "search"`) {
		t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, r.stdout)
	}
}

// An initialize answered with an error that names no other version is
// reported in the server's words, over stdio too (where the server then
// exits): not as an exit before it answered.
func TestSnapshotInitializeErrorInServerWords(t *testing.T) {
	each(t, script{InitError: "database is down"}, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--startup-timeout", "5s")...)
		if r.code != 2 || !strings.Contains(r.stderr, "mcpschema snapshot: initialize failed: database is down (JSON-RPC error -32603)\n") || strings.Contains(r.stderr, "exited") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	})
}

// A --format mcpdesc snapshot carries the root extension
// x-mcpschema-snapshot with the negotiated version, so `check` tells it
// from a hand-written document: a legacy version the server chose is a
// notice, as in a JSON snapshot, and the marker is a valid extension.
func TestSnapshotMcpdescMarker(t *testing.T) {
	dir := t.TempDir()
	s := script{Version: "2025-03-26", Pages: []string{`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`}}
	r := run(t, dir, scriptArgs(t, s, "--format", "mcpdesc", "--output", "server.mcpdesc.json")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "server.mcpdesc.json"))
	if !strings.Contains(string(data), "  \"protocolVersions\": [\n    \"2025-03-26\"\n  ],\n  \"x-mcpschema-snapshot\": {\n    \"generator\": \"mcpschema snapshot\",\n    \"protocolVersion\": \"2025-03-26\"\n  },\n") {
		t.Fatalf("no marker:\n%s", data)
	}
	c := run(t, dir, "check", "--format", "json", "server.mcpdesc.json")
	if c.code != 0 || !strings.Contains(c.stdout, `"severity": "notice"`) || !strings.Contains(c.stdout, "which the server negotiated for this snapshot") ||
		strings.Contains(c.stdout, `"severity": "warning"`) || strings.Contains(c.stdout, `"severity": "error"`) {
		t.Fatalf("check: exit %d: %s\n%s", c.code, c.stderr, c.stdout)
	}
	// the snapshot is up to date with itself
	if k := run(t, dir, scriptArgs(t, s, "--format", "mcpdesc", "--check", "server.mcpdesc.json")...); k.code != 0 {
		t.Errorf("--check: exit %d: %s%s", k.code, k.stdout, k.stderr)
	}
}

// A server that answers initialize with method not found and never
// answers server/discover: both are said, the second as what it is.
func TestSnapshotDiscoverHangs(t *testing.T) {
	toolrepo.EndToEnd(t)
	s := script{InitError: "method not found", InitCode: -32601, Hang: "server/discover"}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		r := run(t, t.TempDir(), args("--startup-timeout", "1s")...)
		if r.code != 2 || !strings.Contains(r.stderr, "mcpschema snapshot: initialize failed: method not found (JSON-RPC error -32601); server/discover at 2026-07-28 failed too: server did not answer server/discover within 1s: raise --startup-timeout if it needs longer") {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	})
}

// A snapshot recorded at 2026-07-28 (through server/discover) is a clean
// input to check.
func TestSnapshotDiscoverSnapshotChecks(t *testing.T) {
	dir := t.TempDir()
	s := script{Modern: true, InitError: "method not found", InitCode: -32601, Pages: []string{`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`}}
	for _, format := range []string{"json", "mcpdesc"} {
		r := run(t, dir, scriptArgs(t, s, "--format", format, "--output", "s."+format+".json")...)
		if r.code != 0 {
			t.Fatalf("%s: exit %d: %s", format, r.code, r.stderr)
		}
		if c := run(t, dir, "check", "s."+format+".json"); c.code != 0 || !strings.Contains(c.stdout, "0 errors, 0 warnings, 0 notices") {
			t.Errorf("%s: check: exit %d: %s%s", format, c.code, c.stdout, c.stderr)
		}
	}
}

// An unsupported protocol version listing only versions this client does
// not speak is reported with them, and no second connection is made.
func TestSnapshotUnsupportedVersionNoneSpoken(t *testing.T) {
	seen := filepath.Join(t.TempDir(), "seen")
	s := script{InitError: "unsupported protocol version", InitCode: -32022, InitData: `{"supported":["2099-01-01"],"requested":"2025-11-25"}`, Seen: seen}
	each(t, s, func(t *testing.T, args func(...string) []string) {
		os.Remove(seen)
		r := run(t, t.TempDir(), args("--startup-timeout", "5s")...)
		if r.code != 2 || !strings.Contains(r.stderr, `mcpschema snapshot: initialize failed: unsupported protocol version (JSON-RPC error -32022): the server speaks "2099-01-01", none of which this client speaks (it speaks 2024-11-05, `) {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		if data, _ := os.ReadFile(seen); strings.Count(string(data), "initialize") != 1 || strings.Contains(string(data), "server/discover") {
			t.Errorf("methods asked:\n%s", data)
		}
	})
}
