package action

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/mcpschema/mcpschema/annotate/ghsink"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/limits"
)

// Main runs mcpschema as a GitHub Action: it reads the INPUT_* and
// GITHUB_* variables, runs the pipeline on the pull request's head (diffed
// against its base), and publishes the report: check run (or workflow
// annotations when it cannot be created), sticky comment, SARIF, JSON
// report, job summary and step outputs. Exit status 1 when fail-on is
// reached, 2 on usage, configuration or checkout errors, 0 otherwise.
func Main(ctx context.Context, args []string, env cmdenv.Env) int {
	started := time.Now() // limits.run-timeout counts from here
	token := env.Lookup("INPUT_GITHUB-TOKEN")
	stdout := newRedactWriter(env.Stdout, token)
	stderr := newRedactWriter(env.Stderr, token)
	defer flushRedact(stdout)
	defer flushRedact(stderr)
	a := githubactions.New(githubactions.WithWriter(stdout), githubactions.WithGetenv(env.Lookup))
	fr := &fatalRun{a: a, out: stdout, stderr: stderr, env: env}
	fail := func(err error) int {
		if cmdenv.Interrupted(ctx, stderr) {
			return cmdenv.ExitInterrupted
		}
		// the failed check run is bounded too, whatever the API does
		fctx, cancel := context.WithTimeout(ctx, fatalPublishTimeout)
		defer cancel()
		return fr.fail(fctx, err)
	}
	if len(args) > 0 {
		return fail(fmt.Errorf("action takes no arguments (got %q): configure it with the action's inputs", args))
	}
	in, err := readActionInputs(a)
	if err != nil {
		return fail(err)
	}
	fr.in = in
	gctx, err := a.Context()
	if gctx == nil {
		return fail(err)
	}
	fr.gctx = gctx
	ev, err := readEvent(gctx.EventPath)
	if err != nil {
		return fail(err)
	}
	tgt := eventTarget(gctx.EventName, gctx.SHA, ev)
	tgt.Fork = ev.fromFork(gctx.EventName, gctx.Repository)
	fr.headSHA = tgt.HeadSHA
	if err := checkEvent(gctx.EventName, gctx.EventPath, ev, in.Base); err != nil {
		return fail(err)
	}
	dir := gctx.Workspace
	if dir == "" {
		dir = env.WorkDir()
	}
	// Before the config is read its run-timeout is not known: the default
	// bounds resolving the revisions (git and the compare API).
	pre, cancelPre := context.WithDeadline(ctx, started.Add(service.DefaultRunTimeout))
	defer cancelPre()
	rv, err := resolveRevisions(pre, dir, in, gctx.SHA, gctx.EventName, tgt, actionCompareAPI(in, gctx, stdout))
	if err == nil && pre.Err() != nil {
		err = pre.Err()
	}
	if err != nil {
		return fail(budgetErr(pre, ctx, err, "resolving the revisions"))
	}
	cs, err := configRevision(pre, dir, gctx.EventName, rv.Base, tgt)
	if err != nil {
		return fail(budgetErr(pre, ctx, err, "resolving the revisions"))
	}
	now, clockNote := headClock(pre, dir, tgt, ev)
	if clockNote != "" {
		rv.Notes = append(rv.Notes, clockNote)
	}
	res, err := service.Run(ctx, service.RunOptions{Dir: dir, Patterns: in.Patterns, Base: rv.Base, HeadRef: rv.HeadRef,
		ConfigPath: in.Config, Versions: in.Versions, Gate: in.Gate, ConfigFrom: cs.From, ConfigSince: cs.Since, Started: started,
		Clients: in.Clients, Now: now, Rules: ruleset.All()})
	if err != nil {
		return fail(actionNoFiles(err, in))
	}
	if cmdenv.Interrupted(ctx, stderr) {
		return cmdenv.ExitInterrupted
	}
	if rv.Baseline != nil {
		rv.Baseline.Config = cs.From
	}
	service.SetBaseline(res.Report, rv.Baseline, append(rv.Notes, configNote(cs, rv.Base, res.ConfigFound()))...)
	// The API phase (the skip label's lookups, publishing) is within what is
	// left of the run's budget; past it the API calls give up and the run
	// fails closed (publisher.budgetSpent).
	pctx, cancel := context.WithDeadline(ctx, res.Deadline)
	defer cancel()
	skipLabel(pctx, res, in, gctx, ev, tgt, dir, stdout)
	red := newRedactor(token)
	for i, n := range res.Report.Notes {
		// an API error on the way (the compare or pulls endpoints) may echo the token;
		// the notes reach the report files and the check run.
		res.Report.Notes[i] = red.String(n)
	}
	p := &publisher{a: a, out: stdout, env: env, gctx: gctx, in: in, tgt: tgt, dir: dir, res: res, redact: red}
	p.publish(pctx)
	if cmdenv.Interrupted(ctx, stderr) {
		return cmdenv.ExitInterrupted
	}
	if res.Failed() {
		return cmdenv.ExitFindings
	}
	return cmdenv.ExitOK
}

// fatalPublishTimeout bounds publishing the failed check run of a run that
// stops on an error.
const fatalPublishTimeout = 30 * time.Second

// actionNoFiles words a run without patterns for the action: its "files"
// input and the config's files key, not the command line's patterns.
func actionNoFiles(err error, in *actionInputs) error {
	var nf service.NoFilesError
	if !errors.As(err, &nf) {
		return err
	}
	config := in.Config
	if config == "" {
		config = service.DefaultConfigName
	}
	return &service.UsageError{Err: fmt.Errorf("no files to check: set the action's \"files\" input (for example files: 'tools/**/*.json'), or the \"files\" key of the config file (%s)", config)}
}

// actionCompareAPI is the compare endpoint for the run's repository, or nil
// without a token or a repository.
func actionCompareAPI(in *actionInputs, gctx *githubactions.GitHubContext, log io.Writer) compareAPI {
	c, owner, repo := actionClient(in, gctx, log)
	if c == nil {
		return nil
	}
	return func(ctx context.Context, base, head string) (string, error) {
		return c.MergeBase(ctx, owner, repo, base, head)
	}
}

// actionClient is the API client for the run's repository, or nil without a
// token or a repository.
func actionClient(in *actionInputs, gctx *githubactions.GitHubContext, log io.Writer) (*ghsink.Client, string, string) {
	owner, repo := gctx.Repo()
	if in.Token == "" || owner == "" || repo == "" {
		return nil, owner, repo
	}
	c, err := ghsink.New(ghsink.Options{APIURL: gctx.APIURL, Token: in.Token, Log: log, Sleep: RetrySleep})
	if err != nil {
		return nil, owner, repo
	}
	return c, owner, repo
}

// budgetErr words err as the run's time budget running out during what
// when budget's deadline passed (and the run was not interrupted).
func budgetErr(budget, ctx context.Context, err error, what string) error {
	if ctx.Err() == nil && errors.Is(budget.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("the run's time budget of %s (%s, before the config is read) ran out while %s: %w", service.DefaultRunTimeout, limits.RunTimeout.Config(), what, err)
	}
	return err
}
