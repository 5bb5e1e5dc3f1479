package tokens

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCountJSONAgrees: counting a value's strings apart (countJSON) gives
// the count of its whole text, on the corpus's tools and on generated
// values whose strings start and end with every class of rune.
func TestCountJSONAgrees(t *testing.T) {
	t.Parallel()
	for _, v := range generatedValues(3000) {
		agreeJSON(t, v)
	}
	for _, tool := range fileTools(t, corpusPattern) {
		agreeJSON(t, tool)
	}
}

func agreeJSON(t *testing.T, v any) {
	t.Helper()
	text := AppendJSON(nil, v)
	// twice: the second time from the counter's caches
	for range 2 {
		if got, want := CountJSON(v), Count(text); got != want {
			t.Fatalf("%s: CountJSON %d, Count of the text %d", text, got, want)
		}
	}
}

// generatedValues builds objects, arrays and strings from fragments that
// put each kind of rune at a string's edges and next to its core.
func generatedValues(n int) []any {
	frags := []string{"a", "Get", "ID", "x1", "42", "1234", " ", "  ", ".", "!", "'s", "'", "\"", "\\", "\n", "\t", "é", "\u0301", "日本", "١", "Ⅻ", "ǅ", "ʰ",
		"(", ")", "/", "-", "_", ",", ":", "{", "\u00a0", "👍", "\x7f", "\xff", "don't", "e.g.", "v1.0.0", "https://x.io/a"}
	rng := rand.New(rand.NewPCG(28, 5))
	str := func() string {
		var sb strings.Builder
		for range rng.IntN(5) {
			sb.WriteString(frags[rng.IntN(len(frags))])
		}
		return sb.String()
	}
	var val func(depth int) any
	val = func(depth int) any {
		switch k := rng.IntN(6); {
		case depth > 2 || k == 0:
			return str()
		case k == 1:
			return json.Number("12")
		case k == 2:
			return []any{val(depth + 1), val(depth + 1), true, nil}
		default:
			m := map[string]any{}
			for range 1 + rng.IntN(4) {
				m[str()] = val(depth + 1)
			}
			return m
		}
	}
	out := make([]any, n)
	for i := range out {
		out[i] = val(0)
	}
	return out
}

// TestHostileStrings: a 2 MB string without a break, and one of
// distinct words, are counted (in chunks past maxPiece bytes), and the
// counter keeps no buffer of their size for the next count.
func TestHostileStrings(t *testing.T) {
	for _, s := range []string{strings.Repeat("d", 2<<20), strings.Repeat("日\u0301本 Word, ", 2<<20/16)} {
		n := CountJSON(map[string]any{"description": s})
		if n < len(s)/maxPiece || n > len(s) {
			t.Errorf("%d tokens for %d bytes", n, len(s))
		}
		c := getCounter()
		if cap(c.skel) > keepBuffer || cap(c.scratch) > keepBuffer {
			t.Errorf("a counter keeps buffers of %d and %d bytes", cap(c.skel), cap(c.scratch))
		}
		putCounter(c)
	}
}

// TestCountObjectAgrees: CountObject counts the object CountJSON would.
func TestCountObjectAgrees(t *testing.T) {
	t.Parallel()
	vals := generatedValues(500)
	for i := 0; i+2 < len(vals); i += 3 {
		name, _ := vals[i].(string)
		obj := map[string]any{"description": vals[i+1], "inputSchema": vals[i+2], "name": name}
		got := CountObject([]Member{{"description", vals[i+1], true}, {"inputSchema", vals[i+2], false}, {"name", name, true}})
		if want := Count(AppendJSON(nil, obj)); got != want {
			t.Fatalf("%s: CountObject %d, Count %d", AppendJSON(nil, obj), got, want)
		}
	}
}
