package source

import "testing"

func TestResolveComponentRef(t *testing.T) {
	t.Parallel()
	a := map[string]any{"type": "object"}
	root := map[string]any{"components": map[string]any{"schemas": map[string]any{"A": a}}}
	ref := func(s any) any { return map[string]any{"$componentRef": s} }
	for _, c := range []struct {
		v            any
		ns           string
		isRef, found bool
		ptr          string
	}{
		{a, "schemas", false, false, ""},
		{nil, "schemas", false, false, ""},
		{ref("#/components/schemas/A"), "schemas", true, true, "/components/schemas/A"},
		{ref("#/components/schemas/B"), "schemas", true, false, ""},
		{ref("#/components/schemas/A"), "toolExamples", true, false, ""},
		{ref(7), "schemas", true, false, ""},
	} {
		got := ResolveComponentRef(root, c.v, c.ns)
		if got.IsRef != c.isRef || got.Found != c.found || got.Pointer != c.ptr || (c.found && got.Value == nil) {
			t.Errorf("%v in %s: got %+v", c.v, c.ns, got)
		}
	}
}
