package app

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/deprecation"
	"github.com/mcpschema/mcpschema/internal/report"
)

type multiFlag []string

func (m *multiFlag) String() string { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error {
	*m = append(*m, service.SplitList(v)...)
	return nil
}

// checkFlags are the flags of `mcpschema check`.
type checkFlags struct {
	format, base, head, baseMode, config, configFrom, failOn, output, now *string
	showIgnored, strictOutputs                                            *bool
	versions, clients                                                     multiFlag
}

// newCheckFlags declares check's flags on fs.
func newCheckFlags(fs *flag.FlagSet) *checkFlags {
	c := &checkFlags{}
	c.format = fs.String("format", "text", "output `format`: "+strings.Join(annotate.Formats, ", "))
	c.base = fs.String("base", "", "git revision `ref` (branch, tag or commit) to diff every tool against")
	c.head = fs.String("head", "", "read the files at git revision `ref` instead of the working tree")
	c.baseMode = fs.String("base-mode", service.BaseModeMergeBase, "the `mode` --base compares with: merge-base (of --base and the head revision, like git diff BASE...HEAD) or tip (--base itself)")
	c.config = fs.String("config", "", "config `file` (default .mcpschema.yaml when present)")
	c.configFrom = fs.String("config-from", "", "apply the config at git revision `ref` (e.g. the pull request's base) and report what the working tree's config would change")
	c.failOn = fs.String("fail-on", "", "lowest `severity` that fails the run: error (default), warning, notice or never; incomplete fails on errors and on changes that cannot be judged")
	c.output = fs.String("output", "", "write the report to `file` instead of standard output")
	c.strictOutputs = fs.Bool("strict-outputs", false, "an output change that only adds (a closed output object gains a member, an output enum a value) is an error, not a warning (as strict-outputs: true in the config)")
	c.now = fs.String("now", "", "judge deprecations and ignore expiry on this `day` (YYYY-MM-DD, or an RFC 3339 time), for reproducible results (default today, UTC)")
	c.showIgnored = fs.Bool("show-ignored", false, "also list the findings the config's ignores silenced (they are always counted)")
	fs.Var(&c.versions, "protocol-version", "protocol `version` for files that declare none (repeatable; default 2025-11-25 and 2026-07-28)")
	fs.Var(&c.clients, "client", "client `profile` that counts: its incompatibilities are errors (repeatable; "+strings.Join(service.ClientIDs(), ", ")+"; replaces clients: in the config; see mcpschema rules --clients)")
	return c
}

// gate reads --fail-on (once: a value that is not one is a usage error)
// and --strict-outputs, what the command line sets of the gate.
func (c *checkFlags) gate() (report.GateOverride, *report.FailOnError) {
	o := report.GateOverride{StrictOutputs: *c.strictOutputs}
	if *c.failOn == "" {
		return o, nil
	}
	fo, err := report.ParseFailOn(*c.failOn)
	if err != nil {
		return o, err.(*report.FailOnError)
	}
	o.FailOn = &fo
	return o, nil
}

// runCheck implements `mcpschema check`.
func runCheck(ctx context.Context, args []string, env Env) int {
	fs := newFlagSet("check")
	cf := newCheckFlags(fs)
	patterns, code, ok := parseCommandFlags("check", fs, args, env)
	if !ok {
		return code
	}
	gate, bad := cf.gate()
	if bad != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %s\n", bad.Named("--fail-on"))
		return ExitUsage
	}
	var now time.Time
	if *cf.now != "" {
		var err error
		if now, err = deprecation.ParseClock(*cf.now); err != nil {
			fmt.Fprintf(env.Stderr, "mcpschema: --now: %v\n", err)
			return ExitUsage
		}
	}
	if _, ok := annotate.LookupFormat(*cf.format); !ok {
		fmt.Fprintf(env.Stderr, "mcpschema: unknown format %q%s\n", *cf.format, service.UnknownHint(*cf.format, annotate.Formats, "%q", "use "+annotate.FormatChoices()))
		return ExitUsage
	}
	if _, err := service.ParseBaseMode(*cf.baseMode); err != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %v\n", err)
		return ExitUsage
	}
	baseRev, baseline, baseNote := *cf.base, (*report.Baseline)(nil), ""
	if *cf.base != "" {
		var err error
		if baseRev, baseline, baseNote, err = service.CLIBaseline(ctx, env.WorkDir(), *cf.base, *cf.head, *cf.baseMode); err != nil {
			if cmdenv.Interrupted(ctx, env.Stderr) {
				return ExitInterrupted
			}
			fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
			return ExitUsage
		}
	}
	configSince := ""
	if baseline != nil && baseline.MergeBaseFound {
		configSince = baseRev // a config the change left as at its branch point is not its change
	}
	res, err := service.Run(ctx, service.RunOptions{Dir: env.WorkDir(), Patterns: patterns, Base: baseRev, HeadRef: *cf.head,
		ConfigPath: *cf.config, Versions: cf.versions, VersionsFrom: "--protocol-version", Gate: gate,
		ConfigFrom: *cf.configFrom, ConfigSince: configSince, ShowIgnored: *cf.showIgnored, Clients: cf.clients, Now: now, Rules: ruleset.All()})
	if cmdenv.Interrupted(ctx, env.Stderr) {
		return ExitInterrupted
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
		return ExitUsage
	}
	service.SetBaseline(res.Report, baseline, baseNote, service.CLIConfigNote(ctx, env.WorkDir(), *cf.configFrom, baseline, res.ConfigFound()))
	var w io.Writer = env.Stdout
	if *cf.output != "" {
		// Never through a link a pull request may have committed at the path.
		fh, err := os.OpenFile(service.ResolveConfigPath(env.WorkDir(), *cf.output), os.O_WRONLY|os.O_CREATE|os.O_TRUNC|cmdenv.NoFollow, 0o644)
		if err != nil {
			fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
			return ExitUsage
		}
		defer fh.Close()
		w = fh
	}
	if *cf.format == "markdown" {
		err = annotate.RenderMarkdown(w, res.Report, annotate.SummaryOptions{Gate: res.Gate, Failed: res.Failed(), Links: cliLinks(env, baseline),
			Accept: service.AcceptHow("", res.Config)})
	} else if *cf.format == "sarif" {
		// line hashes from the files as upload-sarif will read them
		err = annotate.RenderSARIF(w, res.Report, ruleset.All(), env.WorkDir())
	} else {
		err = annotate.Render(w, *cf.format, res.Report, ruleset.All())
	}
	if cmdenv.Interrupted(ctx, env.Stderr) {
		return ExitInterrupted
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
		return ExitUsage
	}
	if res.Failed() {
		return ExitFindings
	}
	return ExitOK
}

// parseInterleaved parses flags that may come before, between or after the patterns.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		if args[0] == "--" {
			return append(rest, args[1:]...), nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}
