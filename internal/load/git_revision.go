package load

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// blob is one file of a tree that matched the patterns.
type blob struct {
	full string // path from the repository root
	rel  string // path relative to dir, used for matching and display
	oid  string
	size int64
	// link marks a symbolic link (mode 120000): its blob is the target path.
	link bool
}

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
	if _, err := Git(ctx, dir, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}"); err != nil {
		if _, err2 := Git(ctx, dir, nil, "rev-parse", "--git-dir"); err2 != nil {
			return nil, fmt.Errorf("%s is not a git repository: %w", dir, err2)
		}
		return nil, MissingRevision(ctx, dir, ref)
	}
	prefixOut, err := Git(ctx, dir, nil, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	prefix := strings.TrimSpace(string(prefixOut))
	out, err := Git(ctx, dir, nil, "ls-tree", "-r", "-t", "-l", "-z", "--full-tree", "--end-of-options", ref)
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
	return ParseBlobLike(b, data, lim, nil, nil)
}

// ParseBlobLike is ParseBlob reusing the decoded tools of like, the same
// path parsed from likeData, for entries with the same text
// (source.ParseLike): a base blob parsed next to its head.
func ParseBlobLike(b Blob, data []byte, lim source.Limits, like *source.File, likeData []byte) *source.File {
	if TooLarge(b, lim) {
		return source.TooLarge(b.Path, nil, lim.WithDefaults().MaxBytes)
	}
	return source.ParseLike(b.Path, data, lim, like, likeData)
}

// TooLarge reports whether ParseBlob refuses b without reading it.
func TooLarge(b Blob, lim source.Limits) bool {
	return b.Size > lim.WithDefaults().MaxBytes
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

// LoadRevision reads every file matching patterns (doublestar, relative to
// dir) from revision ref of the git repository at dir and parses it. Files
// over lim.MaxBytes are refused without being read; they come back as files
// with a fatal problem, like source.ReadFile does. Nothing is fetched.
func LoadRevision(ctx context.Context, dir, ref string, patterns []string, lim source.Limits) ([]*source.File, error) {
	lim = lim.WithDefaults()
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
			files = append(files, source.TooLarge(b.rel, nil, lim.MaxBytes))
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
