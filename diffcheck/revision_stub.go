package diffcheck

import (
	"context"
	"errors"

	"github.com/mcpschema/mcpschema/validate/source"
)

// ErrRevisionMissing is wrapped by LoadRevision when the revision is not in the repository.
var ErrRevisionMissing = errors.New("revision not found")

// LoadRevision reads the files matching patterns at ref. STUB: replaced by revision.go
// (delete this file when the real one lands).
func LoadRevision(ctx context.Context, dir, ref string, patterns []string, lim source.Limits) ([]*source.File, error) {
	return nil, errors.New("diff against a base revision is not implemented yet")
}
