package tokens

import (
	"os"
	"path/filepath"
	"testing"
)

// benchTools reads the tools of a generated benchmark corpus
// (cmd/internal/bench/gen; BENCH_TOOLS names its list/ folder), else of
// ../shared/corpus, as their sent definitions (name, description,
// inputSchema).
func benchTools(b *testing.B) []any {
	pattern := corpusPattern
	if dir := os.Getenv("BENCH_TOOLS"); dir != "" {
		pattern = filepath.Join(dir, "*.json")
	}
	var out []any
	for _, t := range fileTools(b, pattern) {
		if m, ok := t.(map[string]any); ok {
			out = append(out, map[string]any{"name": m["name"], "description": m["description"], "inputSchema": m["inputSchema"]})
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
