package snapshot

import (
	"strings"
	"testing"
)

// TestSplitFileNamesDifferByMoreThanCase: tools whose file names differ
// only in case ("Search" and "search") would overwrite each other on a
// case-insensitive file system (macOS, Windows, where the snapshot is
// refreshed and committed); --split refuses them as it refuses equal names.
func TestSplitFileNamesDifferByMoreThanCase(t *testing.T) {
	s := &Surface{ProtocolVersion: "2025-11-25", Tools: []any{
		map[string]any{"name": "Search", "inputSchema": map[string]any{"type": "object"}},
		map[string]any{"name": "search", "inputSchema": map[string]any{"type": "object"}},
	}}
	_, err := render(&Options{Split: "snaps", Format: "json"}, s)
	if err == nil || !strings.Contains(err.Error(), `"Search"`) || !strings.Contains(err.Error(), `"search"`) {
		t.Fatalf("render: %v; want an error naming both tools", err)
	}
}
