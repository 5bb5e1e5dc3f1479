package action

import (
	"context"
	"fmt"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
)

// compareAPI asks GitHub for the merge base of two commits (nil: no usable token).
type compareAPI func(ctx context.Context, base, head string) (string, error)

// revisions are what an action run reads and compares.
type revisions struct {
	// Base is the commit to diff against ("" for no diff).
	Base string
	// HeadRef is the revision to read the head files from ("": the working tree).
	HeadRef string
	// Baseline and Notes say what was compared, for the report.
	Baseline *report.Baseline
	Notes    []string
}

// resolveRevisions picks the base to diff against and the revision to read
// the head files from, fetching either when a shallow checkout lacks it. On
// a pull request the base is the merge base of the base and head commits
// (what GitHub's "Files changed" shows), asked of the compare API and
// fetched by sha, else looked for by deepening the clone a bounded number of
// times; when there is none, the base commit itself, with a note saying so.
// push compares with before, merge_group with the group's base.
func resolveRevisions(ctx context.Context, dir string, in *actionInputs, sha, eventName string, tgt target, api compareAPI) (*revisions, error) {
	rv := &revisions{}
	base := in.Base
	if base == baseAuto {
		base = tgt.Base
	}
	// On pull requests GITHUB_SHA is the merge commit: read the files at the
	// head commit so that positions match the pull request's files, unless
	// the workspace already has the head checked out.
	head := sha
	if tgt.HeadSHA != "" && tgt.HeadSHA != sha && load.CheckedOut(ctx, dir) != tgt.HeadSHA {
		h, err := load.EnsureRevision(ctx, dir, "head", tgt.HeadSHA)
		if err != nil {
			return nil, err
		}
		rv.HeadRef, head = h, h
	} else if tgt.HeadSHA != "" {
		head = tgt.HeadSHA
	}
	if base == "" {
		switch {
		case in.Base != baseAuto:
		case eventName == "push":
			rv.Notes = append(rv.Notes, "the push created the branch: there is no earlier commit to compare with, so no breaking changes are looked for")
		default:
			rv.Notes = append(rv.Notes, fmt.Sprintf("a %q event names no base commit: no breaking changes are looked for; set the \"base\" input to compare with a revision", eventName))
		}
		return rv, nil
	}
	if !isPullRequest(eventName) {
		b, err := load.EnsureRevision(ctx, dir, "base", base)
		if err != nil {
			return nil, err
		}
		rv.Base = b
		rv.Baseline = &report.Baseline{Ref: base, Mode: report.BaselineTip, Commit: b}
		rv.Notes = append(rv.Notes, fmt.Sprintf("compared with %s (%s)", service.ShortSHA(b), baseWhat(eventName, in)))
		return rv, nil
	}
	rv.Baseline = &report.Baseline{Ref: base, Head: head, Mode: report.BaselineMergeBase}
	mb, notes := findMergeBase(ctx, dir, base, head, api)
	rv.Notes = append(rv.Notes, notes...)
	if mb != "" {
		rv.Base = mb
		rv.Baseline.Commit, rv.Baseline.MergeBaseFound = mb, true
		if mb != base { // a base that is the branch point needs no note
			rv.Notes = append(rv.Notes, fmt.Sprintf("compared with %s, the merge base of the base %s and the head %s (what the pull request's \"Files changed\" shows): changes made on the base branch after the branch point are not reported",
				service.ShortSHA(mb), service.ShortSHA(base), service.ShortSHA(head)))
		}
		return rv, nil
	}
	b, err := load.EnsureRevision(ctx, dir, "base", base)
	if err != nil {
		return nil, fmt.Errorf("no merge base of the base %s and the head %s could be found, and the base commit cannot be read either: %v", service.ShortSHA(base), service.ShortSHA(head), err)
	}
	rv.Base = b
	rv.Baseline.Commit = b
	rv.Notes = append(rv.Notes, fmt.Sprintf("no merge base of the base %s and the head %s could be found: compared with the base commit itself, so changes made on the base branch after the branch point are reported too; set `fetch-depth: 0` on actions/checkout to find it",
		service.ShortSHA(base), service.ShortSHA(head)))
	return rv, nil
}

// baseWhat names where a base that is not a merge base came from.
func baseWhat(eventName string, in *actionInputs) string {
	switch {
	case in.Base != baseAuto:
		return fmt.Sprintf("the \"base\" input %q", in.Base)
	case eventName == "push":
		return "the commit before the push"
	case eventName == "merge_group":
		return "the merge group's base"
	}
	return "the event's base"
}

// findMergeBase finds the merge base of the commits base and head and makes
// it present in the checkout: first through the compare API (one request)
// and a fetch of that one commit, else in the local history, deepening a
// shallow clone a bounded number of times. It returns "" when there is none
// it could find, and notes saying what went wrong on the way.
func findMergeBase(ctx context.Context, dir, base, head string, api compareAPI) (string, []string) {
	var notes []string
	if api != nil {
		mb, err := api(ctx, base, head)
		if err == nil {
			if sha, ferr := load.EnsureRevision(ctx, dir, "merge base", mb); ferr == nil {
				return sha, nil
			}
			err = fmt.Errorf("the compare api named %s, which could not be fetched from origin", service.ShortSHA(mb))
		}
		notes = append(notes, fmt.Sprintf("the merge base was not found through the github api (%v): looked for it in the git history instead", err))
	}
	b, err := load.EnsureRevision(ctx, dir, "base", base)
	if err != nil {
		return "", notes
	}
	h, err := load.EnsureRevision(ctx, dir, "head", head)
	if err != nil {
		return "", notes
	}
	mb, err := service.GitMergeBase(ctx, dir, b, h)
	if err == nil && mb == "" && service.IsShallow(ctx, dir) {
		mb, err = service.DeepenForMergeBase(ctx, dir, b, h)
	}
	if err != nil {
		notes = append(notes, fmt.Sprintf("the merge base could not be looked for in the git history: %v", err))
	}
	return mb, notes
}
