package tokens

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"
	"github.com/tiktoken-go/tokenizer/codec"
)

// o200kPattern is the module's split pattern (codec.NewO200kBase), the
// same string, so that regexp2 runs the module's generated matcher.
const o200kPattern = `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`

var moduleSplit = regexp2.MustCompile(o200kPattern, regexp2.None)

// moduleCodec is the pinned module's o200k_base codec: the reference
// every count is checked against.
var moduleCodec = sync.OnceValue(codec.NewO200kBase)

// modulePieces splits s with the module's matcher.
func modulePieces(t testing.TB, s string) []string {
	var out []string
	m, err := moduleSplit.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = moduleSplit.FindNextMatch(m) {
		out = append(out, m.String())
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func ourPieces(s string) []string {
	var out []string
	b := []byte(s)
	for p := 0; p < len(b); {
		e := pieceEnd(b, p)
		out = append(out, s[p:e])
		p = e
	}
	return out
}

// agree fails unless pieceEnd splits s as the module does and Count
// equals the module's count.
func agree(t testing.TB, s string) {
	t.Helper()
	want, got := modulePieces(t, s), ourPieces(s)
	if strings.Join(want, "\x00") != strings.Join(got, "\x00") {
		for i := range min(len(want), len(got)) {
			if want[i] != got[i] {
				t.Fatalf("%q: piece %d is %q, the module's is %q", s, i, got[i], want[i])
			}
		}
		t.Fatalf("%q: %d pieces, the module has %d", s, len(got), len(want))
	}
	wantN, _ := moduleCodec().Count(s)
	if n := Count([]byte(s)); n != wantN && !hasLongPiece(want) {
		t.Fatalf("%q: %d tokens, the module counts %d", s, n, wantN)
	}
}

func hasLongPiece(pieces []string) bool {
	for _, p := range pieces {
		if len(p) > maxPiece {
			return true
		}
	}
	return false
}

// tricky covers each branch of the pattern and its backtracking: marks
// (in both word classes, and a prefix), titlecase and modifier letters,
// contractions (with ſ), digits past three, whitespace runs with and
// without newlines, non-ASCII spaces, and symbols with slashes.
var tricky = []string{
	"", "a", "hello world", "Hello World", "HELLO world", "HTTPServer", "getHTTPResponse",
	"don't", "DON'T", "we're", "they've", "I'm", "you'll", "he'd", "it'ſ", "x'S", "x'", "'s",
	"1234567", "v1.0.0", "tag_100", "a1b2", "١٢٣٤", "Ⅻ",
	"  a", "a  b", "a   \n  b", "\n\n\nx", "\r\n", " \n ", "a \u00a0b", "a\u3000b", "tab\tx", "x\u2028y",
	"{\"type\":\"string\"}", "https://example.com/a/b", "a/b/c", "//\n", "!!!\n\n", " {\"", "—dash", "→arrow",
	"ǅemal", "ǅ", "ʰa", "Aʰ", "\u0301a", "a\u0301", "\u0301", "A\u0301B", "e\u0301te\u0301", " \u0301A", "\"\u0301AB",
	"日本語のテキスト", "한국어 텍스트", "emoji 👍🏽 ok", "Ωmega", "ÀÉÎõü", "İstanbul", "ß", "ﬁle",
	"a\u200bb", "x\ufeffy", "\ufffd", "SELECT * FROM t;", "snake_case_name", "kebab-case-name", "CamelCase",
	"path/to/file.json", "$ref", "#/definitions/x", "<tag>", "a&&b||c", "e.g., 'v1.0.0'",
}

func TestSplitAgrees(t *testing.T) {
	t.Parallel()
	for _, s := range tricky {
		agree(t, s)
	}
}

// TestSplitAgreesOnRandomText builds strings from runes of every class
// the pattern tells apart.
func TestSplitAgreesOnRandomText(t *testing.T) {
	t.Parallel()
	alphabet := []rune("aZ09 \n\r\t'sStTrRvVmMlLdDſ/\"{}:,._-\u00a0\u3000\u2028\u0301\u0300ǅʰ日ö١Ⅻ👍\u200b!?#")
	rng := rand.New(rand.NewPCG(7, 28))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	var sb strings.Builder
	for range n {
		sb.Reset()
		for range rng.IntN(24) {
			sb.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		agree(t, sb.String())
	}
}

// TestSplitAgreesOnCorpus counts every tool of ../shared/corpus as JSON
// text, as the product counts it.
func TestSplitAgreesOnCorpus(t *testing.T) {
	tools := fileTools(t, corpusPattern)
	if len(tools) == 0 {
		t.Skip("corpus not found at ../shared/corpus")
	}
	if testing.Short() {
		tools = tools[:min(len(tools), 200)]
	}
	for _, tool := range tools {
		agree(t, string(AppendJSON(nil, tool)))
	}
	t.Logf("%d tool texts agree", len(tools))
}

// corpusPattern selects the real tool files of ../shared/corpus.
const corpusPattern = "../../../shared/corpus/*/latest/*.json"

// fileTools reads the tools of the JSON files pattern selects (a tool
// list, a tools/list result, a JSON-RPC response or one tool each), as
// plain values; files that are not JSON are skipped.
func fileTools(t testing.TB, pattern string) []any {
	paths, _ := filepath.Glob(pattern)
	var out []any
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil {
			out = append(out, toolsOf(v)...)
		}
	}
	return out
}

func toolsOf(v any) []any {
	switch x := v.(type) {
	case []any:
		return x
	case map[string]any:
		if ts, ok := x["tools"].([]any); ok {
			return ts
		}
		if r, ok := x["result"].(map[string]any); ok {
			return toolsOf(r)
		}
		return []any{x}
	}
	return nil
}

func FuzzSplit(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0x7f) {
			t.Skip() // the product counts only valid UTF-8 without U+007F (AppendJSON)
		}
		agree(t, s)
	})
}

// TestLongPiecesAgree: pieces past the scan's 64 bytes merge on a heap;
// up to maxPiece bytes they count as the module counts them.
func TestLongPiecesAgree(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(64, 1024))
	for _, n := range []int{63, 64, 65, 66, 100, 257, 700, maxPiece} {
		for _, alphabet := range []string{"abcdefghijklmnopqrstuvwxyz", "ab", "x", "0123456789abcdef", "日本語テキスト", "!#$%&*+-./:;<=>?@^_|~"} {
			rs := []rune(alphabet)
			var sb strings.Builder
			for sb.Len() < n {
				sb.WriteRune(rs[rng.IntN(len(rs))])
			}
			s := sb.String()
			for len(s) > n { // whole runes, at most n bytes
				_, size := utf8.DecodeLastRuneInString(s)
				s = s[:len(s)-size]
			}
			agree(t, s)
		}
	}
}
