package load

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// WorkFile is a file a pattern matched in the working tree.
type WorkFile struct {
	// Abs is the file's absolute path (a link's resolved target).
	Abs string
	// Display is the path shown in findings, relative to the directory.
	Display string
	// Problem is set when the file cannot be read safely.
	Problem string
}

// Expansion is what the patterns select in the working tree.
type Expansion struct {
	// Files are the matched files, in display order.
	Files []WorkFile
	// Notes say which matched files were skipped and why.
	Notes []string
	// Hits counts, per include pattern of the matcher, the files it selected.
	Hits []int
}

// Expand evaluates the matcher's paths and doublestar globs
// relative to dir: excludes and default-skipped directories apply (see
// Matcher). A pattern that matches nothing is not an error here (Run
// decides, with the base); unreadable matches become problems reported as
// findings so the other files are still checked. Files behind a directory
// that is a symbolic link, and special files (FIFOs, devices, sockets,
// /proc), are skipped: the notes say which, and a pattern whose every
// match is skipped is an error.
func Expand(dir string, m *Matcher) (*Expansion, error) {
	seen := map[string]bool{}
	exp := &Expansion{Hits: make([]int, m.Len())}
	for i := 0; i < m.Len(); i++ {
		pat := m.Pattern(i)
		matches, skipped, err := GlobFiles(dir, m, i)
		if err != nil {
			return nil, fmt.Errorf("pattern %q: %w", pat, err)
		}
		exp.Notes = append(exp.Notes, skipped...)
		kept := 0
		for _, abs := range matches {
			if seen[abs] {
				kept++
				continue
			}
			seen[abs] = true
			mf, skip := inspect(dir, abs)
			if skip != "" {
				exp.Notes = append(exp.Notes, skip)
				skipped = append(skipped, skip)
				continue
			}
			kept++
			exp.Files = append(exp.Files, mf)
		}
		exp.Hits[i] = kept
		if kept == 0 && len(skipped) > 0 {
			return nil, fmt.Errorf("pattern %q matches no file that is read: %s", pat, skipped[len(skipped)-1])
		}
	}
	sort.Slice(exp.Files, func(i, j int) bool { return exp.Files[i].Display < exp.Files[j].Display })
	return exp, nil
}

// GlobFiles returns the absolute paths of the files (and links, and special
// files) include pattern i selects under dir, walking from the pattern's
// base without following links. skipped says why nothing under the base
// was looked at (it is behind a linked directory) or what could not be read.
func GlobFiles(dir string, m *Matcher, i int) (matches, skipped []string, err error) {
	glob := m.Glob(i)
	abs := filepath.IsAbs(filepath.FromSlash(glob)) || strings.HasPrefix(glob, "/")
	toAbs := func(p string) string {
		if abs {
			return filepath.FromSlash(p)
		}
		return filepath.Join(dir, filepath.FromSlash(p))
	}
	if m.Literal(i) {
		if !m.Selects(i, glob) {
			return nil, nil, nil
		}
		if _, err := os.Lstat(toAbs(glob)); err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
				return nil, nil, nil
			}
			return nil, nil, err
		}
		return []string{toAbs(glob)}, nil, nil
	}
	base := m.Base(i)
	if !abs && base != "." {
		if link := linkedDir(dir, base); link != "" {
			return nil, []string{fmt.Sprintf("files under %q are behind a directory that is a symbolic link (%q), which is not followed: they are skipped", base, link)}, nil
		}
	}
	root := toAbs(base)
	if st, err := os.Lstat(root); err != nil || !st.IsDir() {
		return nil, nil, nil
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, werr error) error {
		rel, _ := filepath.Rel(root, p)
		cand := filepath.ToSlash(rel)
		if base != "." {
			cand = path.Join(base, cand)
		}
		if werr != nil {
			if p == root {
				return werr
			}
			skipped = append(skipped, fmt.Sprintf("directory %q cannot be read (%v): it is skipped", displayPath(dir, p), unwrapPath(werr)))
			return nil
		}
		if d.IsDir() {
			if p != root && m.SkipDir(i, cand) {
				return filepath.SkipDir
			}
			return nil
		}
		if m.Selects(i, cand) {
			matches = append(matches, p)
		}
		return nil
	})
	return matches, skipped, err
}

// linkedDir returns the first directory on the slash path rel (under dir)
// that is a symbolic link, or "".
func linkedDir(dir, rel string) string {
	parts := strings.Split(rel, "/")
	for i := 1; i <= len(parts); i++ {
		d := strings.Join(parts[:i], "/")
		if st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(d))); err == nil && st.Mode()&fs.ModeSymlink != 0 {
			return d
		}
	}
	return ""
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
