package annotate

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// Headline is the verdict in one line, the check run's title and the first
// line of the summary and the comment: the breaking changes and the tools
// they are in first, then the other errors and the warnings ("3 breaking
// changes in 2 tools, 1 error"); when nothing fails, "no breaking changes"
// (or "no findings" without a base), the notices and how many tools were
// checked ("no breaking changes, 8 tools checked"). An incomplete check
// and the findings the config ignored are said at the end.
func Headline(rep *report.Report) string {
	s := rep.Summary
	var parts []string
	switch {
	case s.Breaking > 0:
		parts = append(parts, Plural(s.Breaking, "breaking change")+" in "+Plural(breakingTools(rep), "tool"))
	case rep.Baseline != nil:
		parts = append(parts, "no breaking changes")
	}
	if n := s.Errors - s.Breaking; n > 0 {
		parts = append(parts, Plural(n, "error"))
	}
	if s.Warnings > 0 {
		parts = append(parts, Plural(s.Warnings, "warning"))
	}
	if s.Errors == 0 {
		if s.Notices > 0 {
			parts = append(parts, Plural(s.Notices, "notice"))
		}
		if len(parts) == 0 {
			parts = append(parts, "no findings")
		}
		parts = append(parts, Plural(s.Tools, "tool")+" checked")
	}
	line := strings.Join(parts, ", ")
	if !s.Complete {
		line += "; check incomplete"
	}
	if ig := IgnoredText(rep); ig != "" {
		line += "; " + ig
	}
	return line
}

// breakingTools counts the tools (by file and name) with a breaking
// change, accepted ones included as Summary.Breaking counts them; a
// breaking change about no tool counts its file.
func breakingTools(rep *report.Report) int {
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		if !f.PreExisting && (f.IsBreaking() || f.Accepted != "") {
			seen[f.File+"\x00"+f.Tool] = true
		}
	}
	return max(len(seen), 1)
}
