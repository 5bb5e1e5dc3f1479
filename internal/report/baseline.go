package report

// Baseline modes: what a run compared the head with.
const (
	// BaselineMergeBase compares with the merge base of the base revision
	// and the head (`git diff base...head`, GitHub's "Files changed").
	BaselineMergeBase = "merge-base"
	// BaselineTip compares with the base revision itself.
	BaselineTip = "tip"
)

// Baseline says which commit a run compared the head with, and why.
type Baseline struct {
	// Ref is the base revision asked for (--base, or the event's base commit).
	Ref string `json:"ref"`
	// Head is the revision the merge base was looked for with ("" in tip mode).
	Head string `json:"head,omitempty"`
	// Mode is the mode asked for: merge-base or tip.
	Mode string `json:"mode"`
	// Commit is the commit the head was compared with.
	Commit string `json:"commit"`
	// MergeBaseFound is false when the merge base was asked for but could
	// not be found, and the run compared with Ref itself.
	MergeBaseFound bool `json:"mergeBaseFound"`
	// Config is the commit the config was read from ("": the working
	// tree's). On a pull request it is the base branch's tip, which may be
	// newer than Commit: the author picks the merge base, not the config.
	Config string `json:"config,omitempty"`
}
