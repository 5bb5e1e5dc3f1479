package ghsink

import (
	"github.com/google/go-github/v66/github"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Annotations turns the findings into check run annotations as
// PublishCheckRun does, in report order, folded and bounded
// (annotate.CapAnnotations). A finding without a file (a run-level one) has
// no place to be annotated; the summary lists it.
func Annotations(rep *report.Report, set *rules.Set) []*github.CheckRunAnnotation {
	return annotations(capAnnotations(rep).Findings, set)
}
