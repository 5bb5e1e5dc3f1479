package diffcheck

import (
	"fmt"
	"strings"
	"testing"
)

// TestNormalizePointerBudget reproduces issue 19 item 8 on the diff side:
// 10,000 changed schemas under a 100 KB property name (390 KB) took 8.5 GB
// and 30 s, every node keeping its pointer and one per keyword. The node
// whose filling would cost more than maxPointerBytes of pointers is not
// filled: it cannot be judged, and none of its children is built. Schemas
// as large under short names are built as before.
func TestNormalizePointerBudget(t *testing.T) {
	doc := func(name string, n int) any {
		props := map[string]any{}
		for i := range n {
			props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
		}
		return map[string]any{"type": "object", "properties": map[string]any{
			name: map[string]any{"type": "object", "properties": props}}}
	}
	long := strings.Repeat("k", 10_000)
	root := normalize(doc(long, 3000), "")
	n := root.props[long]
	if n == nil || !strings.Contains(n.undecidable, "too large") || len(n.props) != 0 {
		t.Fatalf("node below the long name: %+v; want it undecidable and not filled", n)
	}
	if root.undecidable != "" {
		t.Errorf("root undecidable: %q", root.undecidable)
	}
	root = normalize(doc("name", 9000), "")
	if n := root.props["name"]; n == nil || n.undecidable != "" || len(n.props) != 9000 {
		t.Errorf("short names: node %+v, want 9000 properties built", n)
	}
}

// TestNormalizeNodeBound: a schema whose members would build more than
// maxNodes nodes is not filled at all (one undecidable node naming the
// bound), rather than building one unfilled node per member past it.
func TestNormalizeNodeBound(t *testing.T) {
	props := map[string]any{}
	for i := range maxNodes {
		props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
	}
	root := normalize(map[string]any{"type": "object", "properties": props}, "")
	if want := fmt.Sprintf("more than %d subschemas", maxNodes); !strings.Contains(root.undecidable, want) || len(root.props) != 0 {
		t.Fatalf("root undecidable %q with %d properties built; want %q and none built", root.undecidable, len(root.props), want)
	}
	delete(props, "p0")
	root = normalize(map[string]any{"type": "object", "properties": props}, "")
	if root.undecidable != "" || len(root.props) != maxNodes-1 {
		t.Errorf("one member fewer: undecidable %q, %d properties built", root.undecidable, len(root.props))
	}
}
