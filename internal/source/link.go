package source

import (
	"fmt"
	"path"
	"strings"
)

// EntryKind is what a path names in a tree (the working tree or a commit).
type EntryKind int

// Entry kinds.
const (
	EntryMissing EntryKind = iota
	EntryFile
	EntryDir
	EntryLink
	// EntryOther is a FIFO, a device, a socket or a submodule.
	EntryOther
)

// Tree is what ResolveLink needs of a tree: paths are slash-separated and
// relative to the tree's root.
type Tree interface {
	// Kind says what p is, without following a link at p.
	Kind(p string) EntryKind
	// Readlink returns the target of the link at p.
	Readlink(p string) (string, error)
}

// MaxLinkHops bounds a chain of links.
const MaxLinkHops = 8

// Problems a tool file that is a symbolic link can have; the working tree
// and a git revision say the same.
const (
	LinkNowhere  = "symbolic link leads nowhere; it is not followed: fix or remove the link"
	LinkOutside  = "symbolic link points outside the repository; it is not followed: check the file it points to directly"
	LinkTooLong  = "symbolic link chain is longer than 8 links; it is not followed: point the link at the file itself"
	LinkIsDir    = "path is a directory, not a tool file: use a glob such as 'dir/**/*.json'"
	LinkIsOther  = "symbolic link points to a special file (not a regular file); it is not read"
	LinkIntoGit  = "symbolic link leads into a .git directory, which is never read (it holds the repository's config and the checkout's credentials); it is not followed: point the link at a tool file"
	linkViaDirFm = "symbolic link passes through the linked directory %q; it is not followed: point the link at the file itself"
)

// ResolveLink follows the link at p inside t the same way for every kind of
// tree: a relative target is taken from the link's directory and must stay
// inside the tree, out of every .git directory (InGitDir); an absolute target, a directory on the way that is itself
// a link, a missing target and a chain of more than MaxLinkHops links are
// not followed. It returns the regular file the link leads to, or the
// problem to report in its place.
func ResolveLink(t Tree, p string) (target, problem string) {
	cur := p
	for hop := 0; hop < MaxLinkHops; hop++ {
		to, err := t.Readlink(cur)
		if err != nil || to == "" {
			return "", LinkNowhere
		}
		to = strings.ReplaceAll(to, "\\", "/")
		if strings.HasPrefix(to, "/") || (len(to) > 1 && to[1] == ':') {
			return "", LinkOutside
		}
		next := path.Clean(path.Join(path.Dir(cur), to))
		if InGitDir(next) {
			return "", LinkIntoGit
		}
		if next == ".." || strings.HasPrefix(next, "../") || next == "." {
			if next == "." {
				return "", LinkIsDir
			}
			return "", LinkOutside
		}
		parts := strings.Split(next, "/")
		for i := 1; i < len(parts); i++ {
			d := strings.Join(parts[:i], "/")
			switch t.Kind(d) {
			case EntryDir:
			case EntryLink:
				return "", fmt.Sprintf(linkViaDirFm, d)
			default:
				return "", LinkNowhere
			}
		}
		switch t.Kind(next) {
		case EntryFile:
			return next, ""
		case EntryLink:
			cur = next
		case EntryDir:
			return "", LinkIsDir
		case EntryOther:
			return "", LinkIsOther
		default:
			return "", LinkNowhere
		}
	}
	return "", LinkTooLong
}

// InGitDir reports whether the slash path p is a .git directory or file, or
// under one (the repository's, a submodule's or a worktree's), in any
// letter case (case-insensitive file systems): nothing there is ever read.
func InGitDir(p string) bool {
	for _, seg := range strings.Split(p, "/") {
		if strings.EqualFold(seg, ".git") {
			return true
		}
	}
	return false
}
