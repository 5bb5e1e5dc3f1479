package diffcheck

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestRefKey: an unresolved reference is keyed by its target resolved
// against the $ids above it, so the same reference under the same $id
// has the same key at base and head, wherever the tool sits.
func TestRefKey(t *testing.T) {
	doc := map[string]any{"tools": []any{map[string]any{"inputSchema": map[string]any{
		"$id": "https://example.com/a/s.json", "properties": map[string]any{"q": map[string]any{"$ref": "defs.json#/x"}}}}}}
	for _, c := range []struct{ ptr, ref, want string }{
		{"/tools/0/inputSchema/properties/q", "defs.json#/x", "https://example.com/a/defs.json#/x"},
		{"/tools/0/inputSchema", "../b.json", "https://example.com/b.json"},
		{"", "https://example.com/x.json", "https://example.com/x.json"},
		{"", "x.json", "x.json"},
	} {
		if got := refKeyAt(doc, c.ptr, c.ref); got != c.want {
			t.Errorf("refKeyAt(%q, %q) = %q, want %q", c.ptr, c.ref, got, c.want)
		}
	}
}

// TestKnownAndAcceptedPart: knownPart drops unresolved references (an
// upper bound of what the schema accepts), acceptedPart makes the objects
// holding them false (a lower bound); local references and instance
// values (enum, const, default, examples) are left alone, and a draft-07
// object with a $ref becomes true (its siblings are ignored).
func TestKnownAndAcceptedPart(t *testing.T) {
	schema := map[string]any{"type": "object", "allOf": []any{map[string]any{"$ref": "https://example.com/x.json"}},
		"properties": map[string]any{"l": map[string]any{"$ref": "#/$defs/l"}, "c": map[string]any{"const": map[string]any{"$ref": "x.json"}}},
		"$defs":      map[string]any{"l": map[string]any{"type": "string"}}}
	known := canonical(knownPart(schema))
	want := `{"$defs":{"l":{"type":"string"}},"allOf":[{}],"properties":{"c":{"const":{"$ref":"x.json"}},"l":{"$ref":"#/$defs/l"}},"type":"object"}`
	if known != want {
		t.Errorf("knownPart = %s\nwant %s", known, want)
	}
	if got := canonical(acceptedPart(schema)); got != `{"$defs":{"l":{"type":"string"}},"allOf":[false],"properties":{"c":{"const":{"$ref":"x.json"}},"l":{"$ref":"#/$defs/l"}},"type":"object"}` {
		t.Errorf("acceptedPart = %s", got)
	}
	if v, _ := source.Resolve(schema, "/allOf/0/$ref"); v != "https://example.com/x.json" {
		t.Error("the schema itself was changed")
	}
	d7 := map[string]any{"$schema": "http://json-schema.org/draft-07/schema#", "properties": map[string]any{"a": map[string]any{"$ref": "x.json", "type": "string"}}}
	if got := canonical(knownPart(d7)); got != `{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"a":true}}` {
		t.Errorf("draft-07 knownPart = %s", got)
	}
}

// TestSchemaRefsPlaces: a reference is plain where it is a conjunct, not
// plain in an anyOf branch, and not monotone under not, if, oneOf,
// contains, $defs, or anywhere beside unevaluatedProperties.
func TestSchemaRefsPlaces(t *testing.T) {
	ref := func(u string) map[string]any { return map[string]any{"$ref": u} }
	schema := map[string]any{"allOf": []any{ref("a.json")}, "anyOf": []any{ref("b.json")}, "not": ref("c.json"),
		"$defs": map[string]any{"d": ref("d.json")}}
	got := schemaRefs(schema, "")
	for k, want := range map[string][2]bool{"a.json": {true, true}, "b.json": {true, false}, "c.json": {false, false}, "d.json": {false, false}} {
		if u := got[k]; u.monotone != want[0] || u.plain != want[1] {
			t.Errorf("%s: monotone %v plain %v, want %v", k, u.monotone, u.plain, want)
		}
	}
	schema["unevaluatedProperties"] = false
	if allMonotone(schemaRefs(schema, "")) || schemaRefs(schema, "")["a.json"].monotone {
		t.Error("beside unevaluatedProperties a reference is not monotone")
	}
}
