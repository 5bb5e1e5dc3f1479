package schema

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// fuzzLimits keep each fuzzed schema cheap.
var fuzzLimits = Limits{MaxDepth: 32, MaxSubschemas: 2000, Timeout: 2 * time.Second, RegexTimeout: 10 * time.Millisecond}

// schemaSeeds returns every inputSchema and outputSchema found in the
// files of validate/testdata/*.txtar and testdata/examples, as JSON.
func schemaSeeds(tb testing.TB) [][]byte {
	tb.Helper()
	files := fixture.SeedFiles(tb, "../../validate/testdata/*.txtar", "../../testdata/examples/*")
	var seeds [][]byte
	for _, data := range files {
		for _, name := range []string{"s.json", "s.yaml"} {
			var found []any
			collectSchemas(source.Parse(name, data, source.Limits{}).Root, &found)
			for _, s := range found {
				if b, err := json.Marshal(s); err == nil {
					seeds = append(seeds, b)
				}
			}
		}
	}
	return seeds
}

// FuzzCheck checks and validates any schema: it never panics, stays within
// its bounds, reports problems sorted with pointers that resolve in the
// schema, and gives no verdict for a schema with errors; and when the
// pre-check says a schema is certainly valid, the library compiles it
// without any error.
func FuzzCheck(f *testing.F) {
	for _, s := range schemaSeeds(f) {
		f.Add(s)
	}
	f.Add([]byte(`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`))
	f.Add([]byte(`{"properties":{"a~b/c":{"pattern":"^(a+)+$","$anchor":"x"}},"$ref":"#x","$id":"http://e/x"}`))
	f.Add([]byte(`{"$schema":"http://json-schema.org/draft-07/schema#","items":[{"const":9007199254740993}],"definitions":{"d":{"$ref":"#/items/0"}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file := source.Parse("s.json", data, source.Limits{MaxBytes: 1 << 16, MaxDepth: 100})
		if file.Fatal() || !isSchema(file.Root) {
			return
		}
		schema := file.Root
		assertFastPathSound(t, schema, fuzzLimits)
		cs := NewEngine(fuzzLimits).Check(schema)
		for i, p := range cs.Problems {
			if p.Message == "" || p.Kind == "" {
				t.Fatalf("problem without kind or message: %+v", p)
			}
			if i > 0 && cs.Problems[i-1].Pointer > p.Pointer {
				t.Fatalf("problems not sorted: %q after %q", p.Pointer, cs.Problems[i-1].Pointer)
			}
			if _, ok := source.Resolve(schema, p.Pointer); !ok {
				t.Fatalf("problem pointer %q does not resolve in the schema: %s", p.Pointer, p.Message)
			}
		}
		for _, inst := range []any{map[string]any{}, "x", json.Number("1"), []any{nil}, schema} {
			_, ok := cs.Validate(inst)
			if ok && cs.hasErrors() {
				t.Fatalf("a verdict for a schema with errors: %+v", cs.Problems)
			}
		}
	})
}
