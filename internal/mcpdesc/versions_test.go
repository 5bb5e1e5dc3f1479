package mcpdesc

import (
	"slices"
	"testing"
)

// TestScope: a declaration's scope is its known, trimmed versions within
// its container's, oldest first; the container's when it declares none or
// none of its entries is usable.
func TestScope(t *testing.T) {
	t.Parallel()
	root := []string{"2025-06-18", "2025-11-25"}
	for _, c := range []struct {
		obj  map[string]any
		want []string
	}{
		{map[string]any{}, root},
		{map[string]any{"protocolVersions": []any{"2025-11-25", "2025-06-18"}}, root},
		{map[string]any{"protocolVersions": []any{" 2025-11-25 "}}, []string{"2025-11-25"}},
		{map[string]any{"protocolVersions": []any{"2025-11-25", "2025-11-25", 3}}, []string{"2025-11-25"}},
		{map[string]any{"protocolVersions": []any{"2024-11-05"}}, root},
		{map[string]any{"protocolVersions": []any{"2024-11-05", "2025-06-18"}}, []string{"2025-06-18"}},
		{map[string]any{"protocolVersions": []any{"later"}}, root},
		{map[string]any{"protocolVersions": []any{}}, root},
		{map[string]any{"protocolVersions": "2025-06-18"}, root},
	} {
		if got := Scope(c.obj, root); !slices.Equal(got, c.want) {
			t.Errorf("Scope(%v) = %v, want %v", c.obj, got, c.want)
		}
	}
	if got := RootVersions(map[string]any{"protocolVersions": []any{"2025-11-25", " 2024-11-05", "x", 1}}); !slices.Equal(got, []string{"2024-11-05", "2025-11-25"}) {
		t.Errorf("RootVersions = %v", got)
	}
}
