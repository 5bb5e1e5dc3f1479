package action

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/mcpschema/mcpschema/annotate/ghsink"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/load"
)

// pullsAPI reads pull requests (nil: no usable token).
type pullsAPI interface {
	PullRequestsWithCommit(ctx context.Context, owner, repo, sha string) ([]ghsink.PullRequestInfo, error)
	PullRequest(ctx context.Context, owner, repo string, number int) (ghsink.PullRequestInfo, error)
}

// reQueueRef is a merge queue's head ref: the base branch, the queued pull
// request and its head commit.
var reQueueRef = regexp.MustCompile(`^refs/heads/gh-readonly-queue/(.+)/pr-(\d+)-([0-9a-f]{40}|[0-9a-f]{64})$`)

// skipLabel applies the skip label on every event: on a pull request from
// the payload's labels; on a push, when the pushed commit is the merge of a
// pull request into the pushed branch that carries the label; in a merge
// group, when the group holds the queued pull request its head ref names
// and that one carries it. Push and merge group ask the API (only when
// there is a breaking change to allow); without a token, when the API
// fails, or when the push or group holds more than that pull request, a
// note says so and the label is not applied (fail closed).
func skipLabel(ctx context.Context, res *service.Result, in *actionInputs, gctx *githubactions.GitHubContext, ev *actionEvent, tgt target, dir string, log io.Writer) {
	label := in.SkipLabel
	if label == "" && res.Config != nil {
		label = res.Config.SkipLabel // the trusted config's
	}
	if label == "" {
		return
	}
	if isPullRequest(gctx.EventName) {
		applySkipLabel(res, label, ev, tgt.PR)
		return
	}
	if gctx.EventName != "push" && gctx.EventName != "merge_group" || !hasBreaking(res) {
		return
	}
	notApplied := func(format string, args ...any) {
		res.Report.Notes = append(res.Report.Notes, fmt.Sprintf("the skip label %q is not applied: ", label)+fmt.Sprintf(format, args...))
	}
	api, owner, repo := actionPullsAPI(in, gctx, log)
	if gctx.EventName == "push" {
		skipLabelPush(ctx, res, label, ev, tgt, dir, api, owner, repo, notApplied)
		return
	}
	skipLabelMergeGroup(ctx, res, label, ev, tgt, dir, api, owner, repo, notApplied)
}

func skipLabelPush(ctx context.Context, res *service.Result, label string, ev *actionEvent, tgt target, dir string, api pullsAPI, owner, repo string, notApplied func(string, ...any)) {
	head := tgt.HeadSHA
	branch, ok := strings.CutPrefix(ev.Ref, "refs/heads/")
	if !ok {
		notApplied("the push is not to a branch (ref %q)", ev.Ref)
		return
	}
	if api == nil {
		notApplied("without a token (the \"github-token\" input) the pull request the pushed commit %s came from cannot be looked up", service.ShortSHA(head))
		return
	}
	prs, err := api.PullRequestsWithCommit(ctx, owner, repo, head)
	if err != nil {
		notApplied("the pull requests of the pushed commit %s could not be listed (%v)", service.ShortSHA(head), err)
		return
	}
	for _, p := range prs {
		if !p.Merged || p.BaseRef != branch || p.MergeCommitSHA != head || !p.HasLabel(label) {
			continue
		}
		if parent, err := firstParent(ctx, dir, head); err != nil || parent != tgt.Base {
			notApplied("the push holds more than the merge of pull request #%d: the first parent of %s is not the commit before the push %s", p.Number, service.ShortSHA(head), service.ShortSHA(tgt.Base))
			return
		}
		grantSkipLabel(res, label, fmt.Sprintf("the pushed commit %s is the merge of pull request #%d into %q, which has the label %q", service.ShortSHA(head), p.Number, branch, label),
			fmt.Sprintf("pull request #%d", p.Number))
		return
	}
}

func skipLabelMergeGroup(ctx context.Context, res *service.Result, label string, ev *actionEvent, tgt target, dir string, api pullsAPI, owner, repo string, notApplied func(string, ...any)) {
	mg := ev.MergeGroup
	if mg == nil {
		return
	}
	m := reQueueRef.FindStringSubmatch(mg.HeadRef)
	if m == nil {
		notApplied("the merge group's head ref %q names no queued pull request", mg.HeadRef)
		return
	}
	branch, prHead := m[1], m[3]
	number, err := strconv.Atoi(m[2])
	if err != nil {
		notApplied("the merge group's head ref %q names no queued pull request", mg.HeadRef)
		return
	}
	if api == nil {
		notApplied("without a token (the \"github-token\" input) the queued pull request #%d cannot be looked up", number)
		return
	}
	p, err := api.PullRequest(ctx, owner, repo, number)
	if err != nil {
		notApplied("the queued pull request #%d could not be read (%v)", number, err)
		return
	}
	if p.BaseRef != branch || "refs/heads/"+branch != mg.BaseRef || p.HeadSHA != prHead || !p.HasLabel(label) {
		return
	}
	if parent, err := firstParent(ctx, dir, tgt.HeadSHA); err != nil || parent != mg.BaseSHA {
		notApplied("the merge group's head %s does not sit directly on its base %s, so it may hold other pull requests than #%d", service.ShortSHA(tgt.HeadSHA), service.ShortSHA(mg.BaseSHA), number)
		return
	}
	grantSkipLabel(res, label, fmt.Sprintf("the merge group holds pull request #%d into %q, which has the label %q", number, branch, label),
		fmt.Sprintf("pull request #%d", number))
}

// firstParent reads the first parent of a commit from its object, which a
// shallow checkout keeps although it hides the parent from history walks.
// sha comes from the event payload: anything but a commit id (an option
// such as "--batch") is refused before it reaches git.
func firstParent(ctx context.Context, dir, sha string) (string, error) {
	if !load.LooksLikeSHA(sha) {
		return "", fmt.Errorf("%q is not a commit id", sha)
	}
	obj, err := load.GitOut(ctx, dir, "cat-file", "commit", sha)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(obj, "\n") {
		if line == "" {
			break
		}
		if p, ok := strings.CutPrefix(line, "parent "); ok {
			return p, nil
		}
	}
	return "", fmt.Errorf("commit %s has no parent", service.ShortSHA(sha))
}

func hasBreaking(res *service.Result) bool {
	for _, f := range res.Report.Findings {
		if f.IsBreaking() {
			return true
		}
	}
	return false
}

// actionPullsAPI is the pull request API for the run's repository, or nil
// without a token or a repository.
func actionPullsAPI(in *actionInputs, gctx *githubactions.GitHubContext, log io.Writer) (pullsAPI, string, string) {
	c, owner, repo := actionClient(in, gctx, log)
	if c == nil {
		return nil, owner, repo // not a typed nil in the interface
	}
	return c, owner, repo
}
