package pipeline

import (
	"context"
	"sort"

	"github.com/mcpschema/mcpschema/validate/load"
)

// listPaths lists the paths of a run, in path order: the head's (the
// working tree, or revision in.HeadRef) and, with in.Base, the base's,
// with the notes of the working tree's expansion and the files each
// include pattern selected at the head and at the base (nil without
// in.Base).
func listPaths(ctx context.Context, in Input) (paths []*basePath, notes []string, headHits, baseHits []int, err error) {
	byPath := map[string]*basePath{}
	at := func(p string) *basePath {
		if bp, ok := byPath[p]; ok {
			return bp
		}
		bp := &basePath{path: p}
		byPath[p] = bp
		paths = append(paths, bp)
		return bp
	}
	if in.HeadRef != "" {
		rev, err := load.ListRevision(ctx, in.Dir, in.HeadRef, in.Patterns)
		if err != nil {
			return nil, nil, nil, nil, &ListError{Err: err}
		}
		var listed []string
		blobs := rev.Blobs()
		for i := range blobs {
			at(blobs[i].Path).headBlob = &blobs[i]
			listed = append(listed, blobs[i].Path)
		}
		for _, f := range rev.Problems() {
			at(f.Path).headFile = f
			listed = append(listed, f.Path)
		}
		headHits = in.Matcher.Hits(listed)
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
		rev, err := load.ListRevision(ctx, in.Dir, in.Base, in.Patterns)
		if err != nil {
			return nil, nil, nil, nil, &ListError{Err: err}
		}
		var listed []string
		baseBlobs := rev.Blobs()
		for i := range baseBlobs {
			at(baseBlobs[i].Path).base = &baseBlobs[i]
			listed = append(listed, baseBlobs[i].Path)
		}
		for _, f := range rev.Problems() {
			at(f.Path).baseFile = f
			listed = append(listed, f.Path)
		}
		baseHits = in.Matcher.Hits(listed)
	}
	sort.Slice(paths, func(i, j int) bool { return paths[i].path < paths[j].path })
	return paths, notes, headHits, baseHits, nil
}
