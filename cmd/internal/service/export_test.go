package service

import (
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/source"
)

// pathHits counts, per include pattern of m, the files it selects.
func pathHits(m *load.Matcher, files []*source.File) []int {
	paths := make([]string, 0, len(files))
	for _, f := range files {
		if f != nil {
			paths = append(paths, f.Path)
		}
	}
	return m.Hits(paths)
}
