package source

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestJSONPositions(t *testing.T) {
	t.Parallel()
	src := "{\n  \"tools\": [\n    {\"name\": \"a~b/c\", \"inputSchema\": {\"type\": \"object\", \"a~b/c\": 1.50}}\n  ]\n}\n"
	f := Parse("x.json", []byte(src), Limits{})
	if f.Fatal() || f.Shape != ShapeListResult || len(f.Tools) != 1 {
		t.Fatalf("got %+v", f)
	}
	cases := map[string]Pos{
		"":                             {1, 1},
		"/tools":                       {2, 12},
		"/tools/0":                     {3, 5},
		"/tools/0/name":                {3, 14},
		"/tools/0/inputSchema/type":    {3, 47},
		"/tools/0/inputSchema/a~0b~1c": {3, 66},
	}
	for ptr, want := range cases {
		got, ok := f.Index.Value(ptr)
		if !ok || got != want {
			t.Errorf("%q: got %v %v, want %v", ptr, got, ok, want)
		}
	}
	v, _ := Resolve(f.Root, "/tools/0/inputSchema/a~0b~1c")
	if v != json.Number("1.50") {
		t.Errorf("number kept as %v", v)
	}
}

func TestJSONProblems(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		src  string
		kind ProblemKind
		pos  Pos
	}{
		"trailing":  {`{"a":1} x`, ProblemSyntax, Pos{1, 9}},
		"nan":       {"{\n \"a\": NaN}", ProblemSyntax, Pos{2, 7}},
		"dup":       {"{\"a\":1,\n \"a\":2}", ProblemDuplicateKey, Pos{2, 2}},
		"utf8":      {"{\"a\":\"\xff\"}", ProblemSyntax, Pos{1, 7}},
		"bom":       {"\xef\xbb\xbf{\"name\":\"x\"}", ProblemBOM, Pos{1, 1}},
		"empty":     {"  \n", ProblemEmpty, Pos{1, 1}},
		"truncated": {"{\"a\":", ProblemSyntax, Pos{1, 6}},
		"deep":      {strings.Repeat("[", 2000), ProblemTooDeep, Pos{1, 1001}},
	} {
		f := Parse("x.json", []byte(tc.src), Limits{})
		if len(f.Problems) == 0 || f.Problems[0].Kind != tc.kind || f.Problems[0].Pos != tc.pos {
			t.Errorf("%s: got %+v", name, f.Problems)
		}
	}
}

func TestYAMLPositionsAndDates(t *testing.T) {
	t.Parallel()
	src := "mcpdesc: 0.8.0\nprotocolVersions: [2026-07-28]\ntools:\n  - name: echo\n    inputSchema:\n      type: object\n      maximum: 0x10\n"
	f := Parse("x.yaml", []byte(src), Limits{})
	if f.Fatal() || f.Shape != ShapeDescription {
		t.Fatalf("got %+v", f.Problems)
	}
	if len(f.DeclaredVersions) != 1 || f.DeclaredVersions[0] != "2026-07-28" {
		t.Errorf("versions %v", f.DeclaredVersions)
	}
	if p, _ := f.Index.Value("/tools/0/inputSchema/type"); p != (Pos{6, 13}) {
		t.Errorf("pos %v", p)
	}
	if v, _ := Resolve(f.Root, "/tools/0/inputSchema/maximum"); v != json.Number("16") {
		t.Errorf("hex %v", v)
	}
	if f.Tools[0].Name != "echo" {
		t.Errorf("tool %+v", f.Tools[0])
	}
}

func TestDuplicateKeyDropsProblemsOfReplacedValue(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"x.json": `{"s": {"t": 1, "t": 2}, "s": null}`,
		"x.yaml": "s:\n  t:\n  t:\ns:\n",
	} {
		f := Parse(name, []byte(src), Limits{})
		if len(f.Problems) != 1 || f.Problems[0].Pointer != "/s" {
			t.Errorf("%s: problems %+v, want one duplicate key at /s", name, f.Problems)
		}
	}
}

// TestLazyIndexLongLine looks up every pointer of a minified file (one line
// of many marks, with multi-byte characters) in random order and compares
// the lazy index with the full one.
func TestLazyIndexLongLine(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	for i := range 2000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"t%d","description":"é€😀 %d","a":{"a":1,"a":[true,"\"x\\"]}}`, i, i)
	}
	b.WriteString(`]}`)
	data := []byte(b.String())
	full := Parse("t.json", data, Limits{}).Index
	full.mu.Lock()
	full.materialize()
	full.mu.Unlock()
	lazy := Parse("t.json", data, Limits{}).Index
	if len(full.values) < 10000 {
		t.Fatalf("only %d values", len(full.values))
	}
	for ptr, want := range full.values {
		if got, ok := lazy.Value(ptr); !ok || got != want {
			t.Fatalf("%q at %v, want %v", ptr, got, want)
		}
		if want, wok := full.keys[ptr]; wok {
			if got, ok := lazy.Key(ptr); !ok || got != want {
				t.Fatalf("key %q at %v, want %v", ptr, got, want)
			}
		}
	}
}
