package app

import (
	"fmt"

	"github.com/mcpschema/mcpschema/validate/rules"
)

// failOnIncomplete is the fail-on value that fails on errors and also when
// the report is incomplete (a change that cannot be judged: a $dynamicRef,
// an external $ref, a base file that cannot be read), so a team can fail
// closed on what mcpschema cannot decide.
const failOnIncomplete = "incomplete"

// parseFailOn reads a fail-on value: error, warning, notice, never or
// incomplete (which fails at error, like error, and on an incomplete report).
func parseFailOn(s string) (rules.Severity, error) {
	if s == failOnIncomplete {
		return rules.Error, nil
	}
	sev, err := rules.ParseSeverity(s)
	if err != nil {
		return rules.Off, fmt.Errorf("unknown fail-on %q%s", s, unknownHint(s, failOnValues, "%q", "use error, warning, notice or never, or incomplete to fail also when a change cannot be judged"))
	}
	return sev, nil
}

// failsOnIncomplete reports whether a fail-on value fails an incomplete report.
func failsOnIncomplete(s string) bool { return s == failOnIncomplete }

// failsIncomplete reports whether the run's fail-on is incomplete.
func (r *Result) failsIncomplete() bool {
	return r != nil && r.Config != nil && r.Config.FailOnIncomplete
}

// fails decides the run's outcome: the report reaches fail-on, or it is
// incomplete and fail-on is incomplete.
func (r *Result) fails() bool {
	existing := r.Config != nil && r.Config.FailOnExisting
	return r.Report.ReachesWith(r.FailOn, existing) || (r.failsIncomplete() && !r.Report.Summary.Complete)
}
