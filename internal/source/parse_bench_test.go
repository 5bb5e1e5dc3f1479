package source

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// corpusList returns every tool of ../shared/corpus (relative to the module
// root) as one indented tools/list file, or skips when the corpus is absent.
func corpusList(b testing.TB) []byte {
	b.Helper()
	var paths []string
	for _, pat := range []string{"*/latest/*.json", "*/latest/*/*.json"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", pat))
		paths = append(paths, m...)
	}
	var tools []json.RawMessage
	for _, p := range paths {
		if filepath.Base(p) == "_index.json" {
			continue
		}
		data, err := os.ReadFile(p)
		if err == nil && json.Valid(data) {
			tools = append(tools, data)
		}
	}
	if len(tools) == 0 {
		b.Skip("corpus absent")
	}
	list, _ := json.Marshal(map[string]any{"tools": tools})
	var out bytes.Buffer
	json.Indent(&out, list, "", "  ")
	return out.Bytes()
}

// BenchmarkParseJSON loads the corpus as one tools/list file (decode, index, tools).
func BenchmarkParseJSON(b *testing.B) {
	data := corpusList(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse("tools.json", data, Limits{}); f.Fatal() {
			b.Fatal(f.Problems)
		}
	}
}

// BenchmarkParseMinified is BenchmarkParseJSON on the file without line
// breaks (one long line: positions must not cost the line's length each).
func BenchmarkParseMinified(b *testing.B) {
	var out bytes.Buffer
	json.Compact(&out, corpusList(b))
	data := out.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse("tools.json", data, Limits{}); f.Fatal() {
			b.Fatal(f.Problems)
		}
	}
}

// BenchmarkIndexLocate looks up every indexed pointer and a missing child of each.
func BenchmarkIndexLocate(b *testing.B) {
	f := Parse("tools.json", corpusList(b), Limits{})
	full := Parse("tools.json", corpusList(b), Limits{}).Index
	full.mu.Lock()
	full.materialize()
	full.mu.Unlock()
	ptrs := make([]string, 0, len(f.Index.values))
	for p := range full.values {
		ptrs = append(ptrs, p)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range ptrs {
			f.Index.Locate(p)
			f.Index.Locate(p + "/missing")
		}
	}
}
