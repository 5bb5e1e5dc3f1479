package service

import (
	"context"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// SnapshotFile is one file of a snapshot: its path as the output names it
// and its content.
type SnapshotFile struct {
	Path string
	Data []byte
}

// DriftOptions say what CompareSnapshot compares: the committed snapshot
// (the base) and what the live server lists now (the head), file by file.
type DriftOptions struct {
	Committed, Live []SnapshotFile
}

// Drift is how a live server's surface differs from its committed
// snapshot, judged as check --base judges a change.
type Drift struct {
	// Committed and Live are the two sides, read.
	Committed, Live []*source.File
	// Findings are the judge's findings, the snapshot as base.
	Findings []report.Finding
	// Breaking says a finding is a breaking change.
	Breaking bool
}

// CompareSnapshot reads both sides of a snapshot and judges the live one
// against the committed one.
func CompareSnapshot(ctx context.Context, o DriftOptions) (*Drift, error) {
	d := &Drift{Committed: readSnapshot(o.Committed), Live: readSnapshot(o.Live)}
	d.Findings = diffcheck.Compare(d.Committed, d.Live, diffcheck.Options{})
	for _, f := range d.Findings {
		d.Breaking = d.Breaking || f.IsBreaking()
	}
	return d, nil
}

// readSnapshot parses the files of one side.
func readSnapshot(files []SnapshotFile) []*source.File {
	out := make([]*source.File, len(files))
	for i, f := range files {
		out[i] = source.Parse(f.Path, f.Data, source.Limits{})
	}
	return out
}
