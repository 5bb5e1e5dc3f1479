package diffcheck

// movedDocuments pairs each MCP Description document deleted at one path
// with the one new document of the same server name (info.name) at
// another path: the gone path's unit to the new path's. A name shared by
// several gone or several new documents pairs nothing.
func (d *Differ) movedDocuments() map[*unitResult]*unitResult {
	gone, added := map[string][]*unitResult{}, map[string][]*unitResult{}
	for _, u := range d.units {
		if u.goneDoc != "" {
			gone[u.goneDoc] = append(gone[u.goneDoc], u)
		}
		if u.newDoc != "" {
			added[u.newDoc] = append(added[u.newDoc], u)
		}
	}
	out := map[*unitResult]*unitResult{}
	for name, g := range gone {
		if a := added[name]; len(g) == 1 && len(a) == 1 {
			out[g[0]] = a[0]
		}
	}
	return out
}
