package service

import (
	"context"
	"os"
	"time"

	"github.com/mcpschema/mcpschema/cmd/internal/pipeline"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
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
	// Dir is the working directory (default: the current one).
	Dir string
	// ConfigPath is the config file; empty: .mcpschema.yaml in Dir when
	// present, as check reads it.
	ConfigPath string
	// Committed and Live are the two sides.
	Committed, Live []SnapshotFile
	// Now is the day ignores expire on (zero: today).
	Now time.Time
	// Rules is the rule set the config may name (RunOptions.Rules).
	Rules *rules.Set
}

// Drift is how a live server's surface differs from its committed
// snapshot, judged as check --base judges a change, the config applied.
type Drift struct {
	// Committed and Live are the two sides, read within the config's limits.
	Committed, Live []*source.File
	// Findings are the judge's findings (the snapshot as base, the
	// config's aliases, limits and strict-outputs), with the config's
	// rules and ignores applied, in report order. The findings an ignore
	// silenced are not among them.
	Findings []report.Finding
	// Ignores says what the config's ignores silenced (nil: nothing).
	Ignores *report.Ignores
	// Breaking says the drift holds a breaking change that fails the
	// config's fail-on: a finding of a breaking rule, with the severity
	// the config's rules give it, that the gate counts (report.Gate.Counts;
	// fail-on: never lets every drift pass --notice-non-breaking, fail-on:
	// warning makes a breaking rule's warning count).
	Breaking bool
}

// CompareSnapshot reads both sides of a snapshot within the config's
// limits and judges the live one against the committed one; the config
// (its rules, ignores, aliases, limits, strict-outputs and fail-on)
// applies to the findings as it does for check --base. A config that
// cannot be read is a *UsageError; when ctx is cancelled, ctx's error is
// returned.
func CompareSnapshot(ctx context.Context, o DriftOptions) (*Drift, error) {
	if o.Dir == "" {
		o.Dir, _ = os.Getwd()
	}
	cfg, err := LoadRunConfig(RunOptions{Dir: o.Dir, ConfigPath: o.ConfigPath, Rules: o.Rules})
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	lim := cfg.Limits.WithDefaults()
	d := &Drift{Committed: readSnapshot(o.Committed, lim.Limits), Live: readSnapshot(o.Live, lim.Limits)}
	findings, err := pipeline.CompareFiles(ctx, d.Committed, d.Live, pipeline.Input{Aliases: cfg.Aliases,
		StrictOutputs: cfg.Gate.StrictOutputs, Options: validate.Options{Limits: lim}})
	if err != nil {
		return nil, err
	}
	// the same end as Run's: the config applied, the report finalized once
	res := finish(&report.Report{Findings: findings}, cfg, cfg.Gate, o.Now, nil)
	d.Findings, d.Ignores = res.Report.Findings, res.Report.Ignores
	for _, f := range d.Findings {
		d.Breaking = d.Breaking || rules.IsBreaking(f.Rule) && res.Gate.Counts(f)
	}
	return d, nil
}

// readSnapshot parses the files of one side within lim.
func readSnapshot(files []SnapshotFile, lim source.Limits) []*source.File {
	out := make([]*source.File, len(files))
	for i, f := range files {
		out[i] = source.Parse(f.Path, f.Data, lim)
	}
	return out
}
