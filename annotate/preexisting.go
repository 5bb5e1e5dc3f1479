package annotate

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
)

// NewFindings returns the findings that are not pre-existing (see
// report.Finding.PreExisting): only these are annotated, as workflow
// commands or check run annotations. It returns fs itself when none is
// pre-existing.
func NewFindings(fs []report.Finding) []report.Finding {
	n := 0
	for _, f := range fs {
		if f.PreExisting {
			n++
		}
	}
	if n == 0 {
		return fs
	}
	out := make([]report.Finding, 0, len(fs)-n)
	for _, f := range fs {
		if !f.PreExisting {
			out = append(out, f)
		}
	}
	return out
}

// PreExistingHeading is the summary line of the collapsed section that
// lists the findings the base already has.
func PreExistingHeading(n int) string {
	return fmt.Sprintf("Pre-existing findings (%d): already at the base, not counted toward fail-on", n)
}

// writePreExisting writes the pre-existing findings collapsed in <details>.
func writePreExisting(b *budget, fs []report.Finding, lk *Links) {
	n := 0
	for _, f := range fs {
		n += f.Count()
	}
	if b.cut || !b.add(fmt.Sprintf("\n<details><summary>%s</summary>\n", PreExistingHeading(n))) {
		return
	}
	writeFindings(b, fs, "", lk)
	b.must("\n</details>\n")
}

// AcceptedHeading is the heading of the section that lists the breaking
// changes accepted on purpose (a skip label, a major version bump).
func AcceptedHeading(n int) string {
	return fmt.Sprintf("Accepted breaking changes (%d)", n)
}
