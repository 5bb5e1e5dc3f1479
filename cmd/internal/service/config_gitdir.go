package service

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// configInGitDir refuses a config file in a .git directory, or a symbolic
// link that leads into one: .git/config holds the checkout's credentials,
// and a config's errors quote what they read. display is the path as given.
func configInGitDir(p, display string) error {
	if source.InGitDir(filepath.ToSlash(filepath.Clean(display))) {
		return fmt.Errorf("cannot read config: %q is in a .git directory, which is never read", display)
	}
	st, err := os.Lstat(p)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return nil // reading it reports the broken link
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(p))
	if err != nil {
		return nil
	}
	if rel, err := filepath.Rel(dir, real); err != nil || source.InGitDir(filepath.ToSlash(rel)) {
		return fmt.Errorf("cannot read config: %q is a symbolic link into a .git directory, which is never read: point it at a config file", display)
	}
	return nil
}

// configLinkLeaves refuses a config file that is a symbolic link whose
// target lies outside the workspace dir. display is the path as given.
func configLinkLeaves(dir, p, display string) error {
	st, err := os.Lstat(p)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return nil // reading it reports the broken link
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil
	}
	if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return fmt.Errorf("cannot read config: %q is a symbolic link that leaves the workspace, which is never followed: commit the config file itself", display)
	}
	return nil
}
