package pipeline

import (
	"sort"
	"sync"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// DocumentVersion is the version an MCP Description document declares
// (info.version; a snapshot written as a document carries the server's
// version there), "" when f is not one or declares none.
func DocumentVersion(f *source.File) string {
	if f == nil {
		return ""
	}
	root, ok := f.Root.(map[string]any)
	if !ok {
		return ""
	}
	if _, ok := root["mcpdesc"]; !ok {
		return ""
	}
	info, _ := root["info"].(map[string]any)
	v, _ := info["version"].(string)
	return v
}

// versions collects the document versions of the compared paths.
type versions struct {
	mu   sync.Mutex
	list []report.VersionChange
}

// add records the versions of one path's head and base (base may be nil).
func (vs *versions) add(base, head *source.File) {
	after := DocumentVersion(head)
	if after == "" {
		return
	}
	vs.mu.Lock()
	defer vs.mu.Unlock()
	pos, _ := head.Index.Locate("/info/version")
	vs.list = append(vs.list, report.VersionChange{File: head.Path, Before: DocumentVersion(base), After: after, Line: pos.Line, Column: pos.Column})
}

// sorted returns the versions by file.
func (vs *versions) sorted() []report.VersionChange {
	sort.Slice(vs.list, func(i, j int) bool { return vs.list[i].File < vs.list[j].File })
	return vs.list
}
