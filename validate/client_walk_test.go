package validate

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// TestClientWalkStaysWithinSchemaBounds: the client profiles that walk a
// whole schema (openai-strict, gemini) visit at most limits.max-subschemas
// schemas and no deeper than limits.max-schema-depth, as the schema check
// does: a hostile schema costs them no more than its bound.
func TestClientWalkStaysWithinSchemaBounds(t *testing.T) {
	t.Parallel()
	props := map[string]any{}
	for i := 0; i < 500; i++ {
		props[fmt.Sprintf("k%03d", i)] = map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{"format": "uri"}}}
	}
	deep := map[string]any{"type": "object"}
	for i := 0; i < 200; i++ {
		deep = map[string]any{"type": "object", "properties": map[string]any{"a": deep}}
	}
	data, _ := json.Marshal(map[string]any{"tools": []any{
		map[string]any{"name": "wide", "description": "d", "inputSchema": map[string]any{"type": "object", "properties": props}},
		map[string]any{"name": "deep", "description": "d", "inputSchema": deep},
	}})
	f := source.Parse("tools.json", data, source.Limits{})
	opts := Options{Clients: []string{"openai-strict"}, Limits: Limits{Schema: schema.Limits{MaxSubschemas: 100, MaxDepth: 10}}}
	formats, closed := map[string]int{}, map[string]int{}
	for _, fd := range CheckFile(f, opts, nil).Findings {
		switch fd.Rule {
		case ClientOpenAIFormat.Rule.ID:
			formats[fd.Tool] += fd.Count()
		case ClientOpenAIAdditionalProperties.Rule.ID:
			closed[fd.Tool] += fd.Count()
		}
	}
	// 100 schemas: the root, then k000 and its x, k001 and its x, ...
	if formats["wide"] != 49 || closed["wide"] != 51 {
		t.Errorf("wide: %d format and %d open-object findings, want 49 and 51 (the root, k000 to k049) within 100 schemas", formats["wide"], closed["wide"])
	}
	// depth 0 to 10: eleven objects
	if closed["deep"] != 11 {
		t.Errorf("deep: %d open-object findings, want 11 within depth 10", closed["deep"])
	}
}
