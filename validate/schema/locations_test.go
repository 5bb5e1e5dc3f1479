package schema

import (
	"fmt"
	"strings"
	"testing"
)

// TestBoundsLongNamesOverManySchemas reproduces issue 19 item 8: 10,000
// schemas under a 100 KB property name took 2.7 GB, since the compiler and
// the schema index keep a location string per subschema. The total length
// of the locations is now bounded (locationBytesPerSubschema per subschema
// allowed): past it, one bound problem, and the schema is not compiled.
// A schema of as many subschemas under short names is checked as before.
func TestBoundsLongNamesOverManySchemas(t *testing.T) {
	schema := func(name string, n int) any {
		props := map[string]any{}
		for i := range n {
			props[fmt.Sprintf("p%d", i)] = map[string]any{"type": "string"}
		}
		return map[string]any{"type": "object", "properties": map[string]any{
			name: map[string]any{"type": "object", "properties": props}}}
	}
	e := NewEngine(testLimits)
	cs := e.Check(schema(strings.Repeat("k", 10_000), 3000))
	if len(cs.Problems) != 1 || cs.Problems[0].Kind != SchemaBound || cs.Complete {
		t.Fatalf("long name: got %q complete=%v, want one bound problem and incomplete", kinds(cs.Problems), cs.Complete)
	}
	if p := cs.Problems[0]; !strings.Contains(p.Message, "limits.max-subschemas") || !strings.HasPrefix(p.Pointer, "/properties/kkk") {
		t.Errorf("problem %.200q at %.40q: want the bound and its config key, below the long name", p.Message, p.Pointer)
	}
	if cs := e.Check(schema("name", 9000)); len(cs.Problems) != 0 || !cs.Complete {
		t.Errorf("short names: got %q complete=%v, want a complete check", kinds(cs.Problems), cs.Complete)
	}
}
