package pipeline

import (
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/source"
)

// basePath is one path of a run: its file at the head (the working tree,
// or the head revision) and at the base revision; either may be absent.
type basePath struct {
	path     string
	base     *load.Blob
	head     *load.WorkFile // working tree
	headBlob *load.Blob     // head revision
	// baseFile and headFile are files already decided at listing: a
	// symbolic link of a revision that leads to no regular file.
	baseFile, headFile *source.File
}

// baseJob is one path read and ready to be parsed.
type baseJob struct {
	headData, baseData []byte
	headFile           *source.File // already decided (unreadable, too large, absent data)
	unchanged          bool         // base and head have the same bytes
}

// readPath reads the head bytes of a path and, unless they equal the
// base's (same blob id), the base bytes.
func readPath(bp *basePath, blobs *load.BlobReader, lim source.Limits) (baseJob, error) {
	var job baseJob
	headID := ""
	switch {
	case bp.headFile != nil:
		job.headFile = bp.headFile
	case bp.headBlob != nil:
		if !load.TooLarge(*bp.headBlob, lim) {
			data, err := blobs.Read(*bp.headBlob)
			if err != nil {
				return job, err
			}
			job.headData, headID = data, bp.headBlob.ID
		} else {
			job.headFile = load.ParseBlob(*bp.headBlob, nil, lim)
		}
	case bp.head != nil:
		data, f := load.ReadWorkBytes(*bp.head, lim)
		job.headData, job.headFile = data, f
		if f == nil && bp.base != nil && int64(len(data)) <= lim.MaxBytes {
			headID = load.BlobID(data, bp.base.ID)
		}
	}
	if bp.base == nil { // absent, or decided at listing (baseFile)
		return job, nil
	}
	if headID != "" && headID == bp.base.ID {
		job.unchanged = true
		return job, nil
	}
	data, err := readBlob(bp.base, blobs, lim)
	job.baseData = data
	return job, err
}

// readBlob reads a base blob unless it is too large to be parsed.
func readBlob(b *load.Blob, blobs *load.BlobReader, lim source.Limits) ([]byte, error) {
	if load.TooLarge(*b, lim) {
		return nil, nil
	}
	return blobs.Read(*b)
}

// parseHead parses the head bytes of a path.
func parseHead(bp *basePath, data []byte, lim source.Limits) *source.File {
	if bp.headBlob != nil {
		return load.ParseBlob(*bp.headBlob, data, lim)
	}
	return source.Parse(bp.head.Display, data, lim)
}
