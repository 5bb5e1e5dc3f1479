package diffcheck

import (
	"context"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/source"
)

// The reading of git revisions lives in internal/load; these thin names
// stay for the tests that use them (the pipeline calls load).

// ErrRevisionMissing is load.ErrRevisionMissing.
var ErrRevisionMissing = load.ErrRevisionMissing

// Blob is load.Blob.
type Blob = load.Blob

// LoadRevision is load.LoadRevision.
func LoadRevision(ctx context.Context, dir, ref string, patterns []string, lim source.Limits) ([]*source.File, error) {
	return load.LoadRevision(ctx, dir, ref, patterns, lim)
}

// ListRevision is load.ListRevision.
func ListRevision(ctx context.Context, dir, ref string, patterns []string) (*load.Revision, error) {
	return load.ListRevision(ctx, dir, ref, patterns)
}

// OpenBlobReader is load.OpenBlobReader.
func OpenBlobReader(ctx context.Context, dir string) (*load.BlobReader, error) {
	return load.OpenBlobReader(ctx, dir)
}

// BlobID is load.BlobID.
func BlobID(data []byte, like string) string { return load.BlobID(data, like) }
