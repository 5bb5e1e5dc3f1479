package source

import (
	"bytes"
	"encoding/json"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// yamlTreeNodes counts the nodes go.yaml.in/yaml/v3 builds for data (its
// first two documents, as parseYAML decodes them).
func yamlTreeNodes(t *testing.T, data []byte) int {
	t.Helper()
	var count func(n *yaml.Node) int
	count = func(n *yaml.Node) int {
		c := 1
		for _, k := range n.Content {
			c += count(k)
		}
		return c
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	total := 0
	for range 2 {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			break
		}
		total += count(&doc)
	}
	return total
}

// TestYAMLNodeEstimate: the estimate read from the text is never below the
// nodes the library builds, whatever hides the indicators (quotes,
// comments, block scalars, implicit nulls, JSON-like keys).
func TestYAMLNodeEstimate(t *testing.T) {
	t.Parallel()
	cases := []string{
		"a", "[]", "{}", "[a]", "{a}", "[a: b]", "{a, b, c}", "[a: b, c: d]", "{a: [b: c]}",
		"[[[[]]]]", "- - - x", "-\n-\n-\n", "a:\n  b:\n    c: x\n", "? a\n: b\n", "[*a, *b]",
		`{"a":1,"b":[2,3]}`, "a: |\n  [x, y]\n  z: w\nb: [c, d]\n", "a: 'x, [y'\nb: {c: d}\n",
		"a: # [x, y]\n  b\n", "a\n---\nb\n---\nc\n", "- a: b\n  c: d\n- e\n", "{? a, ? b}",
		"[a, b, {c: d, e}, [f]]", "a: [x, y,]\n", "- [a, b]: c\n", `{"a":b, "c":[d]}`,
	}
	for _, c := range cases {
		data := []byte(c)
		if est, _ := yamlNodeEstimate(data, 1<<62); est < yamlTreeNodes(t, data) {
			t.Errorf("%q: estimate %d < %d nodes", c, est, yamlTreeNodes(t, data))
		}
	}
}

// denseYAML is n items of a flow sequence in about 2n bytes.
func denseYAML(n int) []byte { return []byte("a: [" + strings.Repeat("x,", n) + "x]\n") }

// TestParseYAMLDenseFlowMemory: dense flow YAML (200,000 items in 400 KB)
// is refused before go.yaml.in/yaml/v3 builds its tree, which took about
// 250 bytes per item (50 MB, 127 bytes per input byte): parsing allocates
// less than the 20 × the file's size of the memory target, with a
// limits.max-file-values problem at a position.
func TestParseYAMLDenseFlowMemory(t *testing.T) {
	data := denseYAML(200_000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f := Parse("t.yaml", data, Limits{})
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 20*uint64(len(data)) {
		t.Errorf("parsing %d bytes of dense YAML allocated %d bytes (%d per input byte), over 20 per byte", len(data), got, got/uint64(len(data)))
	}
	if len(f.Problems) != 1 || f.Problems[0].Kind != ProblemTooMany || !f.Problems[0].Fatal ||
		!strings.Contains(f.Problems[0].Message, "limits.max-file-values") || f.Problems[0].Pos.Line != 1 || f.Problems[0].Pos.Column < 2 {
		t.Fatalf("problems = %+v, want one fatal too-many-values problem naming limits.max-file-values at a position", f.Problems)
	}
}

// TestParseYAMLNodeBoundRaised: raising limits.max-file-values raises the
// bound in proportion, so a file refused by default can be read (here the
// estimate is 2.4 times the default bound).
func TestParseYAMLNodeBoundRaised(t *testing.T) {
	t.Parallel()
	data := denseYAML(200_000)
	f := Parse("t.yaml", data, Limits{MaxValues: 3 * DefaultLimits.MaxValues})
	if f.Fatal() {
		t.Fatalf("problems = %+v, want none with limits.max-file-values tripled", f.Problems)
	}
}

// TestParseYAMLRealFilesNotRefused: the corpus written as one block YAML
// file (every tool, the largest YAML tool file we can build from real
// tools) and as its JSON text read as YAML decode to the same value as the
// JSON file: the node bound refuses none of them.
func TestParseYAMLRealFilesNotRefused(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("parses the whole corpus three times")
	}
	data := corpusList(t)
	want := Parse("tools.json", data, Limits{})
	if want.Fatal() {
		t.Fatal(want.Problems)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var block func(n *yaml.Node)
	block = func(n *yaml.Node) {
		if n.Kind != yaml.ScalarNode {
			n.Style = 0
		}
		for _, c := range n.Content {
			block(c)
		}
	}
	block(&doc)
	blockYAML, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string][]byte{"block": blockYAML, "json-as-yaml": data} {
		got := Parse("tools.yaml", text, Limits{})
		if got.Fatal() {
			t.Fatalf("%s (%d bytes): %+v", name, len(text), got.Problems)
		}
		if !reflect.DeepEqual(normalNumbers(got.Root), normalNumbers(want.Root)) || len(got.Tools) != len(want.Tools) {
			t.Errorf("%s: the YAML file decodes to another value than the JSON file (%d tools, want %d)", name, len(got.Tools), len(want.Tools))
		}
		est, _ := yamlNodeEstimate(text, 1<<62)
		t.Logf("%s: %d bytes, %d nodes, estimate %d, bound %d", name, len(text), yamlTreeNodes(t, text), est, yamlMaxNodes(len(text), DefaultLimits))
	}
}

// normalNumbers makes numbers comparable across JSON and YAML (1.0 and 1).
func normalNumbers(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = normalNumbers(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = normalNumbers(x)
		}
		return out
	case json.Number:
		f, _ := v.Float64()
		return f
	}
	return v
}

// FuzzYAMLNodeEstimate: for any text, the estimate is not below the nodes
// go.yaml.in/yaml/v3 builds (run with -fuzz to search for a text that
// hides nodes from it).
func FuzzYAMLNodeEstimate(f *testing.F) {
	for _, s := range []string{"[a: b, c: d]", "{a, b}", "- - a: b\n  c: [d]\n", "a: |\n  x\nb: {c: d}\n", `{"a":1}`, "? a\n: b\n", "!t &a x", "[*a]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		data := []byte(s)
		if est, _ := yamlNodeEstimate(data, 1<<62); est < yamlTreeNodes(t, data) {
			t.Errorf("%q: estimate %d < %d nodes", s, est, yamlTreeNodes(t, data))
		}
	})
}
