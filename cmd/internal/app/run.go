package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/validate"
	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/rules"
	"github.com/mcpschema/mcpschema/validate/schema"
	"github.com/mcpschema/mcpschema/validate/source"
)

// RunOptions configure one run of the pipeline.
type RunOptions struct {
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
	// FailOn is error, warning, notice or never; empty: the config's, else error.
	FailOn string
	// Now is the time used for ignore expiry (zero: time.Now()).
	Now time.Time
	// ConfigFrom, when set, is the git revision whose config applies; the
	// working tree's config, when it differs, is only compared with it
	// (report.ConfigChange) and applies after merge. Pull requests use it.
	ConfigFrom string
}

// Result is a finished run.
type Result struct {
	Report *report.Report
	// FailOn is the severity that fails the run (rules.Off: never).
	FailOn rules.Severity
	// Failed reports whether a finding reached FailOn.
	Failed bool
	// Config is the configuration used.
	Config *Config
}

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
	var tc *trustedConfig
	var cfg *Config
	var err error
	if o.ConfigFrom != "" {
		if tc, err = loadTrustedConfig(ctx, o); err == nil {
			cfg = tc.Applied
		}
	} else {
		cfg, err = loadRunConfig(o)
	}
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	patterns := o.Patterns
	if len(patterns) == 0 {
		patterns = cfg.Files
	}
	if len(patterns) == 0 {
		return nil, usageErr("no files to check: give patterns such as 'tools/**/*.json' or set files: in %s", DefaultConfigName)
	}
	versions := o.Versions
	if len(versions) == 0 {
		versions = cfg.ProtocolVersions
	}
	for _, v := range versions {
		if !rules.IsProtocolVersion(v) {
			return nil, usageErr("unknown protocol version %q: use one of %v", v, rules.ProtocolVersions)
		}
	}
	failOn := cfg.FailOn
	if o.FailOn != "" {
		failOn, err = parseFailOn(o.FailOn)
		if err != nil {
			return nil, &UsageError{Err: err}
		}
	}
	opts := validate.Options{DefaultVersions: versions, Limits: cfg.Limits.WithDefaults()}
	if o.Base != "" {
		rep, err := runBase(ctx, o, patterns, cfg.Aliases, opts)
		if err != nil {
			return nil, err
		}
		return finish(rep, cfg, failOn, o.Now, tc), nil
	}

	var files []*source.File
	if o.HeadRef != "" {
		files, err = diffcheck.LoadRevision(ctx, o.Dir, o.HeadRef, patterns, opts.Limits.Limits)
		if err != nil {
			return nil, &UsageError{Err: err}
		}
		if len(files) == 0 {
			return nil, usageErr("no file at %s matches %q", o.HeadRef, patterns)
		}
	} else {
		matched, err := expandPatterns(o.Dir, patterns)
		if err != nil {
			return nil, &UsageError{Err: err}
		}
		return finish(checkFiles(matched, opts), cfg, failOn, o.Now, tc), nil
	}
	return finish(validate.Run(files, opts), cfg, failOn, o.Now, tc), nil
}

// finish applies the config to the findings and decides the outcome. With
// tc, it also says what the changed config would do after merge.
func finish(rep *report.Report, cfg *Config, failOn rules.Severity, now time.Time, tc *trustedConfig) *Result {
	if now.IsZero() {
		now = time.Now()
	}
	if tc != nil && tc.Change != nil {
		if tc.Invalid != nil {
			rep.Findings = append(rep.Findings, configInvalidFinding(tc))
		} else {
			compareOutcomes(tc.Change, rep.Findings, cfg, tc.Proposed, now)
		}
		rep.ConfigChange = tc.Change
	}
	applyConfig(rep, cfg, now)
	rep.Finalize()
	return &Result{Report: rep, FailOn: failOn, Failed: rep.Reaches(failOn), Config: cfg}
}

func loadRunConfig(o RunOptions) (*Config, error) {
	if o.ConfigPath != "" {
		return LoadConfig(configPath(o.Dir, o.ConfigPath), o.ConfigPath, true)
	}
	return LoadConfig(configPath(o.Dir, DefaultConfigName), DefaultConfigName, false)
}

// checkFiles reads, parses and checks each matched file, one at a time per
// CPU, keeping only what checking it produced: memory then follows the
// files being worked on, not every file of the run. Schemas are compiled
// once per run (one engine), as validate.Run does.
func checkFiles(matched []matchedFile, opts validate.Options) *report.Report {
	eng := schema.NewEngine(opts.Limits.Schema)
	results := make([]validate.Result, len(matched))
	parallel(len(matched), func(i int) {
		results[i] = validate.CheckFile(readFile(matched[i], opts.Limits.Limits), opts, eng)
	})
	rep := &report.Report{}
	for _, r := range results {
		rep.Files = append(rep.Files, r.Summary)
		rep.Findings = append(rep.Findings, r.Findings...)
	}
	rep.Finalize()
	return rep
}

// readFile reads and parses one matched file; a file that cannot be read
// becomes a file with that problem.
func readFile(m matchedFile, lim source.Limits) *source.File {
	if m.problem != "" {
		return source.Unreadable(m.display, m.problem)
	}
	f, err := source.ReadFile(m.abs, m.display, lim)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		f = source.Unreadable(m.display, fmt.Sprintf("cannot read file: %v", err))
	}
	return f
}

// parallel calls work(i) for every i below n, on one goroutine per CPU.
func parallel(n int, work func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.GOMAXPROCS(0), n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				work(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
