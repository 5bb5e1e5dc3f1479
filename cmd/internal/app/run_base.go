package app

import (
	"context"
	"runtime"
	"sort"
	"sync"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/validate"
	"github.com/mcpschema/mcpschema/validate/load"
	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/schema"
	"github.com/mcpschema/mcpschema/validate/source"
)

// basePath is one path of a --base run: its file at the base revision and
// at the head (the working tree, or the head revision), either may be absent.
type basePath struct {
	path     string
	base     *load.Blob
	head     *load.WorkFile // working tree
	headBlob *load.Blob     // head revision
	// baseFile and headFile are files already decided at listing: a
	// symbolic link of a revision that leads to no regular file.
	baseFile, headFile *source.File
}

// baseJob is one path read and ready to be parsed.
type baseJob struct {
	seq                int
	headData, baseData []byte
	headFile           *source.File // already decided (unreadable, too large, absent data)
	unchanged          bool         // base and head have the same bytes
}

// baseRun is what Run decided before a --base run: the patterns (with the
// config's excludes), their matcher, and the config.
type baseRun struct {
	matcher    *load.Matcher
	patterns   []string
	cfg        *Config
	fromConfig bool
}

// basePaths lists the paths of a --base run, in path order: the head's
// (the working tree, or revision o.HeadRef) and the base's, with the
// notes of the working tree's expansion and the unmatched patterns.
func basePaths(ctx context.Context, o RunOptions, br baseRun) (paths []*basePath, notes []string, unmatched []report.Finding, err error) {
	byPath := map[string]*basePath{}
	at := func(p string) *basePath {
		if bp, ok := byPath[p]; ok {
			return bp
		}
		bp := &basePath{path: p}
		byPath[p] = bp
		paths = append(paths, bp)
		return bp
	}
	var headHits []int
	if o.HeadRef != "" {
		rev, err := load.ListRevision(ctx, o.Dir, o.HeadRef, br.patterns)
		if err != nil {
			return nil, nil, nil, &UsageError{Err: err}
		}
		var listed []string
		blobs := rev.Blobs()
		for i := range blobs {
			at(blobs[i].Path).headBlob = &blobs[i]
			listed = append(listed, blobs[i].Path)
		}
		for _, f := range rev.Problems() {
			at(f.Path).headFile = f
			listed = append(listed, f.Path)
		}
		headHits = br.matcher.Hits(listed)
	} else {
		exp, err := load.Expand(o.Dir, br.matcher)
		if err != nil {
			return nil, nil, nil, &UsageError{Err: err}
		}
		for i := range exp.Files {
			at(exp.Files[i].Display).head = &exp.Files[i]
		}
		notes, headHits = exp.Notes, exp.Hits
	}
	rev, err := load.ListRevision(ctx, o.Dir, o.Base, br.patterns)
	if err != nil {
		return nil, nil, nil, &UsageError{Err: err}
	}
	var listed []string
	baseBlobs := rev.Blobs()
	for i := range baseBlobs {
		at(baseBlobs[i].Path).base = &baseBlobs[i]
		listed = append(listed, baseBlobs[i].Path)
	}
	for _, f := range rev.Problems() {
		at(f.Path).baseFile = f
		listed = append(listed, f.Path)
	}
	unmatched, err = unmatchedPatterns(br.matcher, headHits, br.matcher.Hits(listed), br.cfg, br.fromConfig, o.HeadRef, o.Base)
	if err != nil {
		return nil, nil, nil, err
	}
	sort.Slice(paths, func(i, j int) bool { return paths[i].path < paths[j].path })
	return paths, notes, unmatched, nil
}

// runBase validates the head files and compares them with revision
// o.Base, path by path: one file and its base are read, parsed, validated
// and judged together, so memory follows the files in flight; a file whose
// bytes equal its base (same git blob id) is validated but not judged
// again; tools that moved between files are paired afterwards from small
// summaries (diffcheck.Differ). One schema engine serves both, and both
// stop at the run's deadline (a diff cut short is an error, see
// diffCutShort). The head's results are assembled as validate.Run does
// (validate.Assemble: files without tools are notices unless no file
// holds a tool).
func runBase(ctx context.Context, o RunOptions, br baseRun, opts validate.Options) (*report.Report, error) {
	lim := opts.Limits.Limits
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = source.DefaultLimits.MaxBytes
	}
	paths, notes, unmatched, err := basePaths(ctx, o, br)
	if err != nil {
		return nil, err
	}

	blobs, err := load.OpenBlobReader(ctx, o.Dir)
	if err != nil {
		return nil, err
	}
	defer blobs.Close()
	eng := schema.NewEngine(diffLimits(opts))
	differ := diffcheck.NewDiffer(diffcheck.Options{Aliases: br.cfg.Aliases, Schema: diffLimits(opts)}, eng)
	results := make([]*validate.Result, len(paths))
	readErr := make([]error, len(paths))

	jobs := make(chan baseJob, 2*runtime.GOMAXPROCS(0))
	go func() {
		defer close(jobs)
		for i, bp := range paths {
			job, err := readPath(bp, blobs, lim)
			if err != nil {
				readErr[i] = err
				return
			}
			job.seq = i
			jobs <- job
		}
	}()
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range jobs {
				bp := paths[job.seq]
				head := job.headFile
				if head == nil && (bp.head != nil || bp.headBlob != nil) {
					head = parseHead(bp, job.headData, lim)
				}
				if head != nil {
					r := validate.CheckFile(head, opts, eng)
					results[job.seq] = &r
				}
				var base *source.File
				switch {
				case job.unchanged:
					base = head
				case bp.baseFile != nil:
					base = bp.baseFile
				case bp.base != nil:
					base = load.ParseBlob(*bp.base, job.baseData, lim)
				}
				differ.Add(job.seq, base, head)
			}
		}()
	}
	wg.Wait()
	for _, err := range readErr {
		if err != nil {
			return nil, &UsageError{Err: err}
		}
	}
	diff, err := differ.Finish(func(isBase bool, seq int) (*source.File, error) {
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
	})
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	var checked []validate.Result
	firstHead := ""
	for i, r := range results {
		if r != nil {
			checked = append(checked, *r)
			if firstHead == "" {
				firstHead = paths[i].path
			}
		}
	}
	rep := validate.Assemble(checked)
	rep.Notes = append(rep.Notes, notes...)
	rep.Findings = append(rep.Findings, unmatched...)
	rep.Findings = append(rep.Findings, diff...)
	rep.Findings = append(rep.Findings, diffCutShort(firstHead, opts)...)
	return rep, nil
}

// readPath reads the head bytes of a path and, unless they equal the
// base's (same blob id), the base bytes.
func readPath(bp *basePath, blobs *load.BlobReader, lim source.Limits) (baseJob, error) {
	var job baseJob
	headID := ""
	switch {
	case bp.headFile != nil:
		job.headFile = bp.headFile
	case bp.headBlob != nil:
		if !load.TooLarge(*bp.headBlob, lim) {
			data, err := blobs.Read(*bp.headBlob)
			if err != nil {
				return job, err
			}
			job.headData, headID = data, bp.headBlob.ID
		} else {
			job.headFile = load.ParseBlob(*bp.headBlob, nil, lim)
		}
	case bp.head != nil:
		data, f := load.ReadWorkBytes(*bp.head, lim)
		job.headData, job.headFile = data, f
		if f == nil && bp.base != nil && int64(len(data)) <= lim.MaxBytes {
			headID = load.BlobID(data, bp.base.ID)
		}
	}
	if bp.base == nil { // absent, or decided at listing (baseFile)
		return job, nil
	}
	if headID != "" && headID == bp.base.ID {
		job.unchanged = true
		return job, nil
	}
	data, err := readBlob(bp.base, blobs, lim)
	job.baseData = data
	return job, err
}

// readBlob reads a base blob unless it is too large to be parsed.
func readBlob(b *load.Blob, blobs *load.BlobReader, lim source.Limits) ([]byte, error) {
	if load.TooLarge(*b, lim) {
		return nil, nil
	}
	return blobs.Read(*b)
}

// parseHead parses the head bytes of a path.
func parseHead(bp *basePath, data []byte, lim source.Limits) *source.File {
	if bp.headBlob != nil {
		return load.ParseBlob(*bp.headBlob, data, lim)
	}
	return source.Parse(bp.head.Display, data, lim)
}
