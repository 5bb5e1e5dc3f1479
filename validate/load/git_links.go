package load

import (
	"context"

	"github.com/mcpschema/mcpschema/validate/source"
)

// gitEntry is one entry of a revision's tree.
type gitEntry struct {
	mode, oid string
	size      int64
}

// gitTree is a revision's tree seen from prefix (the directory mcpschema
// runs in), for source.ResolveLink: links resolve exactly as in the working
// tree.
type gitTree struct {
	ctx     context.Context
	dir     string
	prefix  string
	entries map[string]gitEntry
}

func (t *gitTree) Kind(p string) source.EntryKind {
	e, ok := t.entries[t.prefix+p]
	switch {
	case !ok:
		return source.EntryMissing
	case e.mode == "040000":
		return source.EntryDir
	case e.mode == "120000":
		return source.EntryLink
	case e.mode == "100644" || e.mode == "100755":
		return source.EntryFile
	}
	return source.EntryOther
}

func (t *gitTree) Readlink(p string) (string, error) {
	e := t.entries[t.prefix+p]
	out, err := catFiles(t.ctx, t.dir, []blob{{full: t.prefix + p, rel: p, oid: e.oid, size: e.size}})
	if err != nil {
		return "", err
	}
	return string(out[0]), nil
}

// indexTree indexes `ls-tree` output by full path.
func indexTree(out []byte) map[string]gitEntry {
	m := map[string]gitEntry{}
	eachTreeRecord(out, func(r treeEntry) {
		e := gitEntry{mode: r.mode, oid: r.oid}
		if r.size != "-" {
			e.size = parseSize(r.size)
		}
		m[r.name] = e
	})
	return m
}

func parseSize(s string) int64 {
	var n int64
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int64(c-'0')
	}
	return n
}

// resolveLinks replaces each matched symbolic link by the regular file it
// leads to (read under the link's name), or by a file with the problem
// that stopped it, as the working tree does.
func resolveLinks(ctx context.Context, dir string, out []byte, prefix string, blobs []blob) ([]blob, []*source.File, error) {
	var tree *gitTree
	var regular []blob
	var problems []*source.File
	for _, b := range blobs {
		if !b.link {
			regular = append(regular, b)
			continue
		}
		if tree == nil {
			tree = &gitTree{ctx: ctx, dir: dir, prefix: prefix, entries: indexTree(out)}
		}
		target, problem := source.ResolveLink(tree, b.rel)
		if problem != "" {
			problems = append(problems, source.Unreadable(b.rel, problem))
			continue
		}
		e := tree.entries[prefix+target]
		regular = append(regular, blob{full: b.full, rel: b.rel, oid: e.oid, size: e.size})
	}
	return regular, problems, nil
}
