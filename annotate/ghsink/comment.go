package ghsink

import (
	"context"
	"strings"

	"github.com/google/go-github/v66/github"
)

// CommentMarker is the hidden marker that finds this workflow job's sticky
// comment again: one comment per workflow and job.
func CommentMarker(workflow, job string) string {
	clean := strings.NewReplacer("--", "-", "<", "", ">", "", "\"", "'", "\n", " ", "\r", " ")
	return "<!-- mcpschema comment workflow=\"" + clean.Replace(workflow) + "\" job=\"" + clean.Replace(job) + "\" -->"
}

// Comment says which sticky comment to write.
type Comment struct {
	Owner, Repo string
	// Number is the pull request number.
	Number int
	// Marker is the hidden marker (CommentMarker); Body must contain it.
	Marker string
	Body   string
	// Create says whether to create the comment when none exists yet;
	// an existing one is always brought up to date.
	Create bool
}

// Comment outcomes.
const (
	CommentCreated   = "created"
	CommentUpdated   = "updated"
	CommentUnchanged = "unchanged"
	CommentNone      = "none"
)

// UpsertComment edits the pull request comment that holds the marker in
// place, or creates it (when c.Create): never a duplicate. It returns
// CommentCreated, CommentUpdated, CommentUnchanged or CommentNone.
func (c *Client) UpsertComment(ctx context.Context, cm Comment) (string, error) {
	existing, err := c.findComment(ctx, cm)
	if err != nil {
		return "", err
	}
	if existing != nil {
		if existing.GetBody() == cm.Body {
			return CommentUnchanged, nil
		}
		_, _, err := c.gh.Issues.EditComment(ctx, cm.Owner, cm.Repo, existing.GetID(), &github.IssueComment{Body: github.String(cm.Body)})
		if err != nil {
			return "", err
		}
		return CommentUpdated, nil
	}
	if !cm.Create {
		return CommentNone, nil
	}
	if _, _, err := c.gh.Issues.CreateComment(ctx, cm.Owner, cm.Repo, cm.Number, &github.IssueComment{Body: github.String(cm.Body)}); err != nil {
		return "", err
	}
	return CommentCreated, nil
}

// findComment pages through the pull request's comments for the marker.
func (c *Client) findComment(ctx context.Context, cm Comment) (*github.IssueComment, error) {
	opt := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		list, resp, err := c.gh.Issues.ListComments(ctx, cm.Owner, cm.Repo, cm.Number, opt)
		if err != nil {
			return nil, err
		}
		for _, ic := range list {
			if strings.Contains(ic.GetBody(), cm.Marker) {
				return ic, nil
			}
		}
		if resp == nil || resp.NextPage == 0 {
			return nil, nil
		}
		opt.Page = resp.NextPage
	}
}
