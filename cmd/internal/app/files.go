package app

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

	"github.com/mcpschema/mcpschema/validate/load"
	"github.com/mcpschema/mcpschema/validate/source"
)

// matchedFile is a file a pattern matched in the working tree.
type matchedFile struct {
	abs     string
	display string
	// problem is set when the file cannot be read safely.
	problem string
}

// expansion is what the patterns select in the working tree.
type expansion struct {
	files []matchedFile
	// notes say which matched files were skipped and why.
	notes []string
	// hits counts, per include pattern of the matcher, the files it selected.
	hits []int
}

// expandPatterns evaluates the matcher's paths and doublestar globs
// relative to dir: excludes and default-skipped directories apply (see
// load.Matcher). A pattern that matches nothing is not an error here (Run
// decides, with the base); unreadable matches become problems reported as
// findings so the other files are still checked. Files behind a directory
// that is a symbolic link, and special files (FIFOs, devices, sockets,
// /proc), are skipped: the notes say which, and a pattern whose every
// match is skipped is an error.
func expandPatterns(dir string, m *load.Matcher) (*expansion, error) {
	seen := map[string]bool{}
	exp := &expansion{hits: make([]int, m.Len())}
	for i := 0; i < m.Len(); i++ {
		pat := m.Pattern(i)
		matches, skipped, err := globFiles(dir, m, i)
		if err != nil {
			return nil, fmt.Errorf("pattern %q: %w", pat, err)
		}
		exp.notes = append(exp.notes, skipped...)
		kept := 0
		for _, abs := range matches {
			if seen[abs] {
				kept++
				continue
			}
			seen[abs] = true
			mf, skip := inspect(dir, abs)
			if skip != "" {
				exp.notes = append(exp.notes, skip)
				skipped = append(skipped, skip)
				continue
			}
			kept++
			exp.files = append(exp.files, mf)
		}
		exp.hits[i] = kept
		if kept == 0 && len(skipped) > 0 {
			return nil, fmt.Errorf("pattern %q matches no file that is read: %s", pat, skipped[len(skipped)-1])
		}
	}
	sort.Slice(exp.files, func(i, j int) bool { return exp.files[i].display < exp.files[j].display })
	return exp, nil
}

// globFiles returns the absolute paths of the files (and links, and special
// files) include pattern i selects under dir, walking from the pattern's
// base without following links. skipped says why nothing under the base
// was looked at (it is behind a linked directory) or what could not be read.
func globFiles(dir string, m *load.Matcher, i int) (matches, skipped []string, err error) {
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
// "files" that would leave the workspace: an absolute path or a ".." step,
// in the pattern or in any of its brace alternatives ("{tools,../x}/*.json").
func checkWorkspacePattern(pat string) error {
	alts, err := load.ExpandBraces(pat)
	if err != nil {
		return fmt.Errorf("pattern %q: %v", pat, err)
	}
	for _, alt := range alts {
		if err := checkWorkspaceAlternative(pat, alt); err != nil {
			return err
		}
	}
	return nil
}

// checkWorkspaceAlternative checks one brace alternative alt of pattern pat.
func checkWorkspaceAlternative(pat, alt string) error {
	which := ""
	if alt != pat {
		which = fmt.Sprintf(" (its alternative %q)", alt)
	}
	if filepath.IsAbs(alt) || strings.HasPrefix(alt, "/") || strings.HasPrefix(alt, "\\") || filepath.VolumeName(alt) != "" ||
		(len(alt) > 1 && alt[1] == ':') {
		return fmt.Errorf("pattern %q%s is absolute: files must stay in the workspace; give a path relative to it", pat, which)
	}
	for _, seg := range strings.FieldsFunc(alt, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return fmt.Errorf("pattern %q%s leaves the workspace with \"..\": files must stay in it", pat, which)
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
