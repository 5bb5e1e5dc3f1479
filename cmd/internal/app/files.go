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

	"github.com/mcpschema/mcpschema/validate/source"
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
// Files behind a directory that is a symbolic link, and special files
// (FIFOs, devices, sockets, /proc), are skipped: the notes say which.
func expandPatterns(dir string, patterns []string) ([]matchedFile, []string, error) {
	seen := map[string]bool{}
	var out []matchedFile
	var notes []string
	for _, pat := range patterns {
		p := filepath.FromSlash(pat)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		var matches []string
		var err error
		if !hasMeta(pat) {
			if _, err := os.Lstat(p); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil, nil, fmt.Errorf("pattern %q matches no file", pat)
				}
				return nil, nil, err
			}
			matches = []string{p}
		} else {
			if !doublestar.ValidatePathPattern(p) {
				return nil, nil, fmt.Errorf("pattern %q is not a valid glob", pat)
			}
			matches, err = doublestar.FilepathGlob(p, doublestar.WithFilesOnly(), doublestar.WithNoFollow())
			if err != nil {
				return nil, nil, fmt.Errorf("pattern %q: %w", pat, err)
			}
			if len(matches) == 0 {
				return nil, nil, fmt.Errorf("pattern %q matches no file", pat)
			}
		}
		kept, skipped := 0, ""
		for _, m := range matches {
			if seen[m] {
				kept++
				continue
			}
			seen[m] = true
			mf, skip := inspect(dir, m)
			if skip != "" {
				notes = append(notes, skip)
				skipped = skip
				continue
			}
			kept++
			out = append(out, mf)
		}
		if kept == 0 {
			return nil, nil, fmt.Errorf("pattern %q matches no file that is read: %s", pat, skipped)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].display < out[j].display })
	return out, notes, nil
}

// osTree is the working tree under root, for source.ResolveLink.
type osTree struct{ root string }

func (t osTree) Kind(p string) source.EntryKind {
	st, err := os.Lstat(filepath.Join(t.root, filepath.FromSlash(p)))
	switch {
	case err != nil:
		return source.EntryMissing
	case st.Mode()&fs.ModeSymlink != 0:
		return source.EntryLink
	case st.IsDir():
		return source.EntryDir
	case st.Mode().IsRegular():
		return source.EntryFile
	}
	return source.EntryOther
}

func (t osTree) Readlink(p string) (string, error) {
	return os.Readlink(filepath.Join(t.root, filepath.FromSlash(p)))
}

// inspect looks at one match without following any link: a tool file that
// is a link is resolved inside dir as a git revision resolves it
// (source.ResolveLink). It returns a note instead when the file is skipped.
func inspect(dir, abs string) (matchedFile, string) {
	mf := matchedFile{abs: abs, display: displayPath(dir, abs)}
	rel, err := filepath.Rel(dir, abs)
	under := err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
	if under {
		parts := strings.Split(rel, string(filepath.Separator))
		for i := 1; i < len(parts); i++ {
			d := filepath.Join(parts[:i]...)
			if st, err := os.Lstat(filepath.Join(dir, d)); err == nil && st.Mode()&fs.ModeSymlink != 0 {
				return mf, fmt.Sprintf("file %q is behind a directory that is a symbolic link (%q), which is not followed: it is skipped", mf.display, filepath.ToSlash(d))
			}
		}
	}
	st, err := os.Lstat(abs)
	if err != nil {
		mf.problem = fmt.Sprintf("cannot read file: %v", unwrapPath(err))
		return mf, ""
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		if !under {
			mf.problem = source.LinkOutside
			return mf, ""
		}
		target, problem := source.ResolveLink(osTree{root: dir}, filepath.ToSlash(rel))
		if problem != "" {
			mf.problem = problem
			return mf, ""
		}
		mf.abs = filepath.Join(dir, filepath.FromSlash(target))
		if st, err = os.Lstat(mf.abs); err != nil {
			mf.problem = fmt.Sprintf("cannot read file: %v", unwrapPath(err))
			return mf, ""
		}
	}
	if st.IsDir() {
		mf.problem = source.LinkIsDir
		return mf, ""
	}
	if !st.Mode().IsRegular() {
		return mf, fmt.Sprintf("file %q is a %s, not a regular file: it is skipped", mf.display, specialKind(st.Mode()))
	}
	if real, err := filepath.EvalSymlinks(mf.abs); err == nil && onPseudoFS(real) {
		return mf, fmt.Sprintf("file %q is on the system's %q pseudo file system, not a tool file: it is skipped", mf.display, strings.SplitN(strings.TrimPrefix(filepath.ToSlash(real), "/"), "/", 2)[0])
	}
	return mf, ""
}

// specialKind names a file mode that is not a regular file.
func specialKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// onPseudoFS reports whether p is under /proc, /sys or /dev, whose
// "regular" files are generated by the kernel.
func onPseudoFS(p string) bool {
	p = filepath.ToSlash(p)
	for _, d := range []string{"/proc", "/sys", "/dev"} {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// checkWorkspacePattern refuses a pattern of the config's or the action's
// "files" that would leave the workspace: an absolute path or a ".." step.
func checkWorkspacePattern(pat string) error {
	if filepath.IsAbs(pat) || strings.HasPrefix(pat, "/") || strings.HasPrefix(pat, "\\") || filepath.VolumeName(pat) != "" ||
		(len(pat) > 1 && pat[1] == ':') {
		return fmt.Errorf("pattern %q is absolute: files must stay in the workspace; give a path relative to it", pat)
	}
	for _, seg := range strings.FieldsFunc(pat, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return fmt.Errorf("pattern %q leaves the workspace with \"..\": files must stay in it", pat)
		}
	}
	return nil
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
