package source

import (
	"strconv"
	"testing"
)

func TestResolveRefs(t *testing.T) {
	t.Parallel()
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

// TestFollowComponentRef: component-to-component references are followed
// transitively within the namespace; cycles, wrong namespaces, malformed and
// missing references are told apart, with the reference that failed.
func TestFollowComponentRef(t *testing.T) {
	t.Parallel()
	schemas := map[string]any{
		"A":     map[string]any{"$componentRef": "#/components/schemas/B"},
		"B":     map[string]any{"type": "object"},
		"C1":    map[string]any{"$componentRef": "#/components/schemas/C2"},
		"C2":    map[string]any{"$componentRef": "#/components/schemas/C1"},
		"Self":  map[string]any{"$componentRef": "#/components/schemas/Self"},
		"Other": map[string]any{"$componentRef": "#/components/toolExamples/E"},
		"Gone":  map[string]any{"$componentRef": "#/components/schemas/Nope"},
	}
	root := map[string]any{"components": map[string]any{"schemas": schemas, "toolExamples": map[string]any{"E": map[string]any{}}}}
	cases := []struct {
		ref, ns string
		want    RefProblem
		at      string
		ptr     string
		reached string
	}{
		{"#/components/schemas/A", "schemas", RefOK, "", "/components/schemas/B", ""},
		{"#/components/schemas/C1", "schemas", RefCycle, "/components/schemas/C2", "", ""},
		{"#/components/schemas/Self", "schemas", RefCycle, "/components/schemas/Self", "", ""},
		{"#/components/schemas/Other", "schemas", RefNamespace, "/components/schemas/Other", "", "toolExamples"},
		{"#/components/toolExamples/E", "schemas", RefNamespace, "", "", "toolExamples"},
		{"#/components/schemas/Gone", "schemas", RefMissing, "/components/schemas/Gone", "", ""},
		{"#/components/nope/A", "schemas", RefMalformed, "", "", ""},
		{"#/components/schemas/", "schemas", RefMalformed, "", "", ""},
		{"#/components/schemas/a/b", "schemas", RefMalformed, "", "", ""},
		{"other.json#/components/schemas/A", "schemas", RefMalformed, "", "", ""},
	}
	for _, c := range cases {
		r := FollowComponentRef(root, c.ref, c.ns)
		if r.Problem != c.want || r.At != c.at || r.Pointer != c.ptr || r.Reached != c.reached {
			t.Errorf("%s: got %+v", c.ref, r)
		}
	}
	if got := ResolveComponentRef(root, map[string]any{"$componentRef": "#/components/schemas/A"}, "schemas"); !got.Found || got.Pointer != "/components/schemas/B" {
		t.Errorf("alias: got %+v", got)
	}
	if got := ResolveComponentRef(root, map[string]any{"$componentRef": "#/components/schemas/C1"}, "schemas"); !got.IsRef || got.Found {
		t.Errorf("cycle: got %+v", got)
	}
}

// TestFollowComponentRefBounded: a chain longer than MaxComponentChain is
// reported, not followed to its end.
func TestFollowComponentRefBounded(t *testing.T) {
	t.Parallel()
	schemas := map[string]any{}
	n := MaxComponentChain + 5
	for i := 0; i < n; i++ {
		schemas["S"+itoaTest(i)] = map[string]any{"$componentRef": "#/components/schemas/S" + itoaTest(i+1)}
	}
	schemas["S"+itoaTest(n)] = map[string]any{"type": "object"}
	root := map[string]any{"components": map[string]any{"schemas": schemas}}
	if r := FollowComponentRef(root, "#/components/schemas/S0", "schemas"); r.Problem != RefTooDeep || len(r.Chain) != MaxComponentChain {
		t.Errorf("long chain: got problem %v after %d", r.Problem, len(r.Chain))
	}
	if r := FollowComponentRef(root, "#/components/schemas/S10", "schemas"); r.Problem != RefOK {
		t.Errorf("short chain: got %v", r.Problem)
	}
}

func itoaTest(i int) string { return strconv.Itoa(i) }
