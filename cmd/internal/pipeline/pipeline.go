// Package pipeline is the one path from patterns to a report: it lists the
// files (internal/load), reads, parses and validates each one (validate)
// and, with a base revision, judges it against its base (diffcheck), path
// by path on one worker pool (internal/pool) with one schema engine.
// `check` and `check --base` both run it; the caller applies the config
// and finalizes the report.
package pipeline

import (
	"context"
	"fmt"
	"sync"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/pool"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/tokens"
	"github.com/mcpschema/mcpschema/validate"
)

// Input is one run: where the files are, which ones, and what to compare
// them with.
type Input struct {
	// Dir is the working directory (the repository root when Base or HeadRef is set).
	Dir string
	// Matcher and Patterns select the files (Matcher is load.NewMatcher(Patterns)).
	Matcher  *load.Matcher
	Patterns []string
	// HeadRef, when set, reads the head files from this git revision instead of the working tree.
	HeadRef string
	// Base is a git revision to judge the head against; empty: no diff.
	Base string
	// Aliases maps a head tool name to the base tool name it replaces.
	Aliases map[string]string
	// StrictOutputs makes an output change that only adds an error
	// (diffcheck.Options.StrictOutputs).
	StrictOutputs bool
	// Options configure validation (its Deadline covers the whole run).
	Options validate.Options
	// ServerJSON is the path of the server's MCP Registry server.json
	// ("": none): listed besides the patterns' files (the excludes apply),
	// checked against the registry's schema and requirements, never judged
	// as a tool file. Without ServerJSONRequired it is checked only when it
	// reads as a registry server.json (serverjson.Recognize), else a note
	// says why not; with it (the config named the file) it must exist and is
	// checked whatever it holds.
	ServerJSON         string
	ServerJSONRequired bool
	// Listed is called once the files are listed, before any is read, with
	// the files each include pattern selected at the head and at the base
	// (nil without Base); it returns findings to add to the report, or an
	// error that stops the run. Nil: nothing.
	Listed func(headHits, baseHits []int) ([]report.Finding, error)
}

// ListError is a failure to list or read the files (a missing revision,
// a pattern whose every match is skipped, git failing mid-read).
type ListError struct{ Err error }

func (e *ListError) Error() string { return e.Err.Error() }
func (e *ListError) Unwrap() error { return e.Err }

// Run lists the files, then reads, parses and validates each head file
// and, with in.Base, judges it against its base, one path at a time per
// worker: memory follows the files in flight. A file whose bytes equal its
// base (same git blob id) is validated but not judged again; tools moved
// between files are paired afterwards from small summaries
// (diffcheck.Differ). One schema engine serves validation and the diff,
// and both stop at the run's deadline (a diff cut short is an error). The
// head's results are assembled by validate.Assemble; the report still needs
// the config applied and Finalize. When ctx is cancelled (Ctrl-C), the pool
// stops and Run returns ctx's error, never a partial report.
func Run(ctx context.Context, in Input) (*report.Report, error) {
	r, err := list(ctx, in)
	if err != nil {
		return nil, err
	}
	if r.blobs != nil {
		defer r.blobs.Close()
	}
	// An interrupted run (ctx cancelled) stops handing out paths and returns
	// ctx's error: no partial report is presented as complete.
	p := pool.New(r.opts.Workers).WithContext(ctx)
	if in.Base != "" {
		dl := DiffLimits(r.opts)
		r.eng = schema.NewEngine(dl)
		r.differ = diffcheck.NewDiffer(diffcheck.Options{Aliases: in.Aliases, Schema: dl, Each: p.Each, StrictOutputs: in.StrictOutputs, Context: ctx, Now: r.opts.Now}, r.eng)
		r.ex = newExisting()
		r.baseTools = make([]validate.ServerTools, len(r.paths))
		r.baseCosts = make([]validate.Costs, len(r.paths))
	} else {
		r.eng = schema.NewEngine(r.opts.Limits.Schema)
	}
	r.results = make([]validate.Result, len(r.paths))
	r.checked = make([]bool, len(r.paths))
	r.headCosts = make([]validate.Costs, len(r.paths))
	p.Each(len(r.paths), r.checkPath)
	if err := p.Err(); err != nil {
		return nil, err
	}
	if err := r.readErr.get(); err != nil {
		return nil, &ListError{Err: err}
	}
	var diff []report.Finding
	if r.differ != nil {
		diff, err = r.differ.Finish(reread(r.paths, r.blobs, r.lim))
		if perr := p.Err(); perr != nil {
			return nil, perr
		}
		if err != nil {
			return nil, &ListError{Err: err}
		}
	}
	if r.ex != nil {
		if err := markExisting(r.ex, r.results, reread(r.paths, r.blobs, r.lim), r.opts, r.eng); err != nil {
			return nil, &ListError{Err: err}
		}
	}
	return r.assemble(diff)
}

// run is the state of one Run: the listed paths and, per path, what
// checking it produced.
type run struct {
	in     Input
	opts   validate.Options
	lim    source.Limits
	paths  []*basePath
	notes  []string
	server serverPaths
	extra  []report.Finding
	blobs  *load.BlobReader
	eng    *schema.Engine
	differ *diffcheck.Differ
	ex     *existing

	results []validate.Result
	checked []bool
	// baseTools are what each path's base contributes to its server's
	// tools (whole-server limits already over at the base are pre-existing).
	baseTools []validate.ServerTools
	// what each head and base file's tools cost a model's context
	headCosts, baseCosts []validate.Costs
	// vs: the versions of a run with a base; declared: of one without
	vs, declared versions
	readErr      firstError
}

// list lists the files (with the server.json, the Listed hook and, for a
// git revision, a blob reader): a failure is a *ListError or ctx's error.
func list(ctx context.Context, in Input) (*run, error) {
	r := &run{in: in, opts: in.Options}
	r.opts.DeferToolSums = true // FillToolSums in assemble, for the names two files share
	opts := r.opts
	r.lim = opts.Limits.Limits
	if r.lim.MaxBytes <= 0 {
		r.lim.MaxBytes = source.DefaultLimits.MaxBytes
	}
	// Reading a file is within its time budget, and the run's.
	r.lim.Timeout, r.lim.Deadline = opts.Limits.WithDefaults().FileTimeout, opts.Deadline
	lctx := ctx
	if !opts.Deadline.IsZero() {
		var cancel context.CancelFunc
		lctx, cancel = context.WithDeadline(ctx, opts.Deadline) // listing is within the run's budget
		defer cancel()
	}
	tokens.Warm() // while the files are listed and read
	lin, err := withServerJSON(in)
	if err != nil {
		return nil, &ListError{Err: err}
	}
	paths, notes, headHits, baseHits, err := listPaths(lctx, lin)
	if cerr := ctx.Err(); cerr != nil {
		return nil, cerr
	}
	if err != nil && lctx.Err() != nil { // git stopped at the deadline
		return nil, &ListError{Err: fmt.Errorf("the run's time budget of %s (%s) ran out while listing the files, so nothing was checked: %s, or narrow the patterns", opts.Limits.RunTimeout, limits.RunTimeout.Config(), limits.RunTimeout.Raise())}
	}
	if err != nil {
		return nil, err
	}
	r.paths, r.notes = paths, notes
	var serverFound bool
	headHits, baseHits, serverFound = splitServerHits(in, headHits, baseHits)
	if in.ServerJSONRequired && !serverFound {
		return nil, &ListError{Err: missingServerJSON(in)}
	}
	r.server = markServerJSON(in, paths)
	if in.Listed != nil {
		if r.extra, err = in.Listed(headHits, baseHits); err != nil {
			return nil, err
		}
	}
	if in.Base != "" || in.HeadRef != "" {
		if r.blobs, err = load.OpenBlobReader(ctx, in.Dir); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// checkPath reads, parses and validates path i's head and, with a base,
// hands both revisions to the differ, on one worker of the pool.
func (r *run) checkPath(i int) {
	if r.readErr.failed() {
		return
	}
	opts, eng, server, results := r.opts, r.eng, r.server, r.results
	bp := r.paths[i]
	job, err := readPath(bp, r.blobs, r.lim)
	if err != nil {
		r.readErr.set(i, err)
		return
	}
	head := job.headFile
	if head == nil && (bp.head != nil || bp.headBlob != nil) {
		head = parseHead(bp, job.headData, r.lim)
	}
	if server.kind(i) != serverNone {
		if head = server.shape(i, head); head == nil {
			return // a root server.json that is no registry entry: a note says so
		}
	}
	if head != nil {
		results[i], r.checked[i] = validate.CheckFile(head, opts, eng), true
		r.headCosts[i] = validate.MeasureFile(head, opts)
	}
	if r.differ == nil {
		r.declared.add(nil, head)
		return
	}
	var base *source.File
	switch {
	case job.unchanged:
		base = head
	case bp.baseFile != nil:
		base = bp.baseFile
	case bp.base != nil && head != nil && job.headFile == nil:
		// most tools of a changed file are unchanged: their decoded
		// values are the head's.
		base = load.ParseBlobLike(*bp.base, job.baseData, r.lim, head, job.headData)
	case bp.base != nil:
		base = load.ParseBlob(*bp.base, job.baseData, r.lim)
	}
	ex := r.ex
	if isServerJSON(head) || head == nil && server.kind(i) != serverNone {
		if isServerJSON(head) {
			var b *source.File
			if base != nil && !base.Fatal() {
				b = base
				if b != head {
					source.AsServerJSON(b)
				}
			}
			r.vs.add(b, head)
		}
		// a registry entry is validated, never judged: its findings
		// the base already had are pre-existing.
		if isServerJSON(head) && !job.unchanged && base != nil && len(results[i].Findings) > 0 {
			source.AsServerJSON(base)
			ex.base(i, validate.CheckFile(base, opts, eng).Findings)
		} else if job.unchanged {
			markAll(&results[i])
		}
		return
	}
	switch {
	case job.unchanged:
		r.baseTools[i] = results[i].ServerTools()
		r.baseCosts[i] = r.headCosts[i]
		// the same bytes: every finding is the base's too.
		markAll(&results[i])
	case base != nil:
		r.baseTools[i] = validate.ServerToolsOf(base, opts)
		r.baseCosts[i] = validate.MeasureFile(base, opts)
		ex.toolNames(i, base)
		if head != nil && len(results[i].Findings) > 0 {
			found, reused := validate.CheckBase(base, head, results[i].Findings, opts, eng)
			ex.baseReusing(i, found, reused)
		}
	}
	r.vs.add(base, head)
	r.differ.Add(i, base, head)
}

// assemble builds the report from the checked heads, the run-wide rules
// (names across files, whole-server limits, context cost) and the diff.
func (r *run) assemble(diff []report.Finding) (*report.Report, error) {
	heads := r.results[:0]
	firstHead := ""
	for i, res := range r.results {
		if r.checked[i] {
			heads = append(heads, res)
			if firstHead == "" {
				firstHead = r.paths[i].path
			}
		}
	}
	if err := validate.FillToolSums(heads, rereadHead(r.paths, r.blobs, r.lim)); err != nil {
		return nil, &ListError{Err: err}
	}
	opts, base := r.opts, r.in.Base != ""
	rep := validate.AssembleWith(heads, opts, r.baseTools)
	var overBudget []report.Finding
	rep.Context, overBudget = validate.ContextCost(r.headCosts, r.baseCosts, base, opts)
	rep.Findings = append(rep.Findings, overBudget...)
	rep.Versions = r.vs.sorted()
	story := rep.Versions
	if r.differ == nil {
		story = r.declared.sorted()
	}
	rep.Findings = append(rep.Findings, validate.VersionAgreement(story)...)
	rep.Notes = append(rep.Notes, r.notes...)
	rep.Notes = append(rep.Notes, r.server.notes(r.paths)...)
	rep.Findings = append(rep.Findings, r.extra...)
	if r.differ != nil {
		rep.Findings = append(rep.Findings, diff...)
		rep.Findings = append(rep.Findings, diffCutShort(firstHead, opts)...)
		// a typo is not a break: where the head schema is invalid, its
		// verdicts give way to one "not compared" notice.
		rep.Findings = diffcheck.NotComparedWhereInvalid(rep.Findings, validate.RuleToolSchemaValid.ID)
	}
	return rep, nil
}

// markExisting marks the head's validation findings the base already has
// (report.Finding.PreExisting), validating, for a tool moved to another
// file, the base of the file it left.
func markExisting(ex *existing, results []validate.Result, load func(isBase bool, seq int) (*source.File, error), opts validate.Options, eng *schema.Engine) error {
	var all []report.Finding
	for i := range results {
		ex.mark(i, &results[i])
		all = append(all, results[i].Findings...)
	}
	moved := ex.moved(all)
	if len(moved) == 0 {
		return nil
	}
	for _, i := range moved {
		f, err := load(true, i)
		if err != nil {
			return err
		}
		ex.base(i, validate.CheckFile(f, opts, eng).Findings)
	}
	for i := range results {
		ex.mark(i, &results[i])
	}
	return nil
}

// reread reads a path's base or head file again, for Differ.Finish (a
// tool moved between files).
func reread(paths []*basePath, blobs *load.BlobReader, lim source.Limits) func(isBase bool, seq int) (*source.File, error) {
	return func(isBase bool, seq int) (*source.File, error) {
		bp := paths[seq]
		if isBase {
			if bp.baseFile != nil {
				return bp.baseFile, nil
			}
			data, err := readBlob(bp.base, blobs, lim)
			if err != nil {
				return nil, err
			}
			return load.ParseBlob(*bp.base, data, lim), nil
		}
		job, err := readPath(&basePath{path: bp.path, head: bp.head, headBlob: bp.headBlob, headFile: bp.headFile}, blobs, lim)
		if err != nil {
			return nil, err
		}
		if job.headFile != nil {
			return job.headFile, nil
		}
		return parseHead(bp, job.headData, lim), nil
	}
}

// rereadHead reads a head file again by its path, for
// validate.FillToolSums (a tool name two files define).
func rereadHead(paths []*basePath, blobs *load.BlobReader, lim source.Limits) func(path string) (*source.File, error) {
	var seq map[string]int // built at the first call: most runs share no name
	read := reread(paths, blobs, lim)
	return func(path string) (*source.File, error) {
		if seq == nil {
			seq = make(map[string]int, len(paths))
			for i, bp := range paths {
				seq[bp.path] = i
			}
		}
		return read(false, seq[path])
	}
}

// firstError keeps the error of the lowest path that failed to be read;
// once one has, the other paths are not read.
type firstError struct {
	mu  sync.Mutex
	at  int
	err error
}

func (e *firstError) set(i int, err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.err == nil || i < e.at {
		e.at, e.err = i, err
	}
}

func (e *firstError) failed() bool { return e.get() != nil }

func (e *firstError) get() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.err
}
