// Package annotate renders a report for people and machines: text, JSON,
// GitHub workflow commands, SARIF and the Markdown summary shared by check
// runs, job summaries and pull request comments. The GitHub sinks that post
// those live in the subpackage ghsink.
package annotate

import (
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Format is one output format: its name (the value of `check --format`),
// one line saying what it is for, and how it renders a report. set is the
// rule set the report's rules are looked up in (titles, SARIF rules[]).
type Format struct {
	Name   string
	Doc    string
	Render func(w io.Writer, rep *report.Report, set *rules.Set) error
}

// FormatTable is every output format, in the order help and error texts
// list them. It feeds Render, `check --format`, its help and its errors.
var FormatTable = []Format{
	{Name: "text", Doc: "one `file:line:col: severity: message [rule]` line per finding, then the totals",
		Render: func(w io.Writer, rep *report.Report, _ *rules.Set) error { return RenderText(w, rep) }},
	{Name: "json", Doc: "the whole report as JSON (stable version 1)",
		Render: func(w io.Writer, rep *report.Report, _ *rules.Set) error {
			return safeJSON(w, func(w io.Writer) error { return RenderJSON(w, rep) })
		}},
	{Name: "github", Doc: "GitHub workflow-command annotations, for any CI log on GitHub Actions",
		Render: func(w io.Writer, rep *report.Report, set *rules.Set) error { return RenderGitHub(w, rep, set) }},
	{Name: "sarif", Doc: "SARIF 2.1.0 for github/codeql-action/upload-sarif (code scanning)",
		Render: func(w io.Writer, rep *report.Report, set *rules.Set) error {
			return RenderSARIF(w, rep, set, ".")
		}},
	{Name: "markdown", Doc: "the job summary's Markdown, for any CI (GitLab notes, Buildkite annotations)",
		Render: func(w io.Writer, rep *report.Report, _ *rules.Set) error {
			return RenderMarkdown(w, rep, SummaryOptions{Gate: report.DefaultGate, Failed: report.DefaultGate.Fails(rep)})
		}},
}

// Formats lists the names of FormatTable.
var Formats = formatNames()

func formatNames() []string {
	out := make([]string, 0, len(FormatTable))
	for _, f := range FormatTable {
		out = append(out, f.Name)
	}
	return out
}

// LookupFormat returns the format called name.
func LookupFormat(name string) (Format, bool) {
	for _, f := range FormatTable {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// FormatChoices names the formats for help and error texts: "text, json, github or sarif".
func FormatChoices() string {
	if len(Formats) < 2 {
		return strings.Join(Formats, "")
	}
	return strings.Join(Formats[:len(Formats)-1], ", ") + " or " + Formats[len(Formats)-1]
}

// FormatHelp lists every format with its doc line, one per line, indented.
func FormatHelp() string {
	var b strings.Builder
	for _, f := range FormatTable {
		fmt.Fprintf(&b, "  %-8s %s\n", f.Name, f.Doc)
	}
	return b.String()
}

// Render writes rep to w in the named format (see FormatTable); set is the
// rule set of the run (the titles of annotations, SARIF's rules[]).
func Render(w io.Writer, format string, rep *report.Report, set *rules.Set) error {
	if rep == nil {
		rep = &report.Report{Version: 1}
	}
	f, ok := LookupFormat(format)
	if !ok {
		return fmt.Errorf("unknown format %q: use %s", format, FormatChoices())
	}
	return f.Render(w, rep, set)
}

// RenderSARIF writes the SARIF log (SARIFIn) for paths relative to root,
// printable on a CI log (no workflow command in it); its rules[] are set's.
func RenderSARIF(w io.Writer, rep *report.Report, set *rules.Set, root string) error {
	if rep == nil {
		rep = &report.Report{Version: 1}
	}
	return safeJSON(w, func(w io.Writer) error { return SARIFIn(w, rep, set.All(), root) })
}

// RenderMarkdown writes the Markdown summary (the same as the job summary
// and the pull request comment), for any CI system that shows Markdown:
// GitLab merge request notes, Buildkite annotations.
// Printed on a CI log, it issues no workflow command (safeLog).
func RenderMarkdown(w io.Writer, rep *report.Report, opt SummaryOptions) error {
	_, err := io.WriteString(w, safeLog(Markdown(rep, opt)))
	return err
}

// safeLog breaks what a runner reads as a workflow command in Markdown
// printed to a log: every `##[` and a line that starts with `:` get a
// zero-width space, which renders as nothing.
func safeLog(md string) string {
	md = strings.ReplaceAll(md, "##[", "#\u200b#[")
	lines := strings.SplitAfter(md, "\n")
	for i, l := range lines {
		if t := strings.TrimLeftFunc(l, unicode.IsSpace); strings.HasPrefix(t, ":") {
			lines[i] = l[:len(l)-len(t)] + "\u200b" + t
		}
	}
	return strings.Join(lines, "")
}
