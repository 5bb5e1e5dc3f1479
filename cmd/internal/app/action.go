package app

import (
	"context"
	"fmt"

	"github.com/sethvargo/go-githubactions"

	"github.com/mcpschema/mcpschema/annotate"
)

// runAction runs mcpschema as a GitHub Action: it reads the INPUT_* and
// GITHUB_* variables, runs the pipeline on the pull request's head (diffed
// against its base), and publishes the report: check run (or workflow
// annotations when it cannot be created), sticky comment, SARIF, JSON
// report, job summary and step outputs. Exit status 1 when fail-on is
// reached, 2 on usage, configuration or checkout errors, 0 otherwise.
func runAction(ctx context.Context, args []string, env Env) int {
	token := env.getenv("INPUT_GITHUB-TOKEN")
	stdout := newRedactWriter(env.Stdout, token)
	stderr := newRedactWriter(env.Stderr, token)
	defer flushRedact(stdout)
	defer flushRedact(stderr)
	a := githubactions.New(githubactions.WithWriter(stdout), githubactions.WithGetenv(env.getenv))
	fail := func(err error) int {
		a.Errorf("mcpschema: %v", err)
		fmt.Fprintf(stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
		return ExitUsage
	}
	if len(args) > 0 {
		return fail(fmt.Errorf("action takes no arguments (got %q): configure it with the action's inputs", args))
	}
	in, err := readActionInputs(a)
	if err != nil {
		return fail(err)
	}
	gctx, err := a.Context()
	if gctx == nil {
		return fail(err)
	}
	ev, err := readEvent(gctx.EventPath)
	if err != nil {
		return fail(err)
	}
	dir := gctx.Workspace
	if dir == "" {
		dir = env.dir()
	}
	tgt := eventTarget(gctx.EventName, gctx.SHA, ev)
	base, headRef, err := resolveRevisions(ctx, dir, in, gctx.SHA, tgt)
	if err != nil {
		return fail(err)
	}
	res, err := Run(ctx, RunOptions{Dir: dir, Patterns: in.Patterns, Base: base, HeadRef: headRef,
		ConfigPath: in.Config, Versions: in.Versions, FailOn: in.FailOn})
	if err != nil {
		return fail(err)
	}
	p := &publisher{a: a, out: stdout, env: env, gctx: gctx, in: in, tgt: tgt, dir: dir, res: res, redact: newRedactor(token)}
	p.publish(ctx)
	if res.Failed {
		return ExitFindings
	}
	return ExitOK
}

// resolveRevisions picks the base to diff against and the revision to read
// the head files from, fetching either when a shallow checkout lacks it.
func resolveRevisions(ctx context.Context, dir string, in *actionInputs, sha string, tgt target) (base, headRef string, err error) {
	base = in.Base
	if base == baseAuto {
		base = tgt.Base
	}
	if base != "" {
		if base, err = ensureRevision(ctx, dir, "base", base); err != nil {
			return "", "", err
		}
	}
	// On pull requests GITHUB_SHA is the merge commit: read the files at the
	// head commit so that positions match the pull request's files, unless
	// the workspace already has the head checked out.
	if tgt.HeadSHA != "" && tgt.HeadSHA != sha && checkedOut(ctx, dir) != tgt.HeadSHA {
		if headRef, err = ensureRevision(ctx, dir, "head", tgt.HeadSHA); err != nil {
			return "", "", err
		}
	}
	return base, headRef, nil
}
