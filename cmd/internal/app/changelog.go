package app

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/deprecation"
)

// changelogFlags are the flags of `mcpschema changelog`.
type changelogFlags struct {
	format, base, head, baseMode, config, failOn, now *string
}

// newChangelogFlags declares changelog's flags on fs (the help listing uses it too).
func newChangelogFlags(fs *flag.FlagSet) *changelogFlags {
	return &changelogFlags{
		format:   fs.String("format", "markdown", "output `format`: markdown or json"),
		base:     fs.String("base", "", "git revision `ref` the changes are counted from (a tag of the last release, a branch, a commit)"),
		head:     fs.String("head", "", "read the files at git revision `ref` instead of the working tree"),
		baseMode: fs.String("base-mode", service.BaseModeTip, "the `mode` --base compares with: tip (--base itself, the default for release notes) or merge-base (of --base and the head revision)"),
		config:   fs.String("config", "", "config `file` (default .mcpschema.yaml when present): files, exclude, aliases and limits"),
		now:      fs.String("now", "", "judge removals of deprecated items on this `day` (YYYY-MM-DD, or an RFC 3339 time), for reproducible release notes (default today, UTC)"),
		failOn:   fs.String("fail-on", "never", "lowest `kind` of change that exits 1, for release scripts: breaking, may-break (a breaking or possibly breaking change), any (any change) or never"),
	}
}

// runChangelog implements `mcpschema changelog`.
func runChangelog(ctx context.Context, args []string, env Env) int {
	fs := newFlagSet("changelog")
	cf := newChangelogFlags(fs)
	patterns, code, ok := parseCommandFlags("changelog", fs, args, env)
	if !ok {
		return code
	}
	format, base, head, baseMode, config := cf.format, cf.base, cf.head, cf.baseMode, cf.config
	fail := func(err error) int {
		fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
		return ExitUsage
	}
	if *format != "markdown" && *format != "json" {
		return fail(fmt.Errorf("unknown format %q%s", *format, service.UnknownHint(*format, []string{"markdown", "json"}, "%q", "use markdown or json")))
	}
	if *base == "" {
		return fail(fmt.Errorf("changelog needs --base REF, the revision to list the changes since"))
	}
	gate, err := service.ParseChangelogFailOn(*cf.failOn)
	if err != nil {
		return fail(err)
	}
	var now time.Time
	if *cf.now != "" {
		if now, err = deprecation.ParseClock(*cf.now); err != nil {
			fmt.Fprintf(env.Stderr, "mcpschema: --now: %v\n", err)
			return ExitUsage
		}
	}
	cl, err := service.BuildChangelog(ctx, service.ChangelogOptions{Dir: env.WorkDir(), Base: *base, Head: *head, BaseMode: *baseMode, ConfigPath: *config, Patterns: patterns, Now: now, Rules: ruleset.All()})
	if cmdenv.Interrupted(ctx, env.Stderr) {
		return ExitInterrupted
	}
	if err != nil {
		return fail(err)
	}
	if *format == "json" {
		err = writeChangelogJSON(env.Stdout, cl)
	} else {
		_, err = io.WriteString(env.Stdout, changelogMarkdown(cl))
	}
	if err != nil {
		return fail(err)
	}
	reached := gate.Reached(cl)
	if reached > 0 {
		fmt.Fprintf(env.Stderr, "mcpschema changelog: %s since %q reached --fail-on %s\n", annotate.Plural(reached, gate.Noun()), annotate.SafeText(*base), gate)
	}
	if len(cl.NotCompared) > 0 || reached > 0 {
		return ExitFindings
	}
	return ExitOK
}
