package service

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/load"
)

// noteBounds bound the config-change note's work on a pull request's
// proposed files and exclude patterns (the config may be 1 MiB of brace
// patterns): how many patterns and bytes are compared at all, and how much
// matching work (paths × the patterns' cost, see patternCost) is spent
// matching them against the tree. Past a bound the note says the files
// could not be computed, and why; the run's deadline (limits.run-timeout)
// bounds it too.
type noteBounds struct {
	patterns int
	bytes    int
	work     int64
	// files is the most tree entries counted before matching.
	files int
}

// defaultNoteBounds: work is about a second of matching.
var defaultNoteBounds = noteBounds{patterns: 256, bytes: 16 << 10, work: 50_000_000, files: 1_000_000}

// noteWork counts the matching work left for the note.
type noteWork struct {
	b    noteBounds
	cost int64 // work of matching one path against every pattern, per byte of path included
	left int64
	// out is why the work ran out ("" while it has not).
	out string
}

func newNoteWork(b noteBounds, patterns []string) *noteWork {
	return &noteWork{b: b, cost: patternCost(patterns), left: b.work}
}

// patternCost is the work of matching one path against patterns: each
// pattern's brace alternatives (a pattern whose braces do not expand counts
// as load.MaxBraceAlternatives) times its length.
func patternCost(patterns []string) int64 {
	var c int64
	for _, p := range patterns {
		alts := load.MaxBraceAlternatives
		if ex, err := load.ExpandBraces(p); err == nil {
			alts = max(len(ex), 1)
		}
		c += int64(alts) * int64(len(p)+1)
	}
	return c
}

// tooLarge says why patterns are too many or too large to compare ("" when
// they are not).
func (b noteBounds) tooLarge(patterns []string) string {
	n := 0
	for _, p := range patterns {
		n += len(p)
	}
	if len(patterns) > b.patterns || n > b.bytes {
		return fmt.Sprintf("its %d files and exclude patterns (%d bytes) are more than the %d patterns of %d bytes the note compares", len(patterns), n, b.patterns, b.bytes)
	}
	return ""
}

// spend charges matching paths paths of pathBytes bytes in all; false when
// the work left does not cover it (the work is then spent).
func (w *noteWork) spend(paths, pathBytes int64) bool {
	if w.out != "" {
		return false
	}
	need := w.cost*int64(paths) + w.cost*pathBytes/16
	if need > w.left || need < 0 {
		w.left = 0
		w.out = fmt.Sprintf("matching its patterns against %d paths is more work than the note's bound", paths)
		return false
	}
	w.left -= need
	return true
}

// notComputedLine is the note's line when the files the changed patterns
// would read could not be computed.
func notComputedLine(why string) string {
	return fmt.Sprintf("the files the changed files or exclude would read after merge could not be computed (%s); their findings are not known here", why)
}

// countTree counts the paths the changed patterns may be matched against,
// and their bytes: the working tree's files (no .git), or the head
// revision's blobs. It stops at the note's bound on files and at ctx's
// deadline (an error saying which).
func countTree(ctx context.Context, o RunOptions, b noteBounds) (n, size int64, err error) {
	if o.HeadRef != "" {
		out, err := load.Git(ctx, o.Dir, nil, "ls-tree", "-r", "-z", "--name-only", "--full-tree", "--end-of-options", o.HeadRef)
		if err != nil {
			if ctx.Err() != nil {
				return 0, 0, errRunBudget
			}
			return 0, 0, err
		}
		n = int64(bytes.Count(out, []byte{0}))
		return n, int64(len(out)) - n, nil
	}
	errStop := errors.New("stop")
	err = filepath.WalkDir(o.Dir, func(p string, d fs.DirEntry, err error) error {
		if ctx.Err() != nil {
			return errRunBudget
		}
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		n++
		size += int64(len(p) - len(o.Dir))
		if n > int64(b.files) {
			return errStop
		}
		return nil
	})
	if errors.Is(err, errStop) {
		return n, size, fmt.Errorf("the tree has more than %d files", b.files)
	}
	return n, size, err
}

// errRunBudget is the note's work cut by the run's deadline.
var errRunBudget = errors.New("the run's time budget (" + limits.RunTimeout.Config() + ") ran out")
