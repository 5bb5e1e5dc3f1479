package diffcheck

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/validate/load"
	"github.com/mcpschema/mcpschema/validate/source"
)

// ErrRevisionMissing is wrapped by LoadRevision when the revision is not in
// the local repository (a shallow clone, a branch never fetched, or a name
// that does not exist); the message says how to fetch it.
var ErrRevisionMissing = load.ErrRevisionMissing

// blob is one file of a tree that matched the patterns.
type blob struct {
	full string // path from the repository root
	rel  string // path relative to dir, used for matching and display
	oid  string
	size int64
	// link marks a symbolic link (mode 120000): its blob is the target path.
	link bool
}

// LoadRevision reads every file matching patterns (doublestar, relative to
// dir) from revision ref of the git repository at dir and parses it. Files
// over lim.MaxBytes are refused without being read; they come back as files
// with a fatal problem, like source.ReadFile does. Nothing is fetched.
func LoadRevision(ctx context.Context, dir, ref string, patterns []string, lim source.Limits) ([]*source.File, error) {
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = source.DefaultLimits.MaxBytes
	}
	rev, err := ListRevision(ctx, dir, ref, patterns)
	if err != nil {
		return nil, err
	}
	blobs := rev.blobs
	files := make([]*source.File, 0, len(blobs)+len(rev.problems))
	files = append(files, rev.problems...)
	var toRead []blob
	for _, b := range blobs {
		if b.size > lim.MaxBytes {
			files = append(files, tooLarge(b.rel, lim.MaxBytes))
			continue
		}
		toRead = append(toRead, b)
	}
	contents, err := catFiles(ctx, dir, toRead)
	if err != nil {
		return nil, err
	}
	for i, b := range toRead {
		files = append(files, source.Parse(b.rel, contents[i], lim))
	}
	sort.SliceStable(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// matchTree parses `ls-tree -r -l -z` output and keeps the regular files
// and symbolic links under prefix whose relative path the patterns select
// (load.Matcher: excludes and default-skipped directories apply, exactly
// as in the working tree).
func matchTree(out []byte, prefix string, patterns []string) ([]blob, error) {
	m, err := load.NewMatcher(patterns)
	if err != nil {
		return nil, err
	}
	var blobs []blob
	for _, rec := range bytes.Split(out, []byte{0}) {
		if len(rec) == 0 {
			continue
		}
		meta, name, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok {
			continue
		}
		f := strings.Fields(string(meta))
		if len(f) != 4 || f[1] != "blob" || (f[0] != "100644" && f[0] != "100755" && f[0] != "120000") {
			continue
		}
		full := string(name)
		if !strings.HasPrefix(full, prefix) {
			continue
		}
		rel := strings.TrimPrefix(full, prefix)
		size, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			continue
		}
		if _, ok := m.Select(rel); ok {
			blobs = append(blobs, blob{full: full, rel: rel, oid: f[2], size: size, link: f[0] == "120000"})
		}
	}
	return blobs, nil
}

// catFiles reads the blobs through one `git cat-file --batch` process.
func catFiles(ctx context.Context, dir string, blobs []blob) ([][]byte, error) {
	if len(blobs) == 0 {
		return nil, nil
	}
	var in bytes.Buffer
	for _, b := range blobs {
		in.WriteString(b.oid)
		in.WriteByte('\n')
	}
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "cat-file", "--batch")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("run git: %w", err)
	}
	r := bufio.NewReader(stdout)
	out := make([][]byte, len(blobs))
	var readErr error
	for i, b := range blobs {
		header, err := r.ReadString('\n')
		if err != nil {
			readErr = fmt.Errorf("read %s: %w", b.rel, err)
			break
		}
		f := strings.Fields(header)
		if len(f) != 3 {
			readErr = fmt.Errorf("read %s: git said %q", b.rel, strings.TrimSpace(header))
			break
		}
		size, err := strconv.ParseInt(f[2], 10, 64)
		if err != nil || size != b.size {
			readErr = fmt.Errorf("read %s: unexpected size in %q", b.rel, strings.TrimSpace(header))
			break
		}
		data := make([]byte, size+1)
		if _, err := io.ReadFull(r, data); err != nil {
			readErr = fmt.Errorf("read %s: %w", b.rel, err)
			break
		}
		out[i] = data[:size]
	}
	_, _ = io.Copy(io.Discard, r)
	if err := cmd.Wait(); err != nil && readErr == nil {
		readErr = fmt.Errorf("git cat-file: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	if readErr != nil {
		return nil, readErr
	}
	return out, nil
}

// tooLarge is the file returned for a blob over the size bound.
func tooLarge(path string, max int64) *source.File {
	f := &source.File{Path: path, Format: source.FormatJSON, Index: source.NewIndex()}
	if strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") {
		f.Format = source.FormatYAML
	}
	f.Problems = append(f.Problems, source.Problem{Kind: source.ProblemTooLarge, Pos: source.Pos{Line: 1, Column: 1}, Fatal: true,
		Message: fmt.Sprintf("file is larger than %d bytes; it is not checked (raise limits.max-file-bytes in the config to allow it)", max)})
	return f
}
