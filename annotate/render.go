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

	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/rules"
)

// Formats lists the formats Render accepts.
var Formats = []string{"text", "json", "github", "sarif", "markdown"}

// Render writes rep to w in format ("text", "json", "github", "sarif" or
// "markdown"). The Markdown summary says the run failed when a finding is an
// error; RenderMarkdown takes the run's fail-on.
func Render(w io.Writer, format string, rep *report.Report) error {
	if rep == nil {
		rep = &report.Report{Version: 1}
	}
	switch format {
	case "text":
		return RenderText(w, rep)
	case "json":
		return safeJSON(w, func(w io.Writer) error { return RenderJSON(w, rep) })
	case "github":
		return RenderGitHub(w, rep)
	case "sarif":
		return safeJSON(w, func(w io.Writer) error { return RenderSARIF(w, rep) })
	case "markdown":
		return RenderMarkdown(w, rep, SummaryOptions{FailOn: rules.Error, Failed: rep.Reaches(rules.Error)})
	}
	return fmt.Errorf("unknown format %q: use text, json, github, sarif or markdown", format)
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
