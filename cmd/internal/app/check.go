package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/validate/report"
)

type multiFlag []string

func (m *multiFlag) String() string { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error {
	*m = append(*m, splitList(v)...)
	return nil
}

const checkUsage = `usage: mcpschema check [flags] [PATTERN ...]

Checks every tool in the files matched by PATTERN (file paths or doublestar
globs such as 'tools/**/*.json', quoted, relative to the working directory).

flags:
`

// runCheck implements `mcpschema check`.
func runCheck(ctx context.Context, args []string, env Env) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	format := fs.String("format", "text", "output format: text, json, github, sarif or markdown (the job summary, for any CI system)")
	base := fs.String("base", "", "git revision to diff against (branch, tag or commit)")
	head := fs.String("head", "", "read the files at this git revision instead of the working tree")
	baseMode := fs.String("base-mode", baseModeMergeBase, "what --base compares with: merge-base (of --base and the head revision, like git diff BASE...HEAD) or tip (--base itself)")
	config := fs.String("config", "", "config file (default .mcpschema.yaml when present)")
	configFrom := fs.String("config-from", "", "read the config at this git revision (e.g. the pull request's base) and report what the working tree's config would change")
	failOn := fs.String("fail-on", "", "lowest severity that fails: error (default), warning, notice or never; incomplete fails on errors and on changes that cannot be judged")
	output := fs.String("output", "", "write the report to this file instead of standard output")
	showIgnored := fs.Bool("show-ignored", false, "also list the findings the config's ignores silenced (they are always counted)")
	var versions multiFlag
	fs.Var(&versions, "protocol-version", "protocol version for files that declare none (repeatable; default 2025-11-25 and 2026-07-28)")
	fs.Usage = func() {
		fmt.Fprint(env.Stderr, checkUsage)
		fs.PrintDefaults()
	}
	patterns, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitUsage
	}
	if !validFormat(*format) {
		fmt.Fprintf(env.Stderr, "mcpschema: unknown format %q: use %s\n", *format, strings.Join(annotate.Formats, ", "))
		return ExitUsage
	}
	if _, err := parseBaseMode(*baseMode); err != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %v\n", err)
		return ExitUsage
	}
	baseRev, baseline, baseNote := *base, (*report.Baseline)(nil), ""
	if *base != "" {
		if baseRev, baseline, baseNote, err = cliBaseline(ctx, env.dir(), *base, *head, *baseMode); err != nil {
			fmt.Fprintf(env.Stderr, "mcpschema: %v\n", err)
			return ExitUsage
		}
	}
	res, err := Run(ctx, RunOptions{Dir: env.dir(), Patterns: patterns, Base: baseRev, HeadRef: *head,
		ConfigPath: *config, Versions: versions, FailOn: *failOn, ConfigFrom: *configFrom, ShowIgnored: *showIgnored})
	if err != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
		return ExitUsage
	}
	setBaseline(res.Report, baseline, baseNote)
	var w io.Writer = env.Stdout
	if *output != "" {
		// Never through a link a pull request may have committed at the path.
		fh, err := os.OpenFile(configPath(env.dir(), *output), os.O_WRONLY|os.O_CREATE|os.O_TRUNC|oNoFollow, 0o644)
		if err != nil {
			fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
			return ExitUsage
		}
		defer fh.Close()
		w = fh
	}
	if *format == "markdown" {
		err = annotate.RenderMarkdown(w, res.Report, annotate.SummaryOptions{FailOn: res.FailOn, Failed: res.Failed, Links: cliLinks(env, baseline)})
	} else {
		err = annotate.Render(w, *format, res.Report)
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "mcpschema: %s\n", annotate.SafeText(err.Error()))
		return ExitUsage
	}
	if res.Failed {
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

func validFormat(f string) bool {
	for _, x := range annotate.Formats {
		if x == f {
			return true
		}
	}
	return false
}
