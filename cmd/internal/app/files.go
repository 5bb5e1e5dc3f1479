package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// matchedFile is a file a pattern matched in the working tree.
type matchedFile struct {
	abs     string
	display string
	// problem is set when the file cannot be read safely.
	problem string
}

// expandPatterns evaluates file paths and doublestar globs relative to dir.
// A pattern that matches nothing is an error; unreadable matches become
// problems reported as findings so the other files are still checked.
func expandPatterns(dir string, patterns []string) ([]matchedFile, error) {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []matchedFile
	for _, pat := range patterns {
		p := filepath.FromSlash(pat)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		var matches []string
		if !hasMeta(pat) {
			if _, err := os.Lstat(p); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil, fmt.Errorf("pattern %q matches no file", pat)
				}
				return nil, err
			}
			matches = []string{p}
		} else {
			if !doublestar.ValidatePathPattern(p) {
				return nil, fmt.Errorf("pattern %q is not a valid glob", pat)
			}
			matches, err = doublestar.FilepathGlob(p, doublestar.WithFilesOnly(), doublestar.WithNoFollow())
			if err != nil {
				return nil, fmt.Errorf("pattern %q: %w", pat, err)
			}
			if len(matches) == 0 {
				return nil, fmt.Errorf("pattern %q matches no file", pat)
			}
		}
		for _, m := range matches {
			if seen[m] {
				continue
			}
			seen[m] = true
			out = append(out, inspect(dir, root, m))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].display < out[j].display })
	return out, nil
}

func inspect(dir, root, abs string) matchedFile {
	mf := matchedFile{abs: abs, display: displayPath(dir, abs)}
	st, err := os.Lstat(abs)
	if err != nil {
		mf.problem = fmt.Sprintf("cannot read file: %v", unwrapPath(err))
		return mf
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(abs)
		if err != nil {
			mf.problem = "symbolic link leads nowhere; it is not followed: fix or remove the link"
			return mf
		}
		if rel, err := filepath.Rel(root, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			mf.problem = "symbolic link points outside the repository; it is not followed: check the file it points to directly"
			return mf
		}
		if st, err = os.Stat(target); err != nil {
			mf.problem = fmt.Sprintf("cannot read file: %v", unwrapPath(err))
			return mf
		}
	}
	if st.IsDir() {
		mf.problem = "path is a directory, not a tool file: use a glob such as 'dir/**/*.json'"
	} else if !st.Mode().IsRegular() {
		mf.problem = "path is not a regular file; it is not read"
	}
	return mf
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func displayPath(dir, abs string) string {
	rel, err := filepath.Rel(dir, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

func hasMeta(p string) bool { return strings.ContainsAny(p, "*?[{\\") }
