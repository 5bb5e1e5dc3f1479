package validate

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// TestDefinitionSumCanonical: the sum of a tool does not depend on key
// order or layout, and tells apart values that differ only in kind or in
// how strings split.
func TestDefinitionSumCanonical(t *testing.T) {
	sum := func(text string) [32]byte {
		t.Helper()
		name := "a.json"
		if text[0] != '{' {
			name = "a.yaml"
		}
		f := source.Parse(name, []byte(text), source.Limits{})
		if len(f.Tools) != 1 {
			t.Fatalf("%s: %d tools", text, len(f.Tools))
		}
		var buf []byte
		return *definitionSum(f.Tools[0].Value, &buf)
	}
	same := [][2]string{
		{`{"name": "s", "inputSchema": {"type": "object", "required": ["q"]}}`, "name: s\ninputSchema:\n  required: [q]\n  type: object\n"},
	}
	for _, c := range same {
		if sum(c[0]) != sum(c[1]) {
			t.Errorf("%q and %q differ", c[0], c[1])
		}
	}
	differ := [][2]string{
		{`{"name": "s", "inputSchema": {"type": "object", "default": 1}}`, `{"name": "s", "inputSchema": {"type": "object", "default": "1"}}`},
		{`{"name": "s", "inputSchema": {"type": "object", "enum": ["ab", "c"]}}`, `{"name": "s", "inputSchema": {"type": "object", "enum": ["a", "bc"]}}`},
		{`{"name": "s", "inputSchema": {"type": "object", "x": null}}`, `{"name": "s", "inputSchema": {"type": "object", "x": false}}`},
	}
	for _, c := range differ {
		if sum(c[0]) == sum(c[1]) {
			t.Errorf("%q and %q have the same sum", c[0], c[1])
		}
	}
}

// TestNamesAcrossFilesBounded: many definitions of one name keep a
// bounded number of earlier ones, and each later file's is reported once.
func TestNamesAcrossFilesBounded(t *testing.T) {
	var results []Result
	for i := range 50 {
		var tools []any
		for j := range 100 {
			tools = append(tools, map[string]any{"name": "search", "inputSchema": map[string]any{"type": "object", "x": fmt.Sprint(i, j)}})
		}
		data, _ := json.Marshal(map[string]any{"tools": tools})
		f := source.Parse(fmt.Sprintf("f%02d.json", i), data, source.Limits{MaxTools: 1000})
		results = append(results, CheckFile(f, Options{}, nil))
	}
	got := checkToolNamesAcrossFiles(results)
	if want := 49 * 100; len(got) != want {
		t.Errorf("%d findings, want %d (every definition after the first file)", len(got), want)
	}
}

// TestToolSumsDeferred: with DeferToolSums, only the files sharing a name
// are read again (FillToolSums), and the report is the one of sums
// computed at once.
func TestToolSumsDeferred(t *testing.T) {
	files := map[string]string{
		"a.json": `{"tools": [{"name": "only_a", "inputSchema": {"type": "object"}}, {"name": "shared", "inputSchema": {"type": "object"}}, {"name": "same", "inputSchema": {"type": "object"}}]}`,
		"b.json": `{"tools": [{"name": "only_b", "inputSchema": {"type": "object"}}, {"name": "shared", "inputSchema": {"type": "object", "required": ["q"]}}, {"name": "same", "inputSchema": {"type": "object"}}]}`,
		"c.json": `{"tools": [{"name": "only_c", "inputSchema": {"type": "object"}}]}`,
	}
	parse := func(path string) *source.File { return source.Parse(path, []byte(files[path]), source.Limits{}) }
	run := func(opts Options) ([]report.Finding, []string) {
		var results []Result
		for _, p := range []string{"a.json", "b.json", "c.json"} {
			results = append(results, CheckFile(parse(p), opts, nil))
		}
		var read []string
		if opts.DeferToolSums {
			if err := FillToolSums(results, func(path string) (*source.File, error) {
				read = append(read, path)
				return parse(path), nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		return AssembleWith(results, opts, nil).Findings, read
	}
	want, _ := run(Options{})
	got, read := run(Options{DeferToolSums: true})
	if !reflect.DeepEqual(got, want) {
		t.Errorf("deferred sums:\n%v\nwant\n%v", got, want)
	}
	if fmt.Sprint(read) != "[a.json b.json]" {
		t.Errorf("read again %v, want [a.json b.json] (c.json shares no name)", read)
	}
	n := 0
	for _, f := range got {
		if f.Rule == RuleToolNameAcrossFiles.ID {
			n++
			if f.Tool != "shared" || f.File != "b.json" {
				t.Errorf("finding %+v, want tool shared in b.json", f)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d findings of %s, want 1 (shared; same is one definition seen twice)", n, RuleToolNameAcrossFiles.ID)
	}
}
