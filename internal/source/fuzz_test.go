package source

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// fuzzSeeds returns the tool files of the repository's test data: every
// file inside validate/testdata/*.txtar and testdata/examples. root is the
// module root relative to the test's package directory.
func fuzzSeeds(tb testing.TB, root string) [][]byte {
	tb.Helper()
	return fixture.SeedFiles(tb, root+"/validate/testdata/*.txtar", root+"/testdata")
}

// fuzzNames are the file names a fuzzed text is parsed under, one per format.
var fuzzNames = []string{"t.json", "t.yaml", "t.snap"}

// FuzzParse checks the loader and its pointer index on any text: it never
// panics, every indexed pointer resolves in the decoded value, every
// position (indexed or of a problem) lies within the text, and a fatal
// problem leaves no value.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f, filepath.Join("..", "..")) {
		f.Add(uint8(0), s)
		f.Add(uint8(1), s)
	}
	f.Add(uint8(0), []byte("\xef\xbb\xbf{\"a~b/c\": [1, 2e400, -0, \"\\u00e9\"]}"))
	f.Add(uint8(1), []byte("a: &x {b: *x}\nc: {<<: *x, d: 1}\n"))
	bomb, _, _, _ := mergeBomb(40, 8)
	f.Add(uint8(1), bomb)
	f.Add(uint8(1), []byte("a: &x !foo {<<: {b: 1}, !!merge <<: [c], d: !<tag:x> 1}\n"))
	f.Fuzz(func(t *testing.T, kind uint8, data []byte) {
		name := fuzzNames[int(kind)%len(fuzzNames)]
		lim := Limits{MaxBytes: 1 << 20, MaxDepth: 200, MaxValues: 100_000, MaxTools: 1000}
		checkParsed(t, Parse(name, data, lim), Parse(name, data, lim).Index, data)
	})
}

// checkParsed checks file, parsed from data, and that lazy (the index of
// another parse of data, not used yet) answers every lookup as file's index
// indexed in full does.
func checkParsed(t *testing.T, file *File, lazy *Index, data []byte) {
	t.Helper()
	text := strings.TrimPrefix(string(data), "\ufeff")
	lines := strings.Split(text, "\n")
	within := func(what string, p Pos) {
		if p.Line < 1 || p.Line > len(lines) {
			t.Fatalf("%s: line %d outside 1..%d", what, p.Line, len(lines))
		}
		if max := utf8.RuneCountInString(lines[p.Line-1]) + 1; p.Column < 1 || p.Column > max {
			t.Fatalf("%s: column %d outside 1..%d on line %d", what, p.Column, max, p.Line)
		}
	}
	if file.Index == nil {
		t.Fatal("nil index")
	}
	for _, p := range file.Problems {
		within("problem "+string(p.Kind), p.Pos)
		if p.Message == "" {
			t.Fatalf("problem %s without message", p.Kind)
		}
	}
	if file.Fatal() {
		if file.Root != nil || len(file.Tools) != 0 {
			t.Fatalf("fatal problem but a value or tools remain")
		}
		// the root's position, answered without indexing in full, is the
		// one indexing in full finds
		got, ok := lazy.Value("")
		file.Index.mu.Lock()
		file.Index.materialize()
		want, wok := file.Index.values[""]
		file.Index.mu.Unlock()
		if got != want || ok != wok {
			t.Fatalf("root of a fatal file at %v %v, indexed in full at %v %v", got, ok, want, wok)
		}
		return
	}
	// The lazy index answers as the full one does, for every indexed
	// pointer and for missing children of each.
	file.Index.mu.Lock()
	file.Index.materialize()
	file.Index.mu.Unlock()
	for ptr := range file.Index.values {
		for _, q := range []string{ptr, ptr + "/x", ptr + "/0"} {
			want, wok := file.Index.Value(q)
			if got, ok := lazy.Value(q); got != want || ok != wok {
				t.Fatalf("lazy index: %q at %v %v, want %v %v", q, got, ok, want, wok)
			}
			want, wok = file.Index.Key(q)
			if got, ok := lazy.Key(q); got != want || ok != wok {
				t.Fatalf("lazy index: key %q at %v %v, want %v %v", q, got, ok, want, wok)
			}
		}
	}
	for ptr, p := range file.Index.values {
		within("value "+ptr, p)
		if _, ok := Resolve(file.Root, ptr); !ok {
			t.Fatalf("indexed pointer %q does not resolve", ptr)
		}
	}
	for ptr, p := range file.Index.keys {
		within("key "+ptr, p)
		if _, ok := Resolve(file.Root, ptr); !ok {
			t.Fatalf("indexed key pointer %q does not resolve", ptr)
		}
	}
	for _, tool := range file.Tools {
		v, ok := Resolve(file.Root, tool.Pointer)
		if !ok {
			t.Fatalf("tool pointer %q does not resolve", tool.Pointer)
		}
		if _, isObj := v.(map[string]any); isObj != (tool.Value != nil) {
			t.Fatalf("tool %q: Value does not match the entry", tool.Pointer)
		}
		if _, ok := file.Index.Value(tool.Pointer); !ok {
			t.Fatalf("tool pointer %q is not indexed", tool.Pointer)
		}
	}
	// Escaping round-trips for every member name.
	for ptr := range file.Index.keys {
		for _, tok := range Split(ptr) {
			if UnescapeToken(EscapeToken(tok)) != tok {
				t.Fatalf("token %q does not round-trip", tok)
			}
		}
	}
}

// TestDuplicateKeyForgetsReplacedValue is the first crasher FuzzParse
// found: a duplicate key left the replaced value's pointers in the index.
func TestDuplicateKeyForgetsReplacedValue(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{"t.json": `{"a": {"b": [1]}, "a": 2}`, "t.yaml": "a: {b: [1]}\na: 2\n"} {
		f := Parse(name, []byte(src), Limits{})
		if len(f.Problems) != 1 || f.Problems[0].Kind != ProblemDuplicateKey {
			t.Errorf("%s: problems %+v", name, f.Problems)
		}
		if _, ok := f.Index.Value("/a/b"); ok {
			t.Errorf("%s: /a/b still indexed", name)
		}
	}
	// An explicit YAML key beside a merge key is not a duplicate: nothing is
	// merged (MCP Description 0.8.0 §15.3.6), "<<" is an ordinary key and
	// only the merge key itself is reported.
	f := Parse("t.yaml", []byte("y: {<<: {a: 1, b: 2}, a: 3}\n"), Limits{})
	if len(f.Problems) != 1 || f.Problems[0].Kind != ProblemYAMLMergeKey {
		t.Errorf("problems %+v", f.Problems)
	}
	if v, _ := Resolve(f.Root, "/y/a"); v != json.Number("3") {
		t.Errorf("/y/a = %v", v)
	}
	if _, merged := Resolve(f.Root, "/y/b"); merged {
		t.Errorf("/y/b merged in")
	}
}
