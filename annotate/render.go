// Package annotate renders a report for people and machines: text, JSON,
// GitHub workflow commands, SARIF and the Markdown summary shared by check
// runs, job summaries and pull request comments. The GitHub sinks that post
// those live in the subpackage ghsink.
package annotate

import (
	"fmt"
	"io"

	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/rules"
)

// Formats lists the formats Render accepts.
var Formats = []string{"text", "json", "github", "sarif"}

// Render writes rep to w in format ("text", "json", "github" or "sarif");
// ruleSet is the rule set SARIF lists.
func Render(w io.Writer, format string, rep *report.Report, ruleSet []*rules.Rule) error {
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
		return safeJSON(w, func(w io.Writer) error { return SARIF(w, rep, ruleSet) })
	}
	return fmt.Errorf("unknown format %q: use text, json, github or sarif", format)
}
