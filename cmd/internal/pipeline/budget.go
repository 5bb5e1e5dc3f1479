package pipeline

import (
	"fmt"
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/validate"
)

// DiffLimits are the schema limits of a check --base run: every validation,
// the diff's too, stops at the run's deadline (the run-timeout limit).
func DiffLimits(opts validate.Options) schema.Limits {
	lim := opts.Limits.Schema
	lim.Deadline = opts.Deadline
	return lim.WithDefaults()
}

// diffCutShort reports a diff the run's deadline cut short as incomplete,
// an error at the first head file (at), so the run fails closed; nothing
// when the deadline has not passed.
func diffCutShort(at string, opts validate.Options) []report.Finding {
	if opts.Deadline.IsZero() || time.Now().Before(opts.Deadline) {
		return nil
	}
	return []report.Finding{{Rule: validate.RuleTimeBudget.ID, Severity: validate.RuleTimeBudget.Severity,
		File: at, Line: 1, Column: 1, Incomplete: true, Limit: limits.RunTimeout,
		Message: fmt.Sprintf("the run's time budget of %s (%s) ran out while comparing with the base revision, so changes after that point were not judged and breaking changes may be missed; simplify the schemas or examples (a pattern that backtracks, many examples), or %s",
			opts.Limits.RunTimeout, limits.RunTimeout.Config(), limits.RunTimeout.Raise())}}
}
