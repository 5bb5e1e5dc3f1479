package schema

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/mcpschema/mcpschema/internal/source"
)

// findSchemas collects every inputSchema and outputSchema value anywhere in v.
func findSchemas(v any, out *[]any) {
	switch v := v.(type) {
	case map[string]any:
		for k, c := range v {
			if (k == "inputSchema" || k == "outputSchema") && isSchema(c) {
				*out = append(*out, c)
			}
			findSchemas(c, out)
		}
	case []any:
		for _, c := range v {
			findSchemas(c, out)
		}
	}
}

// parseAny parses data as JSON or YAML according to name (JSON when the
// extension says neither).
func parseAny(name string, data []byte, out *[]any) {
	ext := strings.ToLower(filepath.Ext(name))
	if ext != ".yaml" && ext != ".yml" {
		name = "s.json"
	}
	f := source.Parse(name, data, source.Limits{})
	if f.Root != nil {
		findSchemas(f.Root, out)
	}
}

// differentialSchemas returns every schema of the repository's test data
// (validate/testdata, diffcheck/testdata, testdata/examples) and, when
// present, of ../shared/corpus (every latest, raw and pair file), with a
// count of the corpus ones.
func differentialSchemas(t *testing.T) (all []any, corpus int) {
	t.Helper()
	root := filepath.Join("..", "..")
	var files [][2]string // name, content
	add := func(p string) {
		data, err := os.ReadFile(p)
		if err != nil {
			return
		}
		if strings.HasSuffix(p, ".txtar") {
			for _, f := range txtar.Parse(data).Files {
				files = append(files, [2]string{f.Name, string(f.Data)})
			}
			return
		}
		files = append(files, [2]string{p, string(data)})
	}
	for _, dir := range []string{filepath.Join(root, "validate", "testdata"), filepath.Join(root, "diffcheck", "testdata"), filepath.Join(root, "testdata", "examples")} {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				add(p)
			}
			return nil
		})
	}
	for _, f := range files {
		parseAny(f[0], []byte(f[1]), &all)
	}
	n := len(all)
	if testing.Short() {
		return all, 0 // the corpus is read by go test without -short
	}
	filepath.WalkDir(filepath.Join(root, "..", "shared", "corpus"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") && filepath.Base(p) != "pairs_index.json" {
			if data, err := os.ReadFile(p); err == nil {
				parseAny(p, data, &all)
			}
		}
		return nil
	})
	return all, len(all) - n
}

// assertFastPathSound checks the pre-check's promise on one schema: when it
// says "certainly valid", the library compiles the schema without any
// error, and the engine reports nothing and validates with a verdict. It
// reports whether the fast path was taken.
func assertFastPathSound(t *testing.T, s any, l Limits) bool {
	t.Helper()
	d, p := detectDialect(s)
	if p != nil || checkBounds(s, l) != nil || !certainlyValid(s, d, l) {
		return false
	}
	if c := compileNow(s, d, l); c.err != nil {
		t.Fatalf("pre-check says certainly valid, the library says %v: %s", c.err, mustJSON(s))
	}
	cs := NewEngine(l).Check(s)
	if len(cs.Problems) != 0 {
		t.Fatalf("pre-check says certainly valid, the engine reports %+v: %s", cs.Problems, mustJSON(s))
	}
	if _, ok := cs.Validate(map[string]any{}); !ok {
		t.Fatalf("deferred compile of a certainly valid schema failed (%v): %s", cs.lazy.err, mustJSON(s))
	}
	if cs.lazy != nil && cs.lazy.err != nil {
		t.Fatalf("deferred compile failed: %v", cs.lazy.err)
	}
	return true
}

// TestPrecheckDifferential runs the pre-check over every schema in the test
// data and the corpus: "certainly valid" must imply that the library finds
// no problem at all.
func TestPrecheckDifferential(t *testing.T) {
	t.Parallel()
	schemas, corpus := differentialSchemas(t)
	if len(schemas) == 0 {
		t.Fatal("no schemas found")
	}
	fast := 0
	for _, s := range schemas {
		if assertFastPathSound(t, s, testLimits) {
			fast++
		}
	}
	t.Logf("%d schemas (%d from the corpus), %d took the fast path, 0 mismatches", len(schemas), corpus, fast)
	if fast == 0 {
		t.Error("no schema took the fast path")
	}
}

// TestPrecheckCases pins the pre-check's answers on hand-written schemas.
func TestPrecheckCases(t *testing.T) {
	t.Parallel()
	d7 := `"$schema":"http://json-schema.org/draft-07/schema#",`
	sure := []string{
		`true`, `{}`,
		`{"type":"object","properties":{"a":{"type":["string","null"],"minLength":1.0,"pattern":"^(?=a)"}},"required":["a"]}`,
		`{"$defs":{"n":{"type":"integer","multipleOf":0.5}},"properties":{"a":{"$ref":"#/$defs/n"},"b":{"$ref":"#"}}}`,
		`{"enum":[],"x-unknown":{"type":7},"patternProperties":{"^a":{}},"prefixItems":[true]}`,
		`{` + d7 + `"items":[{}],"additionalItems":false,"enum":[1,"1",true,null],"definitions":{"a~b":{}},"properties":{"p":{"$ref":"#/definitions/a~0b"}}}`,
		`{"dependencies":{"a":["b"],"c":{"required":["d"]}},"dependentRequired":{"x":[]}}`,
	}
	unsure := []string{
		`{"$id":"https://example.com/s"}`, `{"$anchor":"a"}`, `{"$dynamicRef":"#meta"}`,
		`{"properties":{"a":{"$schema":"https://json-schema.org/draft/2020-12/schema"}}}`,
		`{"type":"nope"}`, `{"type":["string","string"]}`, `{"type":[]}`, `{"required":["a","a"]}`,
		`{"minLength":-1}`, `{"minLength":1.5}`, `{"minLength":1e2}`, `{"multipleOf":0}`, `{"multipleOf":-1}`,
		`{"allOf":[]}`, `{"anyOf":[1]}`, `{"items":[{}]}`, `{"pattern":"(?i)a"}`, `{"pattern":"("}`,
		`{"patternProperties":{"(":{}}}`, `{"properties":{"a":5}}`, `{"enum":{}}`,
		`{` + d7 + `"enum":[]}`, `{` + d7 + `"enum":[1,1]}`, `{` + d7 + `"enum":[0,-0]}`, `{` + d7 + `"enum":[1,1.0]}`,
		`{` + d7 + `"enum":[{},{}]}`,
		`{"$ref":"#/$defs/missing"}`, `{"$ref":"#/x-unknown","x-unknown":{}}`, `{"$ref":"other.json"}`,
		`{"$ref":"#/$defs/a%20b","$defs":{"a b":{}}}`, `{"$ref":"#/properties/a/type","properties":{"a":{"type":"string"}}}`,
		`{"$ref":"#/allOf/01","allOf":[{},{}]}`, `{"maximum":1e4000}`, `{"title":1}`,
		`{"dependencies":{"a":["b","b"]}}`, `{"deprecated":"yes"}`,
	}
	for _, s := range sure {
		v := parse(t, s)
		d, _ := detectDialect(v)
		if !certainlyValid(v, d, testLimits) {
			t.Errorf("not sure about %s", s)
		}
		assertFastPathSound(t, v, testLimits)
	}
	for _, s := range unsure {
		v := parse(t, s)
		d, _ := detectDialect(v)
		if certainlyValid(v, d, testLimits) {
			t.Errorf("certainly valid: %s", s)
		}
	}
	if certainlyValid(map[string]any{"minimum": 1.5}, Dialect2020, testLimits) {
		t.Error("a float64 outside the plain model was judged")
	}
}

// mustJSON renders v for a failure message.
func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
