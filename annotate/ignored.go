package annotate

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
)

// IgnoredText counts what the config's ignores did, e.g.
// `3 findings ignored by .mcpschema.yaml, 1 ignore expired` ("" when nothing).
func IgnoredText(rep *report.Report) string {
	ig := rep.Ignores
	if ig == nil || (ig.Count == 0 && ig.Expired == 0) {
		return ""
	}
	config := ig.Config
	if config == "" {
		config = "the config"
	}
	s := Plural(ig.Count, "finding") + " ignored by " + config
	if ig.Expired > 0 {
		s += ", " + Plural(ig.Expired, "ignore") + " expired"
	}
	return s
}

// writeTextIgnored lists the ignored findings (kept with --show-ignored).
func writeTextIgnored(w io.Writer, rep *report.Report) {
	if rep.Ignores == nil || len(rep.Ignores.Findings) == 0 {
		return
	}
	fmt.Fprintf(w, "ignored by %s:\n", SafeText(rep.Ignores.Config))
	for _, f := range rep.Ignores.Findings {
		var b strings.Builder
		WriteTextFinding(&b, f)
		for _, l := range strings.SplitAfter(b.String(), "\n") {
			if l != "" {
				fmt.Fprintf(w, "  %s", l)
			}
		}
	}
}

// ignoredMarkdown lists the ignored findings in a collapsed section.
func ignoredMarkdown(rep *report.Report, lk *Links) string {
	if rep.Ignores == nil || len(rep.Ignores.Findings) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n<details><summary>Ignored by %s (%d)</summary>\n\n", mdText(rep.Ignores.Config), len(rep.Ignores.Findings))
	for _, f := range rep.Ignores.Findings {
		b.WriteString(findingItem(f, lk))
	}
	b.WriteString("\n</details>\n")
	return b.String()
}
