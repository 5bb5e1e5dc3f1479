package schema

import (
	"fmt"
	"runtime"
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

// TestLongPatternNotCompiled reproduces issue 19 item 8: a 1 MB pattern
// took 180 MB to compile (regexp2 keeps about 65 bytes per byte). A pattern
// longer than maxPatternBytes is not compiled: the schema gets a problem at
// the pattern, saying why; one within the bound is compiled as before.
func TestLongPatternNotCompiled(t *testing.T) {
	e := NewEngine(testLimits)
	schema := func(n int) any {
		return map[string]any{"type": "string", "pattern": "^" + strings.Repeat("(a|b)", n/5) + "$"}
	}
	cs := e.Check(schema(maxPatternBytes + 10))
	if len(cs.Problems) != 1 || cs.Problems[0].Pointer != "/pattern" || !strings.Contains(cs.Problems[0].Message, "too long to check") {
		t.Fatalf("long pattern: got %+v, want one problem at /pattern saying it is too long", cs.Problems)
	}
	if cs := e.Check(schema(maxPatternBytes - 10)); len(cs.Problems) != 0 {
		t.Errorf("pattern within the bound: got %q", kinds(cs.Problems))
	}
}

// TestBoundsWideArrayPushesWhatCanBeVisited: the bound walk pushed a frame
// for every element of an array before visiting any (490,000 empty
// objects in a default: 49 MB); it now pushes only the elements that can
// be visited before the subschema bound, and stops at the same place.
func TestBoundsWideArrayPushesWhatCanBeVisited(t *testing.T) {
	elems := make([]any, 200_000)
	for i := range elems {
		elems[i] = map[string]any{}
	}
	schema := map[string]any{"type": "object", "default": elems}
	var p *Problem
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p = checkBounds(schema, testLimits)
	runtime.ReadMemStats(&after)
	if p == nil || p.Pointer != "/default/19998" {
		t.Fatalf("problem %+v, want the bound crossed at /default/19998", p)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("the walk allocated %d bytes; want at most 4 MB", got)
	}
}
