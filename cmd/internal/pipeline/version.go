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

// DeclaredVersion is the version f declares, where ("" for
// /info/version), and the name of its server: a document's info.version
// and info.name, a server.json's version and name, a tools/list
// snapshot's serverInfo.version and serverInfo.name ("" when f declares
// no version).
func DeclaredVersion(f *source.File) (version, pointer, server string) {
	if f == nil || f.Fatal() {
		return "", "", ""
	}
	if v := DocumentVersion(f); v != "" {
		root, _ := f.Root.(map[string]any)
		info, _ := root["info"].(map[string]any)
		name, _ := info["name"].(string)
		return v, "", name
	}
	root, ok := f.Root.(map[string]any)
	if !ok {
		return "", "", ""
	}
	if f.Shape == source.ShapeServerJSON {
		v, _ := root["version"].(string)
		name, _ := root["name"].(string)
		return v, "/version", name
	}
	if f.Shape == source.ShapeListResult {
		info, _ := root["serverInfo"].(map[string]any)
		v, _ := info["version"].(string)
		name, _ := info["name"].(string)
		if v != "" {
			return v, "/serverInfo/version", name
		}
	}
	return "", "", ""
}

// versions collects the versions the compared paths declare.
type versions struct {
	mu   sync.Mutex
	list []report.VersionChange
}

// add records the versions of one path's head and base (base may be nil).
func (vs *versions) add(base, head *source.File) {
	after, ptr, server := DeclaredVersion(head)
	if after == "" {
		return
	}
	before := ""
	if b, bptr, _ := DeclaredVersion(base); bptr == ptr {
		before = b
	}
	vc := report.VersionChange{File: head.Path, Before: before, After: after, Pointer: ptr, Server: server}
	pos, _ := head.Index.Locate(vc.VersionPointer())
	vc.Line, vc.Column = pos.Line, pos.Column
	vs.mu.Lock()
	defer vs.mu.Unlock()
	vs.list = append(vs.list, vc)
}

// sorted returns the versions by file.
func (vs *versions) sorted() []report.VersionChange {
	vs.mu.Lock()
	defer vs.mu.Unlock()
	sort.Slice(vs.list, func(i, j int) bool { return vs.list[i].File < vs.list[j].File })
	return vs.list
}
