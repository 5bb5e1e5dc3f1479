package ghsink

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/go-github/v66/github"
)

// CheckCommentMarker is the marker of one check's sticky comment: one
// comment per workflow, job and check name. Two steps of one job with
// different check names, and the legs of a matrix (which name their check
// per leg, as their check runs need distinct names too), keep a comment each.
func CheckCommentMarker(workflow, job, check string) string {
	return "<!-- mcpschema comment workflow=\"" + markerValue(workflow) + "\" job=\"" + markerValue(job) +
		"\" check=\"" + markerValue(check) + "\" -->"
}

// markerValue keeps a value inside its quotes and the HTML comment.
func markerValue(s string) string {
	return strings.NewReplacer("--", "-", "<", "", ">", "", "\"", "'", "\n", " ", "\r", " ").Replace(s)
}

// Comment says which sticky comment to write.
type Comment struct {
	Owner, Repo string
	// Number is the pull request number.
	Number int
	// Marker is the hidden marker (CheckCommentMarker); Body must contain it.
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
	cm.Body = cm.Marker + defuseMarkers(strings.TrimPrefix(cm.Body, cm.Marker))
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

// findComment pages through the pull request's comments for the one that
// the token's own identity wrote and that starts with the marker: a marker
// in someone else's comment, or further down in a body, is not ours.
func (c *Client) findComment(ctx context.Context, cm Comment) (*github.IssueComment, error) {
	self, err := c.identity(ctx)
	if err != nil {
		return nil, err
	}
	opt := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		list, resp, err := c.gh.Issues.ListComments(ctx, cm.Owner, cm.Repo, cm.Number, opt)
		if err != nil {
			return nil, err
		}
		for _, ic := range list {
			if strings.EqualFold(ic.GetUser().GetLogin(), self) && strings.HasPrefix(ic.GetBody(), cm.Marker) {
				return ic, nil
			}
		}
		if resp == nil || resp.NextPage == 0 {
			return nil, nil
		}
		opt.Page = resp.NextPage
	}
}

// actionsBot is the identity of the workflow's GITHUB_TOKEN, an app
// installation token (the GitHub Actions app's), whose comments are written
// as this bot.
const actionsBot = "github-actions[bot]"

// userTokenPrefixes start the tokens that act as a user (personal, OAuth and
// user-to-server tokens, per GitHub's token formats: changelog 2021-03-31;
// fine-grained personal tokens "github_pat_"); installationPrefix starts an
// app installation token (GITHUB_TOKEN is one), which GET /user refuses
// with 403 "Resource not accessible by integration": it is never sent one.
var userTokenPrefixes = []string{"ghp_", "github_pat_", "gho_", "ghu_"}

const installationPrefix = "ghs_"

// actsAsUser says whether a token writes as a user whom GET /user names.
func actsAsUser(token string) bool {
	for _, p := range userTokenPrefixes {
		if strings.HasPrefix(token, p) {
			return true
		}
	}
	return false
}

// appBot is the login an app installation writes comments as ("<slug>[bot]").
func appBot(slug string) string { return slug + "[bot]" }

// identity returns the login the token writes comments as, asking no
// question the API is known to refuse: the app of the check run this
// client created (its installation token writes as "<slug>[bot]"), else
// the GitHub Actions bot for an installation token ("ghs_": GITHUB_TOKEN),
// else GET /user (a personal token; a token of an older format that GET
// /user refuses is taken for the workflow's token). It is
// settled once per client.
func (c *Client) identity(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.self != "" {
		return c.self, nil
	}
	if strings.HasPrefix(c.token, installationPrefix) {
		c.self = actionsBot
		return c.self, nil
	}
	u, _, err := c.gh.Users.Get(ctx, "")
	switch {
	case err == nil && u.GetLogin() != "":
		c.self = u.GetLogin()
	case err == nil || IsForbidden(err) || StatusCode(err) == http.StatusUnauthorized:
		c.self = actionsBot
	default:
		return "", err
	}
	return c.self, nil
}

// learnApp records the app a created check run belongs to: its bot is who
// this client's installation token writes comments as.
func (c *Client) learnApp(slug string) {
	if slug == "" || actsAsUser(c.token) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.self == "" {
		c.self = appBot(slug)
	}
}

// commentOpen is "<!--" with a zero-width space after "<!": it shows the
// same and opens no HTML comment.
const commentOpen = "<!\u200b--"

// defuseMarkers breaks every HTML comment opener in a rendered body so
// that no value (a tool name, a file name) can carry another job's marker.
func defuseMarkers(s string) string {
	return strings.ReplaceAll(s, "<!--", commentOpen)
}
