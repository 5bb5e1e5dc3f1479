package snapshot

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// linkLeaves refuses a path inside the workspace dir that passes through,
// or names, a symbolic link whose target is outside the workspace: a
// committed link (tools.snapshot.json -> /etc/..., a linked --split
// directory) must not make the snapshot read, write or delete there, as
// the action's sinks refuse it too. A path the user gives outside the
// workspace is theirs to name.
func linkLeaves(dir, p string) error {
	root := dir
	if root == "" {
		root, _ = os.Getwd()
	}
	root, _ = filepath.Abs(root)
	p, _ = filepath.Abs(p)
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		realRoot = root
	}
	cur := root
	parts := strings.Split(rel, string(filepath.Separator))
	for i, part := range parts {
		if part == "." {
			continue
		}
		cur = filepath.Join(cur, part)
		st, err := os.Lstat(cur)
		if err != nil {
			return nil // nothing there: nothing to follow
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		target, err := filepath.EvalSymlinks(cur)
		if err != nil {
			// a dangling link: writing would create its target
			l, _ := os.Readlink(cur)
			if !filepath.IsAbs(l) {
				l = filepath.Join(filepath.Dir(cur), l)
			}
			target = filepath.Clean(l)
		}
		if !within(realRoot, target) && !within(root, target) {
			return fmt.Errorf("%q is a symbolic link that leaves the workspace: mcpschema never reads, writes or deletes through such a link; replace it with a file or give a path without it",
				filepath.ToSlash(filepath.Join(parts[:i+1]...)))
		}
	}
	return nil
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// readInside reads a file of the workspace, refusing a link that leaves it.
func readInside(dir, p string) ([]byte, error) {
	if err := linkLeaves(dir, p); err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// writeInside writes a file, refusing a link that leaves the workspace.
func writeInside(dir, p string, data []byte) error {
	if err := linkLeaves(dir, p); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}
