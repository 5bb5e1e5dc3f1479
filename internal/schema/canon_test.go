package schema

import (
	"testing"
)

// TestKeyOfIsTheObject: the cache key is the decoded object and the
// dialect: the same object shares a key, an equal copy does not, and a
// value that is neither an object nor a boolean has none.
func TestKeyOfIsTheObject(t *testing.T) {
	t.Parallel()
	a := map[string]any{"type": "object"}
	b := map[string]any{"type": "object"}
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
