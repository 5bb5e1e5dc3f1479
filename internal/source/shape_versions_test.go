package source

import (
	"reflect"
	"testing"
)

// A tools/list result written by `mcpschema snapshot` records the agreed
// protocol version as a root protocolVersions; the loader reads it as it
// reads an MCP Description's.
func TestListResultProtocolVersions(t *testing.T) {
	t.Parallel()
	f := Parse("s.json", []byte(`{"protocolVersions": ["2025-06-18"], "tools": [{"name": "a", "inputSchema": {"type": "object"}}]}`), Limits{})
	if f.Shape != ShapeListResult || !f.VersionsDeclared || !reflect.DeepEqual(f.DeclaredVersions, []string{"2025-06-18"}) {
		t.Fatalf("shape %s, declared %v %v", f.Shape, f.VersionsDeclared, f.DeclaredVersions)
	}
	g := Parse("t.json", []byte(`{"tools": []}`), Limits{})
	if g.VersionsDeclared || g.DeclaredVersions != nil {
		t.Fatalf("a list without protocolVersions declares %v", g.DeclaredVersions)
	}
}
