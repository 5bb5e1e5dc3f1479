package load

import (
	"context"
	"fmt"

	"github.com/mcpschema/mcpschema/internal/source"
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
	// blobs reads link targets; opened at the first one, closed by close.
	blobs *BlobReader
}

// maxLinkBytes bounds a link target read from a tree (PATH_MAX): a
// revision's link blob can be of any size, a path cannot.
const maxLinkBytes = 4096

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
	if e.size > maxLinkBytes {
		return "", fmt.Errorf("read %s: link target of %d bytes is longer than any path", p, e.size)
	}
	if t.blobs == nil {
		br, err := OpenBlobReader(t.ctx, t.dir)
		if err != nil {
			return "", err
		}
		t.blobs = br
	}
	out, err := t.blobs.Read(Blob{Path: p, ID: e.oid, Size: e.size})
	return string(out), err
}

// close stops the reader of link targets, if one was opened; the targets
// read were already checked whole.
func (t *gitTree) close() {
	if t.blobs != nil {
		_ = t.blobs.Close()
	}
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
	defer func() {
		if tree != nil {
			tree.close()
		}
	}()
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
