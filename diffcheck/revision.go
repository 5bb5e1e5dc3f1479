package diffcheck

import (
	"bufio"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mcpschema/mcpschema/validate/load"
	"github.com/mcpschema/mcpschema/validate/source"
)

// Blob is one file of a revision that matched the patterns.
type Blob struct {
	// Path is relative to the directory the patterns are relative to.
	Path string
	// ID is the git object id of the content.
	ID string
	// Size is the content's length in bytes.
	Size int64
}

// Revision lists the files of one git revision that match the patterns,
// without reading them.
type Revision struct {
	dir   string
	blobs []blob
	// problems are the matched symbolic links that lead to no regular
	// file of the tree, as unreadable files (see resolveLinks).
	problems []*source.File
}

// ListRevision lists the files matching patterns (doublestar, relative to
// dir) at revision ref of the git repository at dir, in path order, with
// their blob ids (`git ls-tree`). A matched symbolic link is listed under
// its own path with the blob of the regular file it leads to, resolved as
// in the working tree; a link that leads nowhere is one of Problems. Only
// link targets are read, nothing is fetched; a revision that is not in the
// local repository is ErrRevisionMissing.
func ListRevision(ctx context.Context, dir, ref string, patterns []string) (*Revision, error) {
	if strings.HasPrefix(ref, "-") || strings.ContainsAny(ref, "\x00\n") || ref == "" {
		return nil, fmt.Errorf("invalid revision %q: name a branch, tag or commit", ref)
	}
	if _, err := load.Git(ctx, dir, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}"); err != nil {
		if _, err2 := load.Git(ctx, dir, nil, "rev-parse", "--git-dir"); err2 != nil {
			return nil, fmt.Errorf("%s is not a git repository: %w", dir, err2)
		}
		return nil, load.MissingRevision(ctx, dir, ref)
	}
	prefixOut, err := load.Git(ctx, dir, nil, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	prefix := strings.TrimSpace(string(prefixOut))
	out, err := load.Git(ctx, dir, nil, "ls-tree", "-r", "-t", "-l", "-z", "--full-tree", "--end-of-options", ref)
	if err != nil {
		return nil, fmt.Errorf("list files of %q: %w", ref, err)
	}
	blobs, err := matchTree(out, prefix, patterns)
	if err != nil {
		return nil, err
	}
	blobs, problems, err := resolveLinks(ctx, dir, out, prefix, blobs)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(blobs, func(i, j int) bool { return blobs[i].rel < blobs[j].rel })
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Path < problems[j].Path })
	return &Revision{dir: dir, blobs: blobs, problems: problems}, nil
}

// Problems returns the matched files that cannot be read (symbolic links
// leading nowhere, out of the tree, or to a directory), as files with that
// problem, in path order.
func (r *Revision) Problems() []*source.File { return r.problems }

// Blobs returns the matched files, in path order.
func (r *Revision) Blobs() []Blob {
	out := make([]Blob, len(r.blobs))
	for i, b := range r.blobs {
		out[i] = Blob{Path: b.rel, ID: b.oid, Size: b.size}
	}
	return out
}

// ParseBlob parses the content of b read with a BlobReader; a blob over
// lim.MaxBytes is refused without being read (data is then ignored) and
// comes back as a file with a fatal problem, as LoadRevision returns it.
func ParseBlob(b Blob, data []byte, lim source.Limits) *source.File {
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = source.DefaultLimits.MaxBytes
	}
	if b.Size > lim.MaxBytes {
		return tooLarge(b.Path, lim.MaxBytes)
	}
	return source.Parse(b.Path, data, lim)
}

// TooLarge reports whether ParseBlob refuses b without reading it.
func TooLarge(b Blob, lim source.Limits) bool {
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = source.DefaultLimits.MaxBytes
	}
	return b.Size > lim.MaxBytes
}

// BlobID returns the git blob id of data in the object format of like (an
// id of the repository: SHA-1, or SHA-256 when it has 64 digits), as `git
// hash-object --no-filters` computes it.
func BlobID(data []byte, like string) string {
	var h hash.Hash
	if len(like) == 64 {
		h = sha256.New()
	} else {
		h = sha1.New()
	}
	h.Write([]byte("blob " + strconv.Itoa(len(data)) + "\x00"))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// BlobReader reads blobs one at a time through one `git cat-file --batch`
// process; it may be used from several goroutines.
type BlobReader struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	stderr strings.Builder
	err    error
}

// OpenBlobReader starts the reader for the repository at dir.
func OpenBlobReader(ctx context.Context, dir string) (*BlobReader, error) {
	br := &BlobReader{cmd: exec.CommandContext(ctx, "git", "-C", dir, "cat-file", "--batch")}
	br.cmd.Stderr = &br.stderr
	var err error
	if br.in, err = br.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := br.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := br.cmd.Start(); err != nil {
		return nil, fmt.Errorf("run git: %w", err)
	}
	br.out = bufio.NewReaderSize(stdout, 64<<10)
	return br, nil
}

// Read returns the content of b.
func (br *BlobReader) Read(b Blob) ([]byte, error) {
	br.mu.Lock()
	defer br.mu.Unlock()
	if br.err != nil {
		return nil, br.err
	}
	data, err := br.read(b)
	if err != nil {
		br.err = err
	}
	return data, err
}

func (br *BlobReader) read(b Blob) ([]byte, error) {
	if _, err := io.WriteString(br.in, b.ID+"\n"); err != nil {
		return nil, fmt.Errorf("read %s: %w", b.Path, err)
	}
	header, err := br.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("read %s: %w: %s", b.Path, err, strings.TrimSpace(br.stderr.String()))
	}
	f := strings.Fields(header)
	if len(f) != 3 {
		return nil, fmt.Errorf("read %s: git said %q", b.Path, strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || size != b.Size {
		return nil, fmt.Errorf("read %s: unexpected size in %q", b.Path, strings.TrimSpace(header))
	}
	data := make([]byte, size+1)
	if _, err := io.ReadFull(br.out, data); err != nil {
		return nil, fmt.Errorf("read %s: %w", b.Path, err)
	}
	return data[:size], nil
}

// Close stops the reader.
func (br *BlobReader) Close() error {
	br.mu.Lock()
	defer br.mu.Unlock()
	_ = br.in.Close()
	_, _ = io.Copy(io.Discard, br.out)
	if err := br.cmd.Wait(); err != nil && br.err == nil {
		return fmt.Errorf("git cat-file: %v: %s", err, strings.TrimSpace(br.stderr.String()))
	}
	return nil
}
