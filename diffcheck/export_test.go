package diffcheck

import "github.com/mcpschema/mcpschema/internal/source"

// collectTools returns the named tool objects of files, in order.
func collectTools(files []*source.File) []*toolRef {
	var out []*toolRef
	for _, f := range files {
		out = append(out, fileTools(f, nil)...)
	}
	return out
}
