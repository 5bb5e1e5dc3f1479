package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestKeyOfIsTheObject: the cache key is the decoded object and the
// dialect: the same object shares a key, an equal copy does not, and a
// value that is neither an object nor a boolean has none.
func TestKeyOfIsTheObject(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", smallSchema)
	a := map[string]any{"type": "object", "description": big}
	b := map[string]any{"type": "object", "description": big}
	ka, _ := keyOf(a, Dialect2020)
	if again, _ := keyOf(a, Dialect2020); again != ka {
		t.Error("one object, two keys")
	}
	if kb, _ := keyOf(b, Dialect2020); kb == ka {
		t.Error("two objects, one key")
	}
	if k7, _ := keyOf(a, DialectDraft7); k7 == ka {
		t.Error("the dialect is not part of the key")
	}
	kt, _ := keyOf(true, Dialect2020)
	if kf, _ := keyOf(false, Dialect2020); kf == kt {
		t.Error("true and false share a key")
	}
	if _, ok := keyOf([]any{}, Dialect2020); ok {
		t.Error("an array has a key")
	}
}

// TestKeyOfSmallIsTheContent: a small schema is keyed by its canonical
// form (AppendCanonical's): equal copies share a key, different ones and
// other dialects do not, and a schema past the bound is keyed by identity.
func TestKeyOfSmallIsTheContent(t *testing.T) {
	t.Parallel()
	mk := func() map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"q": map[string]any{"type": "string", "enum": []any{"a", json.Number("1"), nil, true}}}}
	}
	ka, _ := keyOf(mk(), Dialect2020)
	kb, _ := keyOf(mk(), Dialect2020)
	if ka != kb || ka.content == "" || ka.doc != nil {
		t.Fatalf("equal small schemas: keys %+v and %+v", ka, kb)
	}
	if ka.content != string(AppendCanonical(nil, mk())) {
		t.Errorf("small key %q is not the canonical form", ka.content)
	}
	if k7, _ := keyOf(mk(), DialectDraft7); k7 == ka {
		t.Error("the dialect is not part of the key")
	}
	other := mk()
	other["type"] = "array"
	if ko, _ := keyOf(other, Dialect2020); ko == ka {
		t.Error("different schemas share a key")
	}
	for _, n := range []int{smallSchema - 40, smallSchema - 20, smallSchema - 10, smallSchema, 2 * smallSchema} {
		doc := map[string]any{"description": strings.Repeat("y", n)}
		k, _ := keyOf(doc, Dialect2020)
		form := AppendCanonical(nil, doc)
		if (k.content != "") != (len(form) <= smallSchema) || (k.content != "" && k.content != string(form)) {
			t.Errorf("%d-byte form: key content %d bytes", len(form), len(k.content))
		}
	}
	wide := map[string]any{}
	for i := 0; i < smallKeys+1; i++ {
		wide[string(rune('a'+i))] = true
	}
	if k, _ := keyOf(wide, Dialect2020); k.content != "" {
		t.Error("an object of more than smallKeys members is keyed by content")
	}
}
