package service

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// failOnIncomplete is the fail-on value that fails on errors and also when
// the report is incomplete (a change that cannot be judged: a $dynamicRef,
// an external $ref, a base file that cannot be read), so a team can fail
// closed on what mcpschema cannot decide.
const failOnIncomplete = "incomplete"

// failOnSetting is a parsed fail-on value: the severity that fails the run, and
// whether an incomplete report fails it too (fail-on incomplete).
type failOnSetting struct {
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
	return fmt.Sprintf("unknown %s %q%s", name, e.value, unknownHint(e.value, failOnValues, "%q", "use error, warning, notice or never, or incomplete to fail also when a change cannot be judged"))
}

// parseFailOn reads a fail-on value, the one place that does: error,
// warning, notice, never or incomplete (which fails at error, like error,
// and on an incomplete report).
func parseFailOn(s string) (failOnSetting, error) {
	if s == failOnIncomplete {
		return failOnSetting{Severity: rules.Error, Incomplete: true}, nil
	}
	sev, err := rules.ParseSeverity(s)
	if err != nil {
		return failOnSetting{Severity: rules.Off}, failOnError{s}
	}
	return failOnSetting{Severity: sev}, nil
}

// failsIncomplete reports whether the run's fail-on is incomplete.
func (r *Result) failsIncomplete() bool {
	return r != nil && r.Config != nil && r.Config.FailOnIncomplete
}

// fails decides the run's outcome: the report reaches fail-on, or it is
// incomplete and fail-on is incomplete.
func (r *Result) fails() bool {
	return r.Report.Reaches(r.FailOn) || (r.failsIncomplete() && !r.Report.Summary.Complete)
}
