package load

import (
	"bytes"
	"strconv"
	"strings"
)

// treeEntry is one record of `git ls-tree -r -t -l -z` output.
type treeEntry struct {
	mode, typ, oid string
	// size is the blob's size ("-" for a tree).
	size string
	// name is the path from the repository root.
	name string
}

// eachTreeRecord calls fn with each record of `ls-tree -l -z` output,
// skipping any that is not "<mode> <type> <oid> <size>\t<path>".
func eachTreeRecord(out []byte, fn func(treeEntry)) {
	for _, rec := range bytes.Split(out, []byte{0}) {
		meta, name, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			continue
		}
		f := strings.Fields(string(meta))
		if len(f) != 4 {
			continue
		}
		fn(treeEntry{mode: f[0], typ: f[1], oid: f[2], size: f[3], name: string(name)})
	}
}

// matchTree keeps the regular files and symbolic links of `ls-tree`
// output under prefix whose relative path the patterns select (Matcher: excludes
// and default-skipped directories apply, exactly as in the working tree).
func matchTree(out []byte, prefix string, patterns []string) ([]blob, error) {
	m, err := NewMatcher(patterns)
	if err != nil {
		return nil, err
	}
	var blobs []blob
	eachTreeRecord(out, func(e treeEntry) {
		if e.typ != "blob" || (e.mode != "100644" && e.mode != "100755" && e.mode != "120000") {
			return
		}
		if !strings.HasPrefix(e.name, prefix) {
			return
		}
		rel := strings.TrimPrefix(e.name, prefix)
		size, err := strconv.ParseInt(e.size, 10, 64)
		if err != nil {
			return
		}
		if _, ok := m.Select(rel); ok {
			blobs = append(blobs, blob{full: e.name, rel: rel, oid: e.oid, size: size, link: e.mode == "120000"})
		}
	})
	return blobs, nil
}
