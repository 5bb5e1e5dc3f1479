package service

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/internal/deprecation"
	"github.com/mcpschema/mcpschema/internal/report"
)

// checkCmd is one `mcpschema check` run, as the command puts it together
// from the service: --base resolved by CLIBaseline (merge base by default),
// the config's note in the baseline, the report rendered in Format.
type checkCmd struct {
	RunOptions
	// BaseMode is --base-mode ("": merge-base).
	BaseMode string
	// Format is --format ("": text).
	Format string
}

// run returns the exit code check would return (2 for a usage error), the
// rendered report, the report and the error's text.
func (c checkCmd) run(t *testing.T) (int, string, report.Report, string) {
	t.Helper()
	ctx := context.Background()
	o := c.RunOptions
	if o.Rules == nil {
		o.Rules = testRules
	}
	var baseline *report.Baseline
	baseNote := ""
	if o.Base != "" {
		rev, bl, note, err := CLIBaseline(ctx, o.Dir, o.Base, o.HeadRef, c.BaseMode)
		if err != nil {
			return exitUsage, "", report.Report{}, err.Error()
		}
		o.Base, baseline, baseNote = rev, bl, note
		if bl != nil && bl.MergeBaseFound {
			o.ConfigSince = rev
		}
	}
	res, err := Run(ctx, o)
	if err != nil {
		return exitUsage, "", report.Report{}, err.Error()
	}
	SetBaseline(res.Report, baseline, baseNote, CLIConfigNote(ctx, o.Dir, o.ConfigFrom, baseline, res.ConfigFound()))
	var b bytes.Buffer
	switch c.Format {
	case "markdown":
		err = annotate.RenderMarkdown(&b, res.Report, annotate.SummaryOptions{Gate: res.Gate, Failed: res.Failed(), Accept: AcceptHow("", res.Config)})
	case "":
		err = annotate.Render(&b, "text", res.Report, testRules)
	default:
		err = annotate.Render(&b, c.Format, res.Report, testRules)
	}
	if err != nil {
		t.Fatalf("render %q: %v", c.Format, err)
	}
	if res.Failed() {
		return exitFindings, b.String(), *res.Report, ""
	}
	return exitOK, b.String(), *res.Report, ""
}

// failOn is --fail-on v.
func failOn(t *testing.T, v string) report.GateOverride {
	t.Helper()
	fo, err := report.ParseFailOn(v)
	if err != nil {
		t.Fatal(err)
	}
	return report.GateOverride{FailOn: &fo}
}

// checkArgs reads check's flags and patterns from args into a checkCmd on
// dir: the test's way to say a run as a user types it.
func checkArgs(t *testing.T, dir string, args ...string) checkCmd {
	t.Helper()
	c := checkCmd{RunOptions: RunOptions{Dir: dir}}
	var split []string
	for _, a := range args {
		// --flag=value is --flag value, as the flag package reads it.
		if name, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(name, "--") {
			split = append(split, name, v)
			continue
		}
		split = append(split, a)
	}
	args = split
	value := func(i *int) string {
		*i++
		if *i >= len(args) {
			t.Fatalf("flag %s needs a value", args[*i-1])
		}
		return args[*i]
	}
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "--base":
			c.Base = value(&i)
		case "--head":
			c.HeadRef = value(&i)
		case "--base-mode":
			c.BaseMode = value(&i)
		case "--config":
			c.ConfigPath = value(&i)
		case "--config-from":
			c.ConfigFrom = value(&i)
		case "--fail-on":
			c.Gate.FailOn = failOn(t, value(&i)).FailOn
		case "--strict-outputs":
			c.Gate.StrictOutputs = true
		case "--format":
			c.Format = value(&i)
		case "--now":
			now, err := deprecation.ParseClock(value(&i))
			if err != nil {
				t.Fatalf("--now: %v (a usage error: test it in cmd/internal/app)", err)
			}
			c.Now = now
		case "--show-ignored":
			c.ShowIgnored = true
		case "--protocol-version":
			c.Versions, c.VersionsFrom = append(c.Versions, value(&i)), "--protocol-version"
		case "--client":
			c.Clients = append(c.Clients, value(&i))
		default:
			if len(a) > 1 && a[0] == '-' {
				t.Fatalf("checkArgs: flag %q is the command's (test it in cmd/internal/app)", a)
			}
			c.Patterns = append(c.Patterns, a)
		}
	}
	return c
}

// runCheck is checkArgs(…).run: the exit code, the rendered report and the
// error's text.
func runCheck(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	code, out, _, errText := checkArgs(t, dir, args...).run(t)
	return code, out, errText
}

// changelogOf is `changelog --base base patterns…` on repo: the value the
// command renders.
func changelogOf(t *testing.T, repo, base string, patterns ...string) *Changelog {
	t.Helper()
	cl, err := BuildChangelog(context.Background(), ChangelogOptions{Dir: repo, Base: base, Patterns: patterns, Rules: testRules})
	if err != nil {
		t.Fatalf("changelog --base %s %q: %v", base, patterns, err)
	}
	return cl
}

// changelogHas reports whether a change of cl's tools has a rule or a
// message containing s.
func changelogHas(cl *Changelog, s string) bool {
	for _, tool := range cl.Tools {
		for _, c := range tool.Changes {
			if strings.Contains(c.Rule, s) || strings.Contains(c.Message, s) {
				return true
			}
		}
	}
	return false
}
