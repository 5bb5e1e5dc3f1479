package app

import (
	"fmt"
	"time"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/validate"
	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/source"
)

// compareInBudget diffs base against head under the run's time budget
// (limits.run-timeout): every validation of the diff stops at the run's
// deadline, and a diff the deadline cut short is reported as incomplete,
// an error at the first head file, so the run fails closed.
func compareInBudget(base, head []*source.File, aliases map[string]string, opts validate.Options) []report.Finding {
	lim := opts.Limits.Schema
	lim.Deadline = opts.Deadline
	fs := diffcheck.Compare(base, head, diffcheck.Options{Aliases: aliases, Schema: lim})
	if opts.Deadline.IsZero() || time.Now().Before(opts.Deadline) {
		return fs
	}
	at := ""
	for _, f := range head {
		if f != nil {
			at = f.Path
			break
		}
	}
	return append(fs, report.Finding{Rule: validate.RuleTimeBudget.ID, Severity: validate.RuleTimeBudget.Severity,
		File: at, Line: 1, Column: 1, Incomplete: true,
		Message: fmt.Sprintf("the run's time budget of %s (limits.run-timeout) ran out while comparing with the base revision, so changes after that point were not judged and breaking changes may be missed; simplify the schemas or examples (a pattern that backtracks, many examples), or raise limits.run-timeout in the config",
			opts.Limits.RunTimeout)})
}
