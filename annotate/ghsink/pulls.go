package ghsink

import (
	"context"
	"fmt"

	"github.com/google/go-github/v66/github"
)

// PullRequestInfo is what the skip label needs to know of a pull request.
type PullRequestInfo struct {
	Number int
	// BaseRef is the branch it merges into; HeadSHA its head commit.
	BaseRef, HeadSHA string
	// Merged says it was merged, as MergeCommitSHA.
	Merged         bool
	MergeCommitSHA string
	// Open says it is open.
	Open   bool
	Labels []string
}

// HasLabel reports whether the pull request carries the label.
func (p PullRequestInfo) HasLabel(label string) bool {
	for _, l := range p.Labels {
		if l == label {
			return true
		}
	}
	return false
}

func pullInfo(p *github.PullRequest) PullRequestInfo {
	info := PullRequestInfo{Number: p.GetNumber(), BaseRef: p.GetBase().GetRef(), HeadSHA: p.GetHead().GetSHA(),
		Merged: p.MergedAt != nil, MergeCommitSHA: p.GetMergeCommitSHA(), Open: p.GetState() == "open"}
	for _, l := range p.Labels {
		info.Labels = append(info.Labels, l.GetName())
	}
	return info
}

// PullRequestsWithCommit lists the pull requests associated with a commit
// (GET /repos/{owner}/{repo}/commits/{sha}/pulls): for a commit on the
// default branch, the merged pull request that brought it in.
func (c *Client) PullRequestsWithCommit(ctx context.Context, owner, repo, sha string) ([]PullRequestInfo, error) {
	prs, _, err := c.gh.PullRequests.ListPullRequestsWithCommit(ctx, owner, repo, sha, &github.ListOptions{PerPage: 100})
	if err != nil {
		return nil, fmt.Errorf("the api answered %s", Describe(err))
	}
	out := make([]PullRequestInfo, 0, len(prs))
	for _, p := range prs {
		out = append(out, pullInfo(p))
	}
	return out, nil
}

// PullRequest reads one pull request (GET /repos/{owner}/{repo}/pulls/{number}).
func (c *Client) PullRequest(ctx context.Context, owner, repo string, number int) (PullRequestInfo, error) {
	p, _, err := c.gh.PullRequests.Get(ctx, owner, repo, number)
	if err != nil {
		return PullRequestInfo{}, fmt.Errorf("the api answered %s", Describe(err))
	}
	return pullInfo(p), nil
}
