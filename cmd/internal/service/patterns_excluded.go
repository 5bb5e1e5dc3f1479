package service

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mcpschema/mcpschema/internal/load"
)

// excludedMessage says that a pattern's every match was removed by
// excludes (by, "!pattern"), in the trees named by head and base.
func excludedMessage(pattern string, by []string, head, base string) string {
	what := "the exclude"
	if len(by) > 1 {
		what = "the excludes"
	}
	return fmt.Sprintf("pattern %q matches no file that is not excluded%s: every file it matches is removed by %s %s; change the pattern or the exclude",
		pattern, where(head, base), what, load.QuoteAll(by))
}

// removedBy looks again at a pattern (include i of m) that selected no
// file: it lists what the pattern alone matches in the working tree (or at
// the revision head) and at the revision base, and returns the excludes
// that removed those matches, in the order given ("!pattern"). It is empty
// when the pattern matches nothing there or m has no excludes. tree lists
// a revision's files (revisionPaths, read once per run by the caller).
func removedBy(m *load.Matcher, i int, dir, head, base string, tree func(rev string) []string) []string {
	if len(m.Excludes()) == 0 {
		return nil
	}
	lists := make([][]string, 0, 2)
	if head == "" {
		lists = append(lists, workingTreeMatches(m.Pattern(i), dir))
	} else {
		lists = append(lists, tree(head))
	}
	if base != "" {
		lists = append(lists, tree(base))
	}
	seen := map[string]bool{}
	for _, paths := range lists {
		for _, p := range paths {
			for _, e := range m.RemovedBy(i, p) {
				seen[e] = true
			}
		}
	}
	var by []string
	for _, e := range m.Excludes() {
		if seen["!"+e] {
			by = append(by, "!"+e)
			seen["!"+e] = false
		}
	}
	return by
}

// workingTreeMatches lists the slash paths pattern alone (no excludes)
// matches under dir.
func workingTreeMatches(pattern, dir string) []string {
	bare, err := load.NewMatcher([]string{pattern})
	if err != nil {
		return nil
	}
	matches, _, err := load.GlobFiles(dir, bare, 0)
	if err != nil {
		return nil
	}
	out := make([]string, 0, len(matches))
	for _, abs := range matches {
		if filepath.IsAbs(filepath.FromSlash(bare.Glob(0))) || strings.HasPrefix(bare.Glob(0), "/") {
			out = append(out, filepath.ToSlash(abs))
			continue
		}
		if rel, err := filepath.Rel(dir, abs); err == nil {
			out = append(out, filepath.ToSlash(rel))
		}
	}
	return out
}

// revisionTrees returns a lister of the files of revisions under dir that
// runs `git ls-tree` once per revision, however many patterns ask.
func revisionTrees(dir string) func(rev string) []string {
	trees := map[string][]string{}
	return func(rev string) []string {
		paths, ok := trees[rev]
		if !ok {
			paths = revisionPaths(dir, rev)
			trees[rev] = paths
		}
		return paths
	}
}

// revisionPaths lists the files of a revision under dir, relative to dir.
func revisionPaths(dir, rev string) []string {
	if rev == "" || strings.HasPrefix(rev, "-") {
		return nil
	}
	out, err := load.Git(context.Background(), dir, nil, "ls-tree", "-r", "-z", "--name-only", "--end-of-options", rev)
	if err != nil {
		return nil
	}
	var paths []string
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}
