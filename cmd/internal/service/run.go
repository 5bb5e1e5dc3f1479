package service

import (
	"context"
	"fmt"
	"github.com/mcpschema/mcpschema/annotate"
	"os"
	"path/filepath"
	"time"

	"errors"
	"github.com/mcpschema/mcpschema/cmd/internal/pipeline"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
)

// RunOptions configure one run of the pipeline.
type RunOptions struct {
	// Rules is the rule set of the run: the config may name only its rules.
	Rules *rules.Set
	// Dir is the working directory (the repository root when Base or HeadRef is set).
	Dir string
	// Patterns are file paths and doublestar globs relative to Dir; empty: the config's files.
	Patterns []string
	// Base is a git revision to diff against; empty: no diff.
	Base string
	// HeadRef, when set, reads the head files from this git revision instead of the working tree.
	HeadRef string
	// ConfigPath is the config file; empty: .mcpschema.yaml in Dir when present.
	ConfigPath string
	// Versions are the default protocol versions; empty: the config's, else rules.DefaultVersions.
	Versions []string
	// VersionsFrom names where Versions came from, for advice in messages
	// ("--protocol-version"); empty: the action's protocol-versions input.
	VersionsFrom string
	// Gate is what the command's flags or the action's inputs set of the
	// gate (fail-on, strict outputs); zero: the config's.
	Gate report.GateOverride
	// Now is the run's clock (zero: time.Now()): the day ignores expire on
	// and deprecations are judged on (check --now).
	Now time.Time
	// ConfigFrom, when set, is the git revision whose config applies; the
	// working tree's config, when it differs, is only compared with it
	// (report.ConfigChange) and applies after merge. Pull requests use it.
	ConfigFrom string
	// ConfigSince, with ConfigFrom, is the revision the head branched from
	// (a pull request's merge base): a working-tree config identical to the
	// config there is one the change did not touch, so the config at
	// ConfigFrom applies and no config change is reported, although the
	// base branch changed its config since.
	ConfigSince string
	// ShowIgnored keeps the findings the config's ignores silenced in
	// Report.Ignores.Findings (they are always counted).
	ShowIgnored bool
	// Started is when the run's time budget (limits.run-timeout) started
	// (zero: when Run is called); the action starts it before it resolves
	// the revisions, so the budget covers the whole run.
	Started time.Time
	// Clients, when set, replace the config's clients: the client profiles
	// that are targets (--client, the action's clients input).
	Clients []string
	// noteBounds, when set, replace defaultNoteBounds (tests).
	noteBounds *noteBounds
}

// Result is a finished run.
type Result struct {
	Report *report.Report
	// Gate decides the outcome (Failed): the config's, with the run's
	// overrides (RunOptions.Gate).
	Gate report.Gate
	// FailClosed: the run fails whatever the report holds (set by the
	// action when publishing runs out of the run's time budget).
	FailClosed bool
	// Config is the configuration used.
	Config *Config
	// Deadline is when the run's time budget (limits.run-timeout) runs
	// out: what is left of it bounds publishing.
	Deadline time.Time
}

// DefaultRunTimeout is limits.run-timeout while the config is not read
// yet: it bounds reading the trusted config, and what a client does before
// Run (the action resolving its revisions).
var DefaultRunTimeout = validate.DefaultLimits.RunTimeout

// UsageError is a problem with the command line, configuration or inputs (exit status 2).
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usageErr(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// Run loads the config and files, validates every tool, diffs against the
// base revision when one is given, and applies the config to the findings.
func Run(ctx context.Context, o RunOptions) (*Result, error) {
	if o.Dir == "" {
		o.Dir, _ = os.Getwd()
	}
	if o.Started.IsZero() {
		o.Started = time.Now()
	}
	if o.Now.IsZero() {
		o.Now = time.Now() // one clock for the whole run
	}
	var tc *trustedConfig
	var cfg *Config
	var err error
	if o.ConfigFrom != "" {
		// the config's own run-timeout is not known yet: the default bounds reading it
		pre, cancel := context.WithDeadline(ctx, o.Started.Add(DefaultRunTimeout))
		tc, err = loadTrustedConfig(pre, o)
		cancel()
		if err == nil {
			cfg = tc.Applied
		}
	} else {
		cfg, err = LoadRunConfig(o)
	}
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	patterns, fromConfig, err := RunPatterns(o, cfg)
	if err != nil {
		return nil, err
	}
	m, err := load.NewMatcher(patterns)
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	// limits.run-timeout covers the whole run from o.Started: the config
	// note, listing, checking and (the action's) publishing.
	deadline := o.Started.Add(cfg.Limits.WithDefaults().RunTimeout)
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	tc.prepareScope(dctx, o, patterns, m)
	versions, versionsFrom := o.Versions, ""
	if len(versions) > 0 {
		versionsFrom = o.VersionsFrom
		if versionsFrom == "" {
			versionsFrom = "the protocol-versions input"
		}
	}
	if len(versions) == 0 && len(cfg.ProtocolVersions) > 0 {
		versions, versionsFrom = cfg.ProtocolVersions, "protocol-versions in "+cfg.Path
	}
	for _, v := range versions {
		if !rules.IsProtocolVersion(v) {
			return nil, usageErr("unknown protocol version %q: use one of %v", v, rules.ProtocolVersions)
		}
	}
	for _, id := range o.Clients {
		if err := CheckClient(id); err != nil {
			return nil, &UsageError{Err: err}
		}
	}
	if o.Clients != nil {
		cfg.Clients = o.Clients
		if tc != nil && tc.Proposed != nil {
			tc.Proposed.Clients = o.Clients
		}
	}
	cfg.baseRun = o.Base != ""
	gate := cfg.Gate.With(o.Gate)
	opts := validate.Options{DefaultVersions: versions, VersionsFrom: versionsFrom, Limits: cfg.Limits.WithDefaults(),
		Clients: runClients(cfg, tc), ServerName: cfg.ServerName, Now: o.Now, MaxTokens: cfg.MaxTokens, Quality: runQuality(cfg, tc)}
	opts.Deadline = deadline
	serverJSON, serverRequired := serverJSONInput(cfg)
	rep, err := pipeline.Run(ctx, pipeline.Input{Dir: o.Dir, Matcher: m, Patterns: patterns, HeadRef: o.HeadRef, Base: o.Base,
		Aliases: cfg.Aliases, Options: opts, StrictOutputs: gate.StrictOutputs,
		ServerJSON: serverJSON, ServerJSONRequired: serverRequired,
		Listed: func(headHits, baseHits []int) ([]report.Finding, error) {
			return unmatchedPatterns(m, headHits, baseHits, cfg, fromConfig, o.HeadRef, o.Base)
		}})
	if err != nil {
		var le *pipeline.ListError
		if errors.As(err, &le) {
			return nil, &UsageError{Err: le.Err}
		}
		return nil, err
	}
	res := keepIgnored(finish(rep, cfg, gate, o.Now, tc), o.ShowIgnored)
	res.Deadline = deadline
	return res, nil
}

// keepIgnored drops the ignored findings unless they are to be shown; the count stays.
func keepIgnored(res *Result, show bool) *Result {
	if !show && res.Report.Ignores != nil {
		res.Report.Ignores.Findings = nil
	}
	return res
}

// finish applies the config to the findings; gate decides the outcome.
// With tc, it also says what the changed config would do after merge.
func finish(rep *report.Report, cfg *Config, gate report.Gate, now time.Time, tc *trustedConfig) *Result {
	if now.IsZero() {
		now = time.Now()
	}
	// The report is finalized once, here: the config applies to sorted,
	// deduplicated findings, so each ignored finding counts once.
	rep.FinalizeWith(func(rep *report.Report) {
		if tc != nil && tc.Change != nil {
			if tc.Invalid != nil {
				rep.Findings = append(rep.Findings, configInvalidFinding(tc))
			} else {
				tc.scopeFiles(rep.Files)
				compareOutcomes(tc.Change, rep.Findings, cfg, tc.Proposed, now, tc.scope)
			}
			rep.ConfigChange = tc.Change
		}
		applyConfig(rep, cfg, now)
		applyVersionPolicy(rep, cfg)
	})
	annotate.HintRenames(rep)
	return &Result{Report: rep, Gate: gate, Config: cfg}
}

// LoadRunConfig reads the run's config from the working tree: the one
// named (--config, the action's config input), else .mcpschema.yaml when
// present. A config named relative to the workspace that is a symbolic
// link leaving it is refused (a committed link to /proc/self/environ or a
// file of the runner's would be read and quoted in errors).
func LoadRunConfig(o RunOptions) (*Config, error) {
	name, explicit := o.ConfigPath, true
	if name == "" {
		name, explicit = DefaultConfigName, false
	}
	p := ResolveConfigPath(o.Dir, name)
	if !filepath.IsAbs(name) {
		if err := configLinkLeaves(o.Dir, p, name); err != nil {
			return nil, err
		}
	}
	return LoadConfig(p, name, explicit, o.Rules)
}
