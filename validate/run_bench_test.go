package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// corpusFiles loads every tool file of the corpus, or skips without it.
func corpusFiles(b *testing.B) []*source.File {
	b.Helper()
	var paths []string
	for _, pat := range []string{"*/latest/*.json", "*/latest/*/*.json"} {
		m, _ := filepath.Glob(filepath.Join(corpusDir, pat))
		paths = append(paths, m...)
	}
	var files []*source.File
	for _, p := range paths {
		if filepath.Base(p) == "_index.json" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, source.Parse(p, data, source.Limits{}))
	}
	if len(files) == 0 {
		b.Skip("corpus not found at " + corpusDir)
	}
	return files
}

// BenchmarkRun checks every corpus tool with a fresh engine each time (no
// schema is cached across iterations), on all CPUs.
func BenchmarkRun(b *testing.B) {
	files := corpusFiles(b)
	b.ReportAllocs()
	for b.Loop() {
		Run(files, Options{})
	}
	b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
