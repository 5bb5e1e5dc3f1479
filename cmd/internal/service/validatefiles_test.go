package service

import (
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// validateFiles runs every check on files, one after another, and
// assembles the report: what the pipeline does with a run's head files,
// without the pipeline.
func validateFiles(files []*source.File, opts validate.Options) *report.Report {
	results := make([]validate.Result, len(files))
	for i, f := range files {
		results[i] = validate.CheckFile(f, opts, nil)
	}
	rep := validate.AssembleWith(results, validate.Options{}, nil)
	rep.Finalize()
	return rep
}
