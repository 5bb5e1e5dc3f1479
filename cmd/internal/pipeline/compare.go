package pipeline

import (
	"context"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/pool"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
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
	if findings, err = compareFiles(ctx, base, head, in, p); err != nil {
		return nil, nil, nil, err
	}
	return base, head, findings, nil
}

// CompareFiles judges head against base, files read already (the
// snapshot a server's surface is compared with), as Compare does: with
// in's aliases, schema limits (in.Options.Limits.Schema) and strict
// outputs, the verdicts where a head schema is invalid replaced. When ctx
// is cancelled, it returns ctx's error.
func CompareFiles(ctx context.Context, base, head []*source.File, in Input) ([]report.Finding, error) {
	return compareFiles(ctx, base, head, in, pool.New(in.Options.Workers).WithContext(ctx))
}

// compareFiles is CompareFiles on the pool p.
func compareFiles(ctx context.Context, base, head []*source.File, in Input, p *pool.Pool) ([]report.Finding, error) {
	findings := diffcheck.Compare(base, head, diffcheck.Options{Aliases: in.Aliases, Schema: in.Options.Limits.Schema, Each: p.Each, StrictOutputs: in.StrictOutputs, Context: ctx, Now: in.Options.Now})
	if err := p.Err(); err != nil {
		return nil, err
	}
	return withoutInvalidVerdicts(findings, head, in, p), nil
}

// withoutInvalidVerdicts replaces the verdicts at places where the head
// schema is invalid (diffcheck.NotComparedWhereInvalid): the head files
// with a finding are validated for that, and only the schema validity
// findings are used.
func withoutInvalidVerdicts(findings []report.Finding, head []*source.File, in Input, p *pool.Pool) []report.Finding {
	changed := map[string]bool{}
	for _, f := range findings {
		changed[f.File] = true
	}
	var files []*source.File
	for _, h := range head {
		if h != nil && changed[h.Path] && !h.Fatal() {
			files = append(files, h)
		}
	}
	if len(files) == 0 {
		return findings
	}
	eng := schema.NewEngine(in.Options.Limits.Schema)
	found := make([][]report.Finding, len(files))
	p.Each(len(files), func(i int) {
		for _, f := range validate.CheckFile(files[i], in.Options, eng).Findings {
			if f.Rule == validate.RuleToolSchemaValid.ID {
				found[i] = append(found[i], f)
			}
		}
	})
	n := len(findings)
	for _, fs := range found {
		findings = append(findings, fs...)
	}
	if len(findings) == n {
		return findings
	}
	out := diffcheck.NotComparedWhereInvalid(findings, validate.RuleToolSchemaValid.ID)
	kept := out[:0]
	for _, f := range out {
		if f.Rule != validate.RuleToolSchemaValid.ID {
			kept = append(kept, f)
		}
	}
	return kept
}
