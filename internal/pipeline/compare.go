package pipeline

import (
	"context"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/pool"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Compare reads every head file (the working tree, or revision in.HeadRef)
// and every base file (revision in.Base) whole and judges them together
// (diffcheck.Compare), on one worker pool, without validating them: what
// `mcpschema changelog` lists. Its schemas are bounded by
// in.Options.Limits.Schema; in.Listed is not called. When ctx is cancelled
// (Ctrl-C), the pool stops and Compare returns ctx's error.
func Compare(ctx context.Context, in Input) (base, head []*source.File, findings []report.Finding, err error) {
	lim := in.Options.Limits
	p := pool.New(in.Options.Workers).WithContext(ctx)
	if in.HeadRef != "" {
		if head, err = load.LoadRevision(ctx, in.Dir, in.HeadRef, in.Patterns, lim.Limits); err != nil {
			return nil, nil, nil, err
		}
	} else {
		exp, err := load.Expand(in.Dir, in.Matcher)
		if err != nil {
			return nil, nil, nil, err
		}
		head = make([]*source.File, len(exp.Files))
		p.Each(len(head), func(i int) { head[i] = load.ReadWorkFile(exp.Files[i], lim.Limits) })
	}
	if base, err = load.LoadRevision(ctx, in.Dir, in.Base, in.Patterns, lim.Limits); err != nil {
		return nil, nil, nil, err
	}
	if err := p.Err(); err != nil {
		return nil, nil, nil, err
	}
	findings = diffcheck.Compare(base, head, diffcheck.Options{Aliases: in.Aliases, Schema: lim.Schema, Each: p.Each})
	if err := p.Err(); err != nil {
		return nil, nil, nil, err
	}
	return base, head, findings, nil
}
