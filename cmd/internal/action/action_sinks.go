package action

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// Sink is one place the action publishes a run's report to. Sinks run in
// the order of actionSinks and share the publisher's state: the notes an
// earlier sink records (a refused path, a read-only token) reach every
// summary a later sink writes, and a sink that cannot publish degrades to
// another (fallback) instead of failing the run, so no finding is lost.
type Sink interface {
	// Name is the sink's short name.
	Name() string
	// Doc says in one line what the sink publishes and when.
	Doc() string
	// Publish sends the report; problems become notes on p, never errors.
	Publish(ctx context.Context, p *publisher)
}

// sinkFunc is a Sink made of a name, a doc line and a function.
type sinkFunc struct {
	name, doc string
	run       func(ctx context.Context, p *publisher)
}

func (s sinkFunc) Name() string                              { return s.name }
func (s sinkFunc) Doc() string                               { return s.doc }
func (s sinkFunc) Publish(ctx context.Context, p *publisher) { s.run(ctx, p) }

// actionSinks are the action's sinks in the order they run: files first,
// then the API, then the log, annotations, job summary and outputs, so that
// each summary carries the notes of what went before.
var actionSinks = []Sink{
	sinkFunc{"sarif", "the SARIF file named by the sarif input, inside the workspace",
		func(_ context.Context, p *publisher) { p.writeSARIF() }},
	sinkFunc{"report-file", "the JSON report in a new directory under RUNNER_TEMP (output \"report\")",
		func(_ context.Context, p *publisher) { p.reportPath = p.writeJSON() }},
	sinkFunc{"check-run", "a check run with the findings as annotations (bounded: annotate.CapAnnotations) and the summary (needs checks: write)",
		func(ctx context.Context, p *publisher) { p.checkRun(ctx) }},
	sinkFunc{"comment", "one pull request comment with the summary, updated in place (needs pull-requests: write)",
		func(ctx context.Context, p *publisher) { p.comment(ctx) }},
	sinkFunc{"log", "the text report in a log group, with workflow commands stopped",
		func(_ context.Context, p *publisher) { p.logReport() }},
	sinkFunc{"workflow-commands", "the run notices, and the findings as workflow-command annotations when there is no check run",
		func(_ context.Context, p *publisher) { p.inline() }},
	sinkFunc{"job-summary", "the Markdown summary in $GITHUB_STEP_SUMMARY",
		func(_ context.Context, p *publisher) { p.jobSummary() }},
	sinkFunc{"outputs", "the step outputs (errors, warnings, notices, breaking, complete, report)",
		func(_ context.Context, p *publisher) { p.outputs(p.reportPath) }},
}

// publish runs every sink in order. ctx carries the run's deadline
// (limits.run-timeout): once it has passed, the API sinks fail at once,
// and the run fails closed with the reason while the sinks that need no API
// (workflow annotations, log, job summary, outputs) still carry every
// finding.
func (p *publisher) publish(ctx context.Context) {
	for _, s := range actionSinks {
		s.Publish(ctx, p)
		p.budgetSpent(ctx, s.Name())
	}
}

// budgetSpent, the first time ctx's deadline has passed (not on Ctrl-C),
// fails the run closed: findings go to the workflow annotations and the job
// summary, and a notice says which sink the budget ran out in.
func (p *publisher) budgetSpent(ctx context.Context, sink string) {
	if p.outOfTime || !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return
	}
	p.outOfTime = true
	p.fallback = true
	p.res.FailClosed = true
	p.notice(fmt.Sprintf("the run's time budget of %s ("+limits.RunTimeout.Config()+") ran out while publishing (%s): the run fails, since what GitHub shows may be incomplete; every finding is in the log, the job summary and the JSON report; "+limits.RunTimeout.Raise()+" if the API is slow",
		p.res.Config.Limits.WithDefaults().RunTimeout, sink))
}
