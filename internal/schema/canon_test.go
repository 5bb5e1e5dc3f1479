package schema

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestKeyOfHashesTheCanonicalForm: the cache key, hashed a chunk at a
// time, is the hash of the dialect and the whole canonical form, for
// schemas shorter and much longer than a chunk.
func TestKeyOfHashesTheCanonicalForm(t *testing.T) {
	t.Parallel()
	big := make([]any, 20_000)
	for i := range big {
		big[i] = map[string]any{"k": json.Number(fmt.Sprint(i)), "s": strings.Repeat("x", i%50)}
	}
	for _, s := range []any{
		map[string]any{"type": "object"},
		true,
		map[string]any{"enum": big, "$defs": map[string]any{"a": map[string]any{"const": big[:100]}}},
	} {
		for _, d := range []Dialect{Dialect2020, DialectDraft7} {
			want := sha256.Sum256(AppendCanonical(append([]byte(d), 0), s))
			if got := keyOf(s, d); got != cacheKey(want) {
				t.Fatalf("%s: key differs from the hash of the canonical form", d)
			}
		}
	}
}
