package service

import (
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
)

// newRiskyText rewrites the message of a risky-text finding (text.*) that
// the pull request adds: it says so first, since a trusted description
// that starts giving the model orders is what a rug pull looks like. Text
// the base already has is reported apart, pre-existing, as it was. A
// folded finding (the findings of a rule past the first 1,000 of a file,
// counted, not quoted) is never pre-existing and claims nothing: it
// fails closed as it stands.
func newRiskyText(f *report.Finding, cfg *Config) {
	if !validate.IsTextRule(f.Rule) || !cfg.baseRun || f.PreExisting || f.Severity != rules.Error || f.Folded > 0 {
		return
	}
	f.Message = "this pull request adds risky text (a trusted description that starts giving the model orders is how a rug pull looks): " + f.Message
}
