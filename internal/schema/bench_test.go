package schema

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// corpusSchemas returns every inputSchema and outputSchema object in the
// real tool files of ../shared/corpus (relative to the module root), or
// skips when the corpus is absent.
func corpusSchemas(tb testing.TB) []any {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Skip(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("module root not found")
		}
		dir = parent
	}
	files, _ := filepath.Glob(filepath.Join(dir, "..", "shared", "corpus", "*", "latest", "*.json"))
	if len(files) == 0 {
		tb.Skip("corpus absent")
	}
	var out []any
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var v any
		dec := json.NewDecoder(bytesReader(data))
		dec.UseNumber()
		if dec.Decode(&v) != nil {
			continue
		}
		collectSchemas(v, &out)
	}
	if len(out) == 0 {
		tb.Skip("no schemas in corpus")
	}
	return out
}

func collectSchemas(v any, out *[]any) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range []string{"inputSchema", "outputSchema"} {
			if s, ok := v[k].(map[string]any); ok {
				*out = append(*out, s)
			}
		}
		for _, c := range v {
			if m, ok := c.([]any); ok {
				collectSchemas(m, out)
			}
		}
	case []any:
		for _, c := range v {
			collectSchemas(c, out)
		}
	}
}

// distinct returns a copy of s made unique by n, so the cache cannot help.
func distinct(s any, n int) any {
	m := s.(map[string]any)
	c := make(map[string]any, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	c["description"] = fmt.Sprint("variant ", n)
	return c
}

// BenchmarkCheckCorpus checks every real schema with an empty cache: the
// cost of the first sight of a schema. Reported per schema.
func BenchmarkCheckCorpus(b *testing.B) {
	schemas := corpusSchemas(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := NewEngine(testLimits)
		for _, s := range schemas {
			e.Check(s)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(schemas)), "ns/schema")
}

// BenchmarkCheckCorpusParallel is BenchmarkCheckCorpus on every core,
// with distinct schemas per goroutine.
func BenchmarkCheckCorpusParallel(b *testing.B) {
	schemas := corpusSchemas(b)
	e := NewEngine(testLimits)
	var n atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(n.Add(1))
			e.Check(distinct(schemas[i%len(schemas)], i))
		}
	})
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/schema")
}

// BenchmarkCheckCached checks schemas the engine has already seen.
func BenchmarkCheckCached(b *testing.B) {
	schemas := corpusSchemas(b)
	e := NewEngine(testLimits)
	for _, s := range schemas {
		e.Check(s)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Check(schemas[i%len(schemas)])
	}
}

// BenchmarkValidate validates an empty object against every real schema.
func BenchmarkValidate(b *testing.B) {
	schemas := corpusSchemas(b)
	e := NewEngine(testLimits)
	var checked []*Checked
	for _, s := range schemas {
		checked = append(checked, e.Check(s))
	}
	inst := map[string]any{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		checked[i%len(checked)].Validate(inst)
	}
}

// BenchmarkLibraryFreshCompiler measures the library alone with one new
// Compiler per schema (what the engine does).
func BenchmarkLibraryFreshCompiler(b *testing.B) {
	schemas := corpusSchemas(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := schemas[i%len(schemas)]
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.UseLoader(refusingLoader{})
		if err := c.AddResource(rootURL, s); err != nil {
			b.Fatal(err)
		}
		c.Compile(rootURL)
	}
}

// BenchmarkLibrarySharedCompiler measures the library alone with one
// Compiler for all schemas, each under its own URL.
func BenchmarkLibrarySharedCompiler(b *testing.B) {
	schemas := corpusSchemas(b)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(refusingLoader{})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		u := fmt.Sprintf("mem:///s%d.json", i)
		if err := c.AddResource(u, schemas[i%len(schemas)]); err != nil {
			b.Fatal(err)
		}
		c.Compile(u)
	}
}

// BenchmarkCheckSteps measures the engine's own passes (dialect, bounds,
// cache key, index, references, expansion) without compiling.
func BenchmarkCheckSteps(b *testing.B) {
	schemas := corpusSchemas(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := schemas[i%len(schemas)]
		d, _ := detectDialect(s)
		checkBounds(s, testLimits)
		ix := buildIndex(s, d)
		ix.checkExpansion(ix.checkRefs(), expansionFactor*testLimits.MaxSubschemas)
	}
}
