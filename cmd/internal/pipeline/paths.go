package pipeline

import (
	"context"
	"sort"

	"github.com/mcpschema/mcpschema/internal/load"
)

// listPaths lists the paths of a run, in path order: the head's (the
// working tree, or revision in.HeadRef) and, with in.Base, the base's,
// with the notes of the working tree's expansion and the files each
// include pattern selected at the head and at the base (nil without
// in.Base).
func listPaths(ctx context.Context, in Input) (paths []*basePath, notes []string, headHits, baseHits []int, err error) {
	var byPath map[string]*basePath // the head's paths are distinct: only a base needs merging
	if in.Base != "" {
		byPath = map[string]*basePath{}
	}
	at := func(p string) *basePath {
		if bp, ok := byPath[p]; ok {
			return bp
		}
		bp := &basePath{path: p}
		if byPath != nil {
			byPath[p] = bp
		}
		paths = append(paths, bp)
		return bp
	}
	if in.HeadRef != "" {
		if headHits, err = listRevision(ctx, in, in.HeadRef, at, true); err != nil {
			return nil, nil, nil, nil, err
		}
	} else {
		exp, err := load.Expand(in.Dir, in.Matcher)
		if err != nil {
			return nil, nil, nil, nil, &ListError{Err: err}
		}
		for i := range exp.Files {
			at(exp.Files[i].Display).head = &exp.Files[i]
		}
		notes, headHits = exp.Notes, exp.Hits
	}
	if in.Base != "" {
		if baseHits, err = listRevision(ctx, in, in.Base, at, false); err != nil {
			return nil, nil, nil, nil, err
		}
	}
	sort.Slice(paths, func(i, j int) bool { return paths[i].path < paths[j].path })
	return paths, notes, headHits, baseHits, nil
}

// listRevision records the files of revision ref on their paths (at), as
// the head's or the base's, and returns the files each include pattern
// selected. A matched symbolic link that leads to no regular file is
// recorded as an unreadable file.
func listRevision(ctx context.Context, in Input, ref string, at func(string) *basePath, head bool) ([]int, error) {
	rev, err := load.ListRevision(ctx, in.Dir, ref, in.Patterns)
	if err != nil {
		return nil, &ListError{Err: err}
	}
	var listed []string
	blobs := rev.Blobs()
	for i := range blobs {
		if bp := at(blobs[i].Path); head {
			bp.headBlob = &blobs[i]
		} else {
			bp.base = &blobs[i]
		}
		listed = append(listed, blobs[i].Path)
	}
	for _, f := range rev.Problems() {
		if bp := at(f.Path); head {
			bp.headFile = f
		} else {
			bp.baseFile = f
		}
		listed = append(listed, f.Path)
	}
	return in.Matcher.Hits(listed), nil
}
