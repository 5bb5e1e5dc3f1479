package diffcheck

// movedDocuments pairs each MCP Description document deleted at one path
// with the one new document of the same server name (info.name) at
// another path, as the whole-tree reference of the tests does, and judges each
// pair: a moved document is compared (CompareDocument), not reported as
// removed with everything it declared. It returns the new path's unit by
// the gone path. A name shared by several gone or several new documents
// pairs nothing. A file that cannot be loaded again is left to r.err.
func (d *Differ) movedDocuments(r *reloader) map[string]*unitResult {
	gone, added := map[string][]*unitResult{}, map[string][]*unitResult{}
	for _, u := range d.units {
		if u.goneDoc != "" {
			gone[u.goneDoc] = append(gone[u.goneDoc], u)
		}
		if u.newDoc != "" {
			added[u.newDoc] = append(added[u.newDoc], u)
		}
	}
	out := map[string]*unitResult{}
	for name, g := range gone {
		a := added[name]
		if len(g) != 1 || len(a) != 1 {
			continue
		}
		out[g[0].path] = a[0]
		if b, h := r.file(g[0].goneSrc), r.file(a[0].newSrc); b != nil && h != nil {
			g[0].documents = documentLifecycle(d.day, b, h, CompareDocument(b, h))
		}
	}
	return out
}
