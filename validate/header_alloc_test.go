package validate

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestHeaderWalkBuildsPointersForHeadersOnly: the x-mcp-header walk built
// the pointer of every subschema it visited (issue 19 item 8: 10,000
// schemas under a 100 KB name, 487 MB allocated); it now builds one only
// for a header found, and finds it at the same pointer.
func TestHeaderWalkBuildsPointersForHeadersOnly(t *testing.T) {
	name := strings.Repeat("k", 10_000)
	props := map[string]any{}
	for i := range 2000 {
		props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
	}
	props["h"] = map[string]any{"type": "string", headerKey: "X-H"}
	schema := map[string]any{"type": "object", "properties": map[string]any{
		name: map[string]any{"type": "object", "properties": props}}}
	var uses []headerUse
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	walkHeaders(schema, &headerPath{base: "/tools/0/inputSchema"}, true, true, 0, &uses)
	runtime.ReadMemStats(&after)
	if len(uses) != 1 || uses[0].ptr != "/tools/0/inputSchema/properties/"+name+"/properties/h/"+headerKey {
		t.Fatalf("uses %d, want one header below the long name", len(uses))
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 2<<20 {
		t.Errorf("the walk allocated %d bytes; want at most 2 MB", got)
	}
}
