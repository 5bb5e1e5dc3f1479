package source

import (
	"reflect"
	"strings"
	"testing"
)

// TestParseLikeSharesEqualValues: a base decoded next to its head holds
// the head's values wherever they are equal at the same pointer (the
// enum's objects, and every unchanged member around them), its own where
// they differ, and equals Parse's file in every other respect.
func TestParseLikeSharesEqualValues(t *testing.T) {
	t.Parallel()
	headData := enumText(50, "k")
	head := Parse("t.json", headData, Limits{})
	baseData := []byte(strings.Replace(string(enumText(51, "k")), `"name":"t"`, `"name":"t","title":"x"`, 1))
	base := sameParse(t, "t.json", baseData, Limits{}, head, headData)
	hv, _ := Resolve(head.Root, "/tools/0/inputSchema/enum")
	bv, _ := Resolve(base.Root, "/tools/0/inputSchema/enum")
	he, be := hv.([]any), bv.([]any)
	for i := range he {
		if reflect.ValueOf(he[i]).UnsafePointer() != reflect.ValueOf(be[i]).UnsafePointer() {
			t.Fatalf("enum object %d not shared", i)
		}
	}
	if same(be[50], nil) || len(be) != 51 {
		t.Fatal("the base's own object is missing")
	}
	if same(hv, bv) {
		t.Fatal("enums of different lengths shared")
	}
	if hs, _ := Resolve(head.Root, "/tools/0/inputSchema"); same(hs, mustResolve(t, base.Root, "/tools/0/inputSchema")) {
		t.Fatal("schemas with different enums shared")
	}
	// equal values, however written, are shared; a number's spelling counts
	spaced := []byte(strings.ReplaceAll(string(headData), ",", " ,\n "))
	if b := sameParse(t, "t.json", spaced, Limits{}, head, headData); !same(b.Root, head.Root) {
		t.Fatal("an equal file written with other spaces is not shared")
	}
	other := []byte(strings.Replace(string(headData), `{"k":7}`, `{"k":7.0}`, 1))
	b := sameParse(t, "t.json", other, Limits{}, head, headData)
	if same(mustResolve(t, b.Root, "/tools/0/inputSchema/enum/7"), mustResolve(t, head.Root, "/tools/0/inputSchema/enum/7")) {
		t.Fatal("7.0 shared with 7")
	}
	if !same(mustResolve(t, b.Root, "/tools/0/inputSchema/enum/8"), mustResolve(t, head.Root, "/tools/0/inputSchema/enum/8")) {
		t.Fatal("the next object not shared")
	}
	// a head with problems lends its values all the same
	dup := []byte(strings.Replace(string(headData), `"name":"t"`, `"name":"t","name":"t"`, 1))
	dupHead := Parse("t.json", dup, Limits{})
	if b := sameParse(t, "t.json", headData, Limits{}, dupHead, dup); !same(mustResolve(t, b.Root, "/tools/0/inputSchema"), mustResolve(t, dupHead.Root, "/tools/0/inputSchema")) {
		t.Fatal("the schema of a head with a duplicate key not shared")
	}
}

func mustResolve(t *testing.T, v any, ptr string) any {
	t.Helper()
	x, ok := Resolve(v, ptr)
	if !ok {
		t.Fatalf("%q does not resolve", ptr)
	}
	return x
}
