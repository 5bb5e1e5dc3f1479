package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"sync"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/validate"
	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/schema"
	"github.com/mcpschema/mcpschema/validate/source"
)

// basePath is one path of a --base run: its file at the base revision and
// at the head (the working tree, or the head revision), either may be absent.
type basePath struct {
	path     string
	base     *diffcheck.Blob
	head     *matchedFile    // working tree
	headBlob *diffcheck.Blob // head revision
}

// baseJob is one path read and ready to be parsed.
type baseJob struct {
	seq                int
	headData, baseData []byte
	headFile           *source.File // already decided (unreadable, too large, absent data)
	unchanged          bool         // base and head have the same bytes
}

// runBase validates the head files and compares them with revision
// o.Base, path by path: one file and its base are read, parsed, validated
// and judged together, so memory follows the files in flight; a file whose
// bytes equal its base (same git blob id) is validated but not judged
// again; tools that moved between files are paired afterwards from small
// summaries (diffcheck.Differ). One schema engine serves both.
func runBase(ctx context.Context, o RunOptions, patterns []string, aliases map[string]string, opts validate.Options) (*report.Report, error) {
	lim := opts.Limits.Limits
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = source.DefaultLimits.MaxBytes
	}
	var paths []*basePath
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
	if o.HeadRef != "" {
		rev, err := diffcheck.ListRevision(ctx, o.Dir, o.HeadRef, patterns)
		if err != nil {
			return nil, &UsageError{Err: err}
		}
		blobs := rev.Blobs()
		if len(blobs) == 0 {
			return nil, usageErr("no file at %s matches %q", o.HeadRef, patterns)
		}
		for i := range blobs {
			at(blobs[i].Path).headBlob = &blobs[i]
		}
	} else {
		matched, err := expandPatterns(o.Dir, patterns)
		if err != nil {
			return nil, &UsageError{Err: err}
		}
		for i := range matched {
			at(matched[i].display).head = &matched[i]
		}
	}
	rev, err := diffcheck.ListRevision(ctx, o.Dir, o.Base, patterns)
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	baseBlobs := rev.Blobs()
	for i := range baseBlobs {
		at(baseBlobs[i].Path).base = &baseBlobs[i]
	}
	sort.Slice(paths, func(i, j int) bool { return paths[i].path < paths[j].path })

	blobs, err := diffcheck.OpenBlobReader(ctx, o.Dir)
	if err != nil {
		return nil, err
	}
	defer blobs.Close()
	eng := schema.NewEngine(opts.Limits.Schema)
	differ := diffcheck.NewDiffer(diffcheck.Options{Aliases: aliases, Schema: opts.Limits.Schema}, eng)
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
				case bp.base != nil:
					base = diffcheck.ParseBlob(*bp.base, job.baseData, lim)
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
			data, err := readBlob(bp.base, blobs, lim)
			if err != nil {
				return nil, err
			}
			return diffcheck.ParseBlob(*bp.base, data, lim), nil
		}
		job, err := readPath(&basePath{path: bp.path, head: bp.head, headBlob: bp.headBlob}, blobs, lim)
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
	rep := &report.Report{}
	for _, r := range results {
		if r != nil {
			rep.Files = append(rep.Files, r.Summary)
			rep.Findings = append(rep.Findings, r.Findings...)
		}
	}
	rep.Findings = append(rep.Findings, diff...)
	return rep, nil
}

// readPath reads the head bytes of a path and, unless they equal the
// base's (same blob id), the base bytes.
func readPath(bp *basePath, blobs *diffcheck.BlobReader, lim source.Limits) (baseJob, error) {
	var job baseJob
	headID := ""
	switch {
	case bp.headBlob != nil:
		if !diffcheck.TooLarge(*bp.headBlob, lim) {
			data, err := blobs.Read(*bp.headBlob)
			if err != nil {
				return job, err
			}
			job.headData, headID = data, bp.headBlob.ID
		} else {
			job.headFile = diffcheck.ParseBlob(*bp.headBlob, nil, lim)
		}
	case bp.head != nil:
		data, f := readWorkingFile(*bp.head, lim)
		job.headData, job.headFile = data, f
		if f == nil && bp.base != nil && int64(len(data)) <= lim.MaxBytes {
			headID = diffcheck.BlobID(data, bp.base.ID)
		}
	}
	if bp.base == nil {
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
func readBlob(b *diffcheck.Blob, blobs *diffcheck.BlobReader, lim source.Limits) ([]byte, error) {
	if diffcheck.TooLarge(*b, lim) {
		return nil, nil
	}
	return blobs.Read(*b)
}

// parseHead parses the head bytes of a path.
func parseHead(bp *basePath, data []byte, lim source.Limits) *source.File {
	if bp.headBlob != nil {
		return diffcheck.ParseBlob(*bp.headBlob, data, lim)
	}
	return source.Parse(bp.head.display, data, lim)
}

// readWorkingFile reads a matched file's bytes (at most lim.MaxBytes+1) the
// way readFile does; a file that cannot be read comes back as a file with
// that problem instead.
func readWorkingFile(m matchedFile, lim source.Limits) ([]byte, *source.File) {
	if m.problem != "" {
		return nil, source.Unreadable(m.display, m.problem)
	}
	data, err := readLimited(m.abs, m.display, lim.MaxBytes)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, source.Unreadable(m.display, fmt.Sprintf("cannot read file: %v", err))
	}
	return data, nil
}

// readLimited reads at most max+1 bytes of the file at path, as
// source.ReadFile does before parsing.
func readLimited(path, display string, max int64) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a directory", display)
	}
	return io.ReadAll(io.LimitReader(fh, max+1))
}
