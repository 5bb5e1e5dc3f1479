package app

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"

	"github.com/mcpschema/mcpschema/internal/load"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/pipeline"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
)

// changelogFlags are the flags of `mcpschema changelog`.
type changelogFlags struct {
	format, base, head, baseMode, config, failOn *string
}

// newChangelogFlags declares changelog's flags on fs (the help listing uses it too).
func newChangelogFlags(fs *flag.FlagSet) *changelogFlags {
	return &changelogFlags{
		format:   fs.String("format", "markdown", "output `format`: markdown or json"),
		base:     fs.String("base", "", "git revision `ref` the changes are counted from (a tag of the last release, a branch, a commit)"),
		head:     fs.String("head", "", "read the files at git revision `ref` instead of the working tree"),
		baseMode: fs.String("base-mode", baseModeTip, "the `mode` --base compares with: tip (--base itself, the default for release notes) or merge-base (of --base and the head revision)"),
		config:   fs.String("config", "", "config `file` (default .mcpschema.yaml when present): files, exclude, aliases and limits"),
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
		return fail(fmt.Errorf("unknown format %q%s", *format, unknownHint(*format, []string{"markdown", "json"}, "%q", "use markdown or json")))
	}
	if *base == "" {
		return fail(fmt.Errorf("changelog needs --base REF, the revision to list the changes since"))
	}
	failRank, known := changelogFailOn[*cf.failOn]
	if !known {
		return fail(fmt.Errorf("unknown --fail-on %q%s", *cf.failOn, unknownHint(*cf.failOn, changelogFailOnValues, "%q", "use breaking, may-break, any or never")))
	}
	cl, err := buildChangelog(ctx, env.WorkDir(), changelogOptions{Base: *base, Head: *head, Mode: *baseMode, Config: *config, Patterns: patterns})
	if interrupted(ctx, env.Stderr) {
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
	reached := changesReaching(cl, failRank)
	if reached > 0 {
		fmt.Fprintf(env.Stderr, "mcpschema changelog: %s since %q reached --fail-on %s\n", annotate.Plural(reached, changeNoun[*cf.failOn]), annotate.SafeText(*base), *cf.failOn)
	}
	if len(cl.NotCompared) > 0 || reached > 0 {
		return ExitFindings
	}
	return ExitOK
}

// changelogFailOn ranks the --fail-on values of changelog: a change fails
// the run when its kind's rank (kindOrder) is at most the value's; never
// is below every kind.
var changelogFailOn = map[string]int{"never": -1, "breaking": kindOrder["breaking"], "may-break": kindOrder["may-break"], "any": len(kindOrder)}

// changelogFailOnValues are the --fail-on values, for the help and "did you mean".
var changelogFailOnValues = []string{"breaking", "may-break", "any", "never"}

// changeNoun names what --fail-on counts.
var changeNoun = map[string]string{"breaking": "breaking change", "may-break": "breaking or possibly breaking change", "any": "change"}

// changesReaching counts the changes of cl whose kind ranks at most rank.
func changesReaching(cl *Changelog, rank int) int {
	n := 0
	for _, t := range cl.Tools {
		for _, c := range t.Changes {
			if r, ok := kindOrder[c.Kind]; ok && r <= rank {
				n++
			}
		}
	}
	return n
}

type changelogOptions struct {
	Base, Head, Mode, Config string
	Patterns                 []string
}

// Changelog is every change to the tools between two revisions, by tool.
type Changelog struct {
	// Base is the revision asked for; Commit the commit compared with.
	Base   string `json:"base"`
	Commit string `json:"commit,omitempty"`
	// Head is the head revision ("" for the working tree).
	Head  string          `json:"head,omitempty"`
	Tools []ChangelogTool `json:"tools"`
	// NotCompared lists the head files that could not be read or parsed:
	// the list may miss changes to their tools (exit status 1).
	NotCompared []NotCompared `json:"notCompared,omitempty"`
	// Bump is the version bump the changes call for, whatever the
	// version-policy (nil when nothing changed).
	Bump *Bump `json:"bump,omitempty"`
}

// Bump is a proposed semantic version bump: major for a breaking change,
// minor for an addition, else patch; From and To when a document declares
// its version (MCP Description info.version).
type Bump struct {
	Kind string `json:"kind"`
	File string `json:"file,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// ChangelogTool is one tool's changes.
type ChangelogTool struct {
	Name string `json:"name"`
	// Status is added, removed, renamed or changed.
	Status string `json:"status"`
	// Document marks an entry that is not a tool: the rest of an MCP
	// Description document (prompts, resources, ...) or a file, named by
	// its path.
	Document bool     `json:"document,omitempty"`
	Changes  []Change `json:"changes"`
}

// Change is one change to a tool.
type Change struct {
	// Kind is breaking (an error of a compat.* rule), may-break (a
	// warning), added (an argument or result field) or changed (a notice).
	Kind    string `json:"kind"`
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
}

func buildChangelog(ctx context.Context, dir string, o changelogOptions) (*Changelog, error) {
	cfg, err := loadRunConfig(RunOptions{Dir: dir, ConfigPath: o.Config, Rules: ruleset.All()})
	if err != nil {
		return nil, err
	}
	patterns, _, err := runPatterns(RunOptions{Patterns: o.Patterns}, cfg)
	if err != nil {
		return nil, err
	}
	// Command-line patterns are the user's own, as for check; the config's
	// files were confined to the workspace by runPatterns.
	m, err := load.NewMatcher(patterns)
	if err != nil {
		return nil, err
	}
	baseRev, baseline, _, err := cliBaseline(ctx, dir, o.Base, o.Head, o.Mode)
	if err != nil {
		return nil, err
	}
	in := pipeline.Input{Dir: dir, Matcher: m, Patterns: patterns, HeadRef: o.Head, Base: baseRev, Aliases: cfg.Aliases, StrictOutputs: cfg.StrictOutputs,
		Options: validate.Options{Limits: cfg.Limits.WithDefaults()}}
	base, head, findings, err := pipeline.Compare(ctx, in)
	if err != nil {
		return nil, err
	}
	cl := &Changelog{Base: o.Base, Head: o.Head}
	if baseline != nil {
		cl.Commit = baseline.Commit
	}
	cl.Tools = groupChanges(findings, addedMembers(base, head, renamedFrom(findings, base)))
	cl.NotCompared = notCompared(head)
	cl.Bump = proposeBump(cl.Tools, base, head)
	return cl, nil
}

// groupChanges puts the findings and the added members under their tools,
// sorted by tool name; within a tool breaking changes come first.
func groupChanges(findings []report.Finding, added map[string][]Change) []ChangelogTool {
	byTool := map[string]*ChangelogTool{}
	get := func(name string) *ChangelogTool {
		t := byTool[name]
		if t == nil {
			t = &ChangelogTool{Name: name, Status: "changed"}
			byTool[name] = t
		}
		return t
	}
	for _, f := range findings {
		if f.Rule == diffcheck.RuleHeadInvalid.ID {
			continue // not compared: a typo is not a change to announce
		}
		name := f.Tool
		if name == "" {
			name = f.File
		}
		t := get(name)
		if f.Tool == "" {
			t.Document = true
		}
		switch f.Rule {
		case diffcheck.RuleToolAdded.ID:
			t.Status = "added"
		case diffcheck.RuleToolRemoved.ID:
			t.Status = "removed"
		case diffcheck.RuleToolRenamed.ID:
			t.Status = "renamed"
		}
		t.Changes = append(t.Changes, Change{Kind: changeKind(f), Rule: f.Rule, Message: f.Message, File: f.File, Line: f.Line})
	}
	for name, cs := range added {
		t := get(name)
		t.Changes = append(t.Changes, cs...)
	}
	out := make([]ChangelogTool, 0, len(byTool))
	for _, t := range byTool {
		sort.SliceStable(t.Changes, func(i, j int) bool { return kindOrder[t.Changes[i].Kind] < kindOrder[t.Changes[j].Kind] })
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

var kindOrder = map[string]int{"breaking": 0, "may-break": 1, "added": 2, "changed": 3}

func changeKind(f report.Finding) string {
	switch {
	case f.Rule == diffcheck.RuleToolAdded.ID:
		return "added"
	case f.IsBreaking():
		return "breaking"
	case f.Severity == rules.Warning:
		return "may-break"
	}
	return "changed"
}
