package action

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sethvargo/go-githubactions"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/annotate/ghsink"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
)

// fatalRun is what is known of a run when it has to stop.
type fatalRun struct {
	a      *githubactions.Action
	out    io.Writer
	stderr io.Writer
	env    cmdenv.Env
	gctx   *githubactions.GitHubContext
	in     *actionInputs
	// headSHA is the commit a failed check run goes on ("": GITHUB_SHA).
	headSHA string
}

// fail reports a run that could not do what it was asked: the workflow
// error command and standard error always, then, as far as the environment
// allows, the job summary and a completed check run with conclusion
// failure and the reason, so that no required check is left green or
// pending. It returns the usage exit status (2).
func (f *fatalRun) fail(ctx context.Context, err error) int {
	reason := err.Error()
	token := f.a.GetInput("github-token")
	if token != "" {
		reason = strings.ReplaceAll(reason, token, "***")
	}
	f.a.Errorf("mcpschema: %s", reason)
	fmt.Fprintf(f.stderr, "mcpschema: %s\n", annotate.SafeText(reason))
	name := f.a.GetInput("check-name")
	if f.in != nil {
		name = f.in.CheckName
	}
	if name == "" {
		name = "mcpschema"
	}
	summary := fmt.Sprintf("## ❌ %s could not run\n\n%s\nThe step failed: nothing was passed. Fix the cause and run the workflow again.\n", mdPlain(name), fenced(reason))
	if werr := ghsink.WriteStepSummary(f.a, summary); werr != nil {
		fmt.Fprintf(f.out, "%v: the job summary is skipped\n", werr)
	}
	f.failedCheckRun(ctx, token, name, summary)
	return cmdenv.ExitUsage
}

func (f *fatalRun) failedCheckRun(ctx context.Context, token, name, summary string) {
	if token == "" {
		return
	}
	f.locate()
	api := f.env.Lookup("GITHUB_API_URL")
	owner, repo := "", ""
	if r := f.env.Lookup("GITHUB_REPOSITORY"); r != "" {
		owner, repo, _ = strings.Cut(r, "/")
	}
	server, runID := f.env.Lookup("GITHUB_SERVER_URL"), f.env.Lookup("GITHUB_RUN_ID")
	if f.gctx != nil {
		api = f.gctx.APIURL
		owner, repo = f.gctx.Repo()
		server = f.gctx.ServerURL
		if f.gctx.RunID > 0 {
			runID = strconv.FormatInt(f.gctx.RunID, 10)
		}
	}
	details := ""
	if server != "" && owner != "" && repo != "" && runID != "" {
		details = fmt.Sprintf("%s/%s/%s/actions/runs/%s", strings.TrimRight(server, "/"), owner, repo, runID)
	}
	head := f.headSHA
	if head == "" {
		head = f.env.Lookup("GITHUB_SHA")
	}
	if owner == "" || repo == "" || head == "" {
		return
	}
	c, err := ghsink.New(ghsink.Options{APIURL: api, Token: token, Log: f.out, Sleep: RetrySleep})
	if err != nil {
		fmt.Fprintf(f.out, "%v: no check run is posted\n", err)
		return
	}
	err = c.PublishFailedRun(ctx, ghsink.FailedRun{Owner: owner, Repo: repo, HeadSHA: head, Name: name, DetailsURL: details,
		Title: name + " could not run", Summary: summary})
	if err != nil {
		fmt.Fprintf(f.out, "the failed check run could not be created (%s)\n", ghsink.Describe(err))
		return
	}
	fmt.Fprintf(f.out, "check run %q on %s: conclusion failure (the run could not complete)\n", name, head)
}

// locate learns, as far as it can, what a run that stopped early (bad
// arguments or inputs) did not read yet: the GitHub context and the
// event's head commit, so that the failed check run goes on the pull
// request's head like the normal run, not on the merge commit
// (GITHUB_SHA), where the required check would stay "Expected".
func (f *fatalRun) locate() {
	if f.gctx == nil {
		if g, _ := f.a.Context(); g != nil {
			f.gctx = g
		}
	}
	if f.headSHA != "" || f.gctx == nil {
		return
	}
	if ev, err := readEvent(f.gctx.EventPath); err == nil {
		f.headSHA = eventTarget(f.gctx.EventName, f.gctx.SHA, ev).HeadSHA
	}
}

// fenced puts s in a Markdown code block whose fence no backtick run in s
// can close.
func fenced(s string) string {
	fence := "```"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	return fence + "text\n" + s + "\n" + fence + "\n"
}

// mdPlain keeps a check name from being read as Markdown or HTML.
func mdPlain(s string) string {
	r := strings.NewReplacer("\\", "\\\\", "`", "\\`", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]", "<", "&lt;", ">", "&gt;", "#", "\\#", "|", "\\|", "\n", " ", "\r", " ")
	return r.Replace(s)
}
