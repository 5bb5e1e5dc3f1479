package service

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// FailOnIncompleteValue is the fail-on value that fails on errors and also when
// the report is incomplete (a change that cannot be judged: a $dynamicRef,
// an external $ref, a base file that cannot be read), so a team can fail
// closed on what mcpschema cannot decide.
const FailOnIncompleteValue = "incomplete"

// FailOnSetting is a parsed fail-on value: the severity that fails the run, and
// whether an incomplete report fails it too (fail-on incomplete).
type FailOnSetting struct {
	Severity   rules.Severity
	Incomplete bool
}

// failOnError is an unknown fail-on value.
type failOnError struct{ value string }

func (e failOnError) Error() string { return e.as("fail-on") }

// as says what is wrong, naming the setting as the caller spells it
// ("fail-on" in the config and the action's input, "--fail-on" on the
// command line).
func (e failOnError) as(name string) string {
	return fmt.Sprintf("unknown %s %q%s", name, e.value, UnknownHint(e.value, FailOnValues, "%q", "use error, warning, notice or never, or incomplete to fail also when a change cannot be judged"))
}

// ParseFailOn reads a fail-on value, the one place that does: error,
// warning, notice, never or incomplete (which fails at error, like error,
// and on an incomplete report).
func ParseFailOn(s string) (FailOnSetting, error) {
	if s == FailOnIncompleteValue {
		return FailOnSetting{Severity: rules.Error, Incomplete: true}, nil
	}
	sev, err := rules.ParseSeverity(s)
	if err != nil {
		return FailOnSetting{Severity: rules.Off}, failOnError{s}
	}
	return FailOnSetting{Severity: sev}, nil
}

// FailsIncomplete reports whether the run's fail-on is incomplete.
func (r *Result) FailsIncomplete() bool {
	return r != nil && r.Config != nil && r.Config.FailOnIncomplete
}

// Fails decides the run's outcome: the report reaches fail-on, or it is
// incomplete and fail-on is incomplete.
func (r *Result) Fails() bool {
	existing := r.Config != nil && r.Config.FailOnExisting
	return r.Report.ReachesWith(r.FailOn, existing) || (r.FailsIncomplete() && !r.Report.Summary.Complete)
}
