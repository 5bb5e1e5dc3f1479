package service

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/mcpschema/mcpschema/cmd/internal/pipeline"
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// ChangelogOptions say what BuildChangelog compares.
type ChangelogOptions struct {
	// Dir is the repository's working directory.
	Dir string
	// Base is the revision the changes are counted from (--base).
	Base string
	// Head, when set, reads the head files at this revision instead of
	// the working tree (--head).
	Head string
	// BaseMode is tip (Base itself) or merge-base (of Base and the head).
	BaseMode string
	// ConfigPath is the config file; empty: .mcpschema.yaml in Dir when
	// present. Its files, exclude, aliases, limits and strict-outputs apply.
	ConfigPath string
	// Patterns are the command line's file patterns; empty: the config's.
	Patterns []string
	// Now is the clock removals of deprecated items are judged by (zero: today).
	Now time.Time
	// Rules is the rule set the config may name (RunOptions.Rules).
	Rules *rules.Set
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
	// Files are the bump in every file that declares the server's version
	// (server.json version, MCP Description info.version, a snapshot's
	// serverInfo.version), by path, when more than one does.
	Files []BumpFile `json:"files,omitempty"`
}

// BumpFile is the proposed bump of one file's version.
type BumpFile struct {
	File string `json:"file"`
	From string `json:"from"`
	To   string `json:"to"`
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

// BuildChangelog lists every change to the tools between o.Base and the
// head, by tool: the judge's findings (the config's rules and ignores do
// not apply: a release note lists every change), the arguments and result
// fields added, the head files not compared and the version bump the
// changes call for.
func BuildChangelog(ctx context.Context, o ChangelogOptions) (*Changelog, error) {
	cfg, err := LoadRunConfig(RunOptions{Dir: o.Dir, ConfigPath: o.ConfigPath, Rules: o.Rules})
	if err != nil {
		return nil, err
	}
	patterns, _, err := RunPatterns(RunOptions{Patterns: o.Patterns}, cfg)
	if err != nil {
		return nil, err
	}
	// Command-line patterns are the user's own, as for check; the config's
	// files were confined to the workspace by RunPatterns.
	m, err := load.NewMatcher(patterns)
	if err != nil {
		return nil, err
	}
	baseRev, baseline, _, err := CLIBaseline(ctx, o.Dir, o.Base, o.Head, o.BaseMode)
	if err != nil {
		return nil, err
	}
	in := pipeline.Input{Dir: o.Dir, Matcher: m, Patterns: patterns, HeadRef: o.Head, Base: baseRev, Aliases: cfg.Aliases, StrictOutputs: cfg.Gate.StrictOutputs,
		Options: validate.Options{Limits: cfg.Limits.WithDefaults(), Now: o.Now}}
	base, head, findings, err := pipeline.Compare(ctx, in)
	if err != nil {
		return nil, err
	}
	cl := &Changelog{Base: o.Base, Head: o.Head}
	if baseline != nil {
		cl.Commit = baseline.Commit
	}
	cl.Tools = groupChanges(findings, addedMembers(base, head, renamedFrom(findings, base)))
	lifecycle, documents := deprecationChanges(base, head)
	cl.Tools = withDeprecationChanges(cl.Tools, lifecycle, documents)
	cl.NotCompared = notCompared(head)
	sb, sh := changelogServerJSON(ctx, o.Dir, cfg, baseRev, o.Head, cfg.Limits.WithDefaults().Limits)
	cl.Bump = proposeBump(cl.Tools, append(base, sb...), append(head, sh...))
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
		case diffcheck.RuleRemovedAfterSunset.ID:
			if f.Tool != "" && f.Base != nil && f.Base.Pointer == f.ToolPointer {
				t.Status = "removed" // the tool itself, not one of its properties
			}
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

// kindOrder ranks the kinds of change, the most severe first.
var kindOrder = map[string]int{"breaking": 0, "may-break": 1, "added": 2, KindDeprecation: 3, "changed": 4}

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

// NotCompared is a head file the changelog could not compare: it could not
// be read or parsed, so the changes to its tools are unknown.
type NotCompared struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// notCompared lists the head files whose first fatal problem kept them out
// of the comparison, in order.
func notCompared(head []*source.File) []NotCompared {
	var out []NotCompared
	for _, f := range head {
		for _, p := range f.Problems {
			if p.Fatal {
				out = append(out, NotCompared{File: f.Path, Line: p.Pos.Line, Column: p.Pos.Column, Message: p.Message})
				break
			}
		}
	}
	return out
}

// ChangelogGate is changelog's --fail-on: the least severe kind of change
// that fails the run (breaking, may-break, any), or never.
type ChangelogGate struct{ value string }

// ChangelogFailOnValues are the values changelog's --fail-on accepts.
var ChangelogFailOnValues = []string{"breaking", "may-break", "any", "never"}

// changelogRank ranks the --fail-on values of changelog: a change fails
// the run when its kind's rank (kindOrder) is at most the value's; never
// is below every kind.
var changelogRank = map[string]int{"never": -1, "breaking": kindOrder["breaking"], "may-break": kindOrder["may-break"], "any": len(kindOrder)}

// changeNoun names what each --fail-on value counts.
var changeNoun = map[string]string{"breaking": "breaking change", "may-break": "breaking or possibly breaking change", "any": "change"}

// ParseChangelogFailOn reads changelog's --fail-on.
func ParseChangelogFailOn(s string) (ChangelogGate, error) {
	if _, ok := changelogRank[s]; !ok {
		return ChangelogGate{}, fmt.Errorf("unknown --fail-on %q%s", s, UnknownHint(s, ChangelogFailOnValues, "%q", "use breaking, may-break, any or never"))
	}
	return ChangelogGate{s}, nil
}

// String is the value as given.
func (g ChangelogGate) String() string { return g.value }

// Noun names what the gate counts ("breaking change").
func (g ChangelogGate) Noun() string { return changeNoun[g.value] }

// Reached counts the changes of cl that reach the gate: each fails the run.
func (g ChangelogGate) Reached(cl *Changelog) int {
	rank, ok := changelogRank[g.value]
	if !ok {
		return 0
	}
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
