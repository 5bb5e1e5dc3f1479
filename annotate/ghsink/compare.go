package ghsink

import (
	"context"
	"fmt"
	"regexp"

	"github.com/google/go-github/v66/github"
)

var commitSHA = regexp.MustCompile(`^([0-9a-f]{40}|[0-9a-f]{64})$`)

// MergeBase asks the compare endpoint (GET /repos/{owner}/{repo}/compare/
// {base}...{head}) for the merge base of two commits: the commit GitHub's
// "Files changed" tab compares the head with. It asks for one commit of the
// comparison only; the answer's merge_base_commit is all it reads.
func (c *Client) MergeBase(ctx context.Context, owner, repo, base, head string) (string, error) {
	cmp, _, err := c.gh.Repositories.CompareCommits(ctx, owner, repo, base, head, &github.ListOptions{PerPage: 1})
	if err != nil {
		return "", fmt.Errorf("the compare api answered %s", Describe(err))
	}
	sha := cmp.GetMergeBaseCommit().GetSHA()
	if !commitSHA.MatchString(sha) {
		return "", fmt.Errorf("the compare api gave no merge base commit (got %q)", sha)
	}
	return sha, nil
}
