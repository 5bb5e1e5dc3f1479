package ghsink

import (
	"context"
	"time"

	"github.com/google/go-github/v66/github"
)

// FailedRun says where to post the check run of a run that could not do
// what it was asked.
type FailedRun struct {
	Owner, Repo string
	// HeadSHA is the commit the check run goes on.
	HeadSHA string
	// Name is the check run name; DetailsURL links to the workflow run.
	Name, DetailsURL string
	// Title and Summary are the check run's output (the reason).
	Title, Summary string
	// Now stamps completed_at; nil uses time.Now.
	Now func() time.Time
}

// PublishFailedRun creates a completed check run with conclusion failure
// and the reason as its summary, in one request.
func (c *Client) PublishFailedRun(ctx context.Context, fr FailedRun) error {
	now := time.Now
	if fr.Now != nil {
		now = fr.Now
	}
	_, _, err := c.gh.Checks.CreateCheckRun(ctx, fr.Owner, fr.Repo, github.CreateCheckRunOptions{
		Name:        fr.Name,
		HeadSHA:     fr.HeadSHA,
		DetailsURL:  optional(fr.DetailsURL),
		Status:      github.String("completed"),
		Conclusion:  github.String("failure"),
		CompletedAt: &github.Timestamp{Time: now().UTC()},
		Output: &github.CheckRunOutput{
			Title:   github.String(fr.Title),
			Summary: github.String(truncateTo(fr.Summary, 60000)),
		},
	})
	return err
}
