package annotate

import (
	"io"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// SARIF writes the report as a SARIF 2.1.0 log for
// github/codeql-action/upload-sarif, reading the reported files under the
// working directory for their line hashes (SARIFIn).
func SARIF(w io.Writer, rep *report.Report, ruleSet []*rules.Rule) error {
	return SARIFIn(w, rep, ruleSet, ".")
}
