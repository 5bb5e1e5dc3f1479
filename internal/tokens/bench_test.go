package tokens

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchTools reads the tools of a generated benchmark corpus
// (cmd/internal/bench/gen; BENCH_TOOLS names its list/ folder), else of
// ../shared/corpus, as their sent definitions (name, description,
// inputSchema).
func benchTools(b *testing.B) []any {
	pattern := "../../../shared/corpus/*/latest/*.json"
	if dir := os.Getenv("BENCH_TOOLS"); dir != "" {
		pattern = filepath.Join(dir, "*.json")
	}
	paths, _ := filepath.Glob(pattern)
	var out []any
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			continue
		}
		for _, t := range toolsOf(v) {
			if m, ok := t.(map[string]any); ok {
				out = append(out, map[string]any{"name": m["name"], "description": m["description"], "inputSchema": m["inputSchema"]})
			}
		}
	}
	if len(out) == 0 {
		b.Skip("no tools: set BENCH_TOOLS or provide ../shared/corpus")
	}
	return out
}

// BenchmarkCountJSONCold counts every tool once with fresh counters, as a
// run does; SetBytes is the tools' JSON text.
func BenchmarkCountJSONCold(b *testing.B) {
	tools := benchTools(b)
	loadVocab()
	size := 0
	for _, t := range tools {
		size += len(AppendJSON(nil, t))
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		c := newCounter()
		for _, t := range tools {
			c.countJSON(t)
		}
	}
}
