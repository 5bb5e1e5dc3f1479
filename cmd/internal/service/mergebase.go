package service

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
)

// Values of `check --base-mode`.
const (
	BaseModeMergeBase = report.BaselineMergeBase
	BaseModeTip       = report.BaselineTip
)

// DeepenSteps are the successive `git fetch --deepen` of a shallow clone
// while the merge base is missing: bounded, about 1,500 commits in all.
var DeepenSteps = []int{50, 100, 250, 500, 600}

// GitMergeBase returns the merge base of commits a and b in the repository
// at dir, "" when they have none in the history present.
func GitMergeBase(ctx context.Context, dir, a, b string) (string, error) {
	out, err := load.Git(ctx, dir, nil, "merge-base", "--end-of-options", a, b)
	var ge *load.GitError
	var ee *exec.ExitError
	if errors.As(err, &ge) && errors.As(ge.Err, &ee) && ee.ExitCode() == 1 && ge.Stderr == "" {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// IsShallow reports whether the repository at dir is a shallow clone.
func IsShallow(ctx context.Context, dir string) bool {
	s, err := load.GitOut(ctx, dir, "rev-parse", "--is-shallow-repository")
	return err == nil && s == "true"
}

// CommitOf returns the commit rev names locally ("" when it does not).
func CommitOf(ctx context.Context, dir, rev string) string {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n") {
		return ""
	}
	sha, err := load.GitOut(ctx, dir, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return ""
	}
	return sha
}

// DeepenForMergeBase deepens a shallow clone from origin, a bounded number
// of times, until commits a and b have a merge base. It returns the merge
// base ("" when none was found) and, when deepening failed, why.
func DeepenForMergeBase(ctx context.Context, dir, a, b string) (string, error) {
	for _, n := range DeepenSteps {
		if !IsShallow(ctx, dir) {
			return "", nil
		}
		if _, err := load.GitOut(ctx, dir, "fetch", "--no-tags", "--no-write-fetch-head", fmt.Sprintf("--deepen=%d", n), "origin", a, b); err != nil {
			return "", fmt.Errorf("`git fetch --deepen=%d origin` failed: %v", n, err)
		}
		mb, err := GitMergeBase(ctx, dir, a, b)
		if err != nil || mb != "" {
			return mb, err
		}
	}
	return "", nil
}

// ShortSHA abbreviates a commit sha for messages.
func ShortSHA(sha string) string {
	if len(sha) > 12 && load.LooksLikeSHA(sha) {
		return sha[:12]
	}
	return sha
}

// ParseBaseMode checks a --base-mode value ("" is merge-base).
func ParseBaseMode(mode string) (string, error) {
	switch mode {
	case "", BaseModeMergeBase:
		return BaseModeMergeBase, nil
	case BaseModeTip:
		return mode, nil
	}
	return "", usageErr("unknown --base-mode %q%s", mode, UnknownHint(mode, []string{BaseModeMergeBase, BaseModeTip}, "%q", "use merge-base or tip"))
}

// CLIBaseline resolves `check --base REF` to the commit to compare with: the
// merge base of REF and the head revision (HEAD, or --head) by default, like
// `git diff REF...HEAD`, or REF itself with --base-mode=tip. Nothing is
// fetched. A REF that is not in the repository is passed through unchanged
// (with no baseline) so that loading it explains how to fetch it.
func CLIBaseline(ctx context.Context, dir, ref, head, mode string) (string, *report.Baseline, string, error) {
	mode, err := ParseBaseMode(mode)
	if err != nil {
		return "", nil, "", err
	}
	refSHA := CommitOf(ctx, dir, ref)
	if refSHA == "" {
		return ref, nil, "", nil
	}
	if mode == BaseModeTip {
		return refSHA, &report.Baseline{Ref: ref, Mode: mode, Commit: refSHA},
			fmt.Sprintf("compared with %q itself (%s): --base-mode=tip", ref, ShortSHA(refSHA)), nil
	}
	if head == "" {
		head = "HEAD"
	}
	bl := &report.Baseline{Ref: ref, Head: head, Mode: mode, Commit: refSHA}
	headSHA := CommitOf(ctx, dir, head)
	if headSHA == "" {
		if head != "HEAD" {
			// LoadRevision explains the missing head revision.
			return refSHA, bl, "", nil
		}
		return refSHA, bl, fmt.Sprintf("no merge base of %q and HEAD: the repository has no commit checked out; compared with %q itself (%s)", ref, ref, ShortSHA(refSHA)), nil
	}
	mb, err := GitMergeBase(ctx, dir, refSHA, headSHA)
	if err != nil {
		return "", nil, "", err
	}
	if mb == "" {
		why := "the histories are unrelated"
		if IsShallow(ctx, dir) {
			why = "this shallow clone lacks the history: deepen it with `git fetch --deepen=100 origin` or `git fetch --unshallow`"
		}
		return refSHA, bl, fmt.Sprintf("no merge base of %q and %q was found (%s): compared with %q itself (%s), so changes made on %q after the branch point are reported too; --base-mode=tip does this on purpose",
			ref, head, why, ref, ShortSHA(refSHA), ref), nil
	}
	bl.Commit, bl.MergeBaseFound = mb, true
	note := fmt.Sprintf("compared with %s, the merge base of %q and %q (like `git diff %s...%s`): changes made on %q after the branch point are not reported; --base-mode=tip compares with %q itself",
		ShortSHA(mb), ref, head, ref, head, ref, ref)
	if mb == refSHA {
		note = "" // the base is the branch point: nothing to explain
	}
	return mb, bl, note, nil
}

// SetBaseline records in the report which commit the run compared with.
func SetBaseline(rep *report.Report, bl *report.Baseline, notes ...string) {
	rep.Baseline = bl
	for _, n := range notes {
		if n != "" {
			rep.Notes = append(rep.Notes, n)
		}
	}
}
