package validate

import (
	"github.com/mcpschema/mcpschema/internal/pool"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Run is what the pipeline does with the head files of a run, for these
// tests: CheckFile and MeasureFile on each file, on one pool with one
// engine, then AssembleWith and ContextCost.
func Run(files []*source.File, opts Options) *report.Report {
	opts = opts.withDefaults()
	eng := schema.NewEngine(opts.Limits.Schema)
	results := make([]Result, len(files))
	costs := make([]Costs, len(files))
	pool.New(opts.Workers).Each(len(files), func(i int) {
		results[i] = CheckFile(files[i], opts, eng)
		costs[i] = MeasureFile(files[i], opts)
	})
	rep := AssembleWith(results, opts, nil)
	var over []report.Finding
	rep.Context, over = ContextCost(costs, nil, false, opts)
	rep.Findings = append(rep.Findings, over...)
	rep.Finalize()
	return rep
}
