package source

import "testing"

func TestResolveRefs(t *testing.T) {
	a := map[string]any{"type": "object"}
	root := map[string]any{"components": map[string]any{"schemas": map[string]any{"A": a}}, "$defs": map[string]any{"B": a}}
	if got := ResolveComponentRef(root, map[string]any{"$componentRef": "#/components/schemas/A"}, "schemas"); !got.Found || got.Pointer != "/components/schemas/A" {
		t.Errorf("component: got %+v", got)
	}
	lone := map[string]any{"$ref": "#/$defs/B"}
	if ptr, v, ok := ResolveLoneRef(root, lone); !ok || ptr != "/$defs/B" || v == nil {
		t.Errorf("lone $ref: got %q %v %v", ptr, v, ok)
	}
	withSibling := map[string]any{"$ref": "#/$defs/B", "description": "x"}
	if _, _, ok := ResolveLoneRef(root, withSibling); ok {
		t.Error("a $ref with siblings is not lone")
	}
	if ptr, _, ok := ResolveLocalRef(root, withSibling); !ok || ptr != "/$defs/B" {
		t.Errorf("local $ref: got %q %v", ptr, ok)
	}
	for _, v := range []any{map[string]any{"$ref": "#/nope"}, map[string]any{"$ref": "other.json#/a"}, map[string]any{"$ref": "#"}, "x"} {
		if _, _, ok := ResolveLocalRef(root, v); ok {
			t.Errorf("%v resolved", v)
		}
	}
}
