package diffcheck

import (
	"sort"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// The whole-tree comparisons below are the reference the per-path,
// streamed comparison (Differ) is checked against (stream_test.go); the
// product runs only the streamed one.

// CompareDocuments pairs the MCP Description documents (judged on day) of base and head
// path by path and returns the findings of CompareDocument for each pair
// (a document deleted at head is compared with nothing). Documents that
// cannot be read on either side are left to the file rules.
//
// A base document whose path is gone at head is paired with the head
// document, new at head, that describes the same server (the same
// info.name), when exactly one base and one head document share that
// name: a document moved with git mv is compared, not removed.
func CompareDocuments(day string, base, head []*source.File) []report.Finding {
	headByPath, baseByPath := map[string]*source.File{}, map[string]bool{}
	for _, f := range head {
		if f != nil {
			headByPath[f.Path] = f
		}
	}
	for _, f := range base {
		if f != nil {
			baseByPath[f.Path] = true
		}
	}
	// documents only on one side, by server name, for moves.
	gone, added := map[string][]*source.File{}, map[string][]*source.File{}
	for _, b := range base {
		if _, ok := headByPath[b.Path]; b != nil && !ok {
			if n := source.ServerName(b); n != "" {
				gone[n] = append(gone[n], b)
			}
		}
	}
	for _, h := range head {
		if h != nil && !baseByPath[h.Path] && !h.Fatal() {
			if n := source.ServerName(h); n != "" {
				added[n] = append(added[n], h)
			}
		}
	}
	var out []report.Finding
	for _, b := range base {
		if b == nil {
			continue
		}
		h, ok := headByPath[b.Path]
		if ok && h.Fatal() {
			continue
		}
		if !ok {
			h = nil
			if n := source.ServerName(b); len(gone[n]) == 1 && len(added[n]) == 1 {
				h = added[n][0]
			}
		}
		out = append(out, documentLifecycle(day, b, h, CompareDocument(b, h))...)
	}
	return out
}

// BaseNotComparable takes the findings Compare returned for base and head
// and, for each path whose base file was read but held no tool definitions
// while its head file holds tools, replaces the "tool added" findings of
// that file with one notice (RuleBaseNotComparable). The result is sorted.
func BaseNotComparable(base, head []*source.File, findings []report.Finding) []report.Finding {
	headByPath := map[string]*source.File{}
	for _, f := range head {
		if f != nil {
			headByPath[f.Path] = f
		}
	}
	c := &comparer{}
	paths := map[string]bool{}
	for _, b := range base {
		h := headByPath[b.Path]
		if !NotComparable(b, h) {
			continue
		}
		paths[b.Path] = true
		c.baseNotComparable(b, h)
	}
	if len(paths) == 0 {
		return findings
	}
	out := append(c.findings, dropAdded(findings, paths)...)
	sort.SliceStable(out, func(i, j int) bool { return report.Less(out[i], out[j]) })
	return out
}
