package report

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/suggest"
)

// Gate is what decides a run's outcome: fail-on (a severity, or
// incomplete), fail-on-existing and strict-outputs. The config gives one
// (its keys, parsed once), a command's flags or the action's inputs may
// override parts of it (With), and Fails is the one decision.
type Gate struct {
	// FailOn is the lowest severity that fails the run (rules.Off: never).
	FailOn rules.Severity
	// Incomplete: fail-on is incomplete, so an incomplete report fails
	// too (a change that cannot be judged, a file that cannot be read).
	Incomplete bool
	// Existing: findings the base already has (pre-existing) count
	// toward FailOn too (fail-on-existing: true).
	Existing bool
	// StrictOutputs: an output change that only adds (a closed output
	// object gains a member, an output enum or const a value) is judged
	// an error, not a warning (strict-outputs: true).
	StrictOutputs bool
}

// DefaultGate is the gate without a config: errors fail the run.
var DefaultGate = Gate{FailOn: rules.Error}

// GateOverride is what a command's flags or the action's inputs set of the
// gate; its zero value leaves the config's gate as it is.
type GateOverride struct {
	// FailOn, when set, replaces the config's fail-on: its severity and
	// whether an incomplete report fails (--fail-on, the fail-on input).
	FailOn *FailOn
	// StrictOutputs, when true, makes output additions errors whatever the
	// config says (--strict-outputs, the strict-outputs input).
	StrictOutputs bool
}

// With is the gate with o's overrides: an explicit fail-on replaces the
// severity and incomplete, fail-on-existing stays the config's, and strict
// outputs holds when the config or o asks for it.
func (g Gate) With(o GateOverride) Gate {
	if o.FailOn != nil {
		g.FailOn, g.Incomplete = o.FailOn.Severity, o.FailOn.Incomplete
	}
	g.StrictOutputs = g.StrictOutputs || o.StrictOutputs
	return g
}

// Fails decides whether r fails the run: a finding reaches FailOn
// (pre-existing ones only with Existing), or r is incomplete and fail-on
// is incomplete.
func (g Gate) Fails(r *Report) bool {
	return r.reaches(g.FailOn, g.Existing) || g.Incomplete && !r.Summary.Complete
}

// FailsOnlyIncomplete reports whether incompleteness is what fails r: r is
// incomplete, fail-on is incomplete, and no finding that is not
// pre-existing reaches FailOn.
func (g Gate) FailsOnlyIncomplete(r *Report) bool {
	return g.Incomplete && !r.Summary.Complete && !r.reaches(g.FailOn, false)
}

// String is the gate's fail-on as a summary shows it: incomplete, never or
// the severity.
func (g Gate) String() string {
	switch {
	case g.Incomplete:
		return FailOnIncomplete
	case g.FailOn == rules.Off:
		return "never"
	}
	return g.FailOn.String()
}

// Counts reports whether f alone fails the run: it reaches FailOn (never
// with rules.Off), and it is not pre-existing unless Existing says those
// count too.
func (g Gate) Counts(f Finding) bool {
	return reaches(f, g.FailOn, g.Existing)
}

// reaches reports whether f has at least severity min (Off never
// reaches); a pre-existing finding counts only with existing.
func reaches(f Finding, min rules.Severity, existing bool) bool {
	return min != rules.Off && f.Severity >= min && (!f.PreExisting || existing)
}

// reaches reports whether a finding of r reaches min (see the function
// reaches).
func (r *Report) reaches(min rules.Severity, existing bool) bool {
	for _, f := range r.Findings {
		if reaches(f, min, existing) {
			return true
		}
	}
	return false
}

// FailOnIncomplete is the fail-on value that fails on errors and also when
// the report is incomplete, so a team can fail closed on what mcpschema
// cannot decide.
const FailOnIncomplete = "incomplete"

// FailOnValues are the values fail-on (and --fail-on) accepts.
var FailOnValues = []string{"error", "warning", "notice", "never", FailOnIncomplete}

// FailOn is a parsed fail-on value, what a flag, an input or a config key
// gives: the severity that fails the run, and whether an incomplete report
// fails it too.
type FailOn struct {
	Severity   rules.Severity
	Incomplete bool
}

// ParseFailOn reads a fail-on value, the one place that does: error,
// warning, notice, never or incomplete (which fails at error, like error,
// and on an incomplete report). An unknown value is a *FailOnError.
func ParseFailOn(s string) (FailOn, error) {
	if s == FailOnIncomplete {
		return FailOn{Severity: rules.Error, Incomplete: true}, nil
	}
	sev, err := rules.ParseSeverity(s)
	if err != nil {
		return FailOn{Severity: rules.Off}, &FailOnError{Value: s}
	}
	return FailOn{Severity: sev}, nil
}

// FailOnError is an unknown fail-on value.
type FailOnError struct{ Value string }

func (e *FailOnError) Error() string { return e.Named("fail-on") }

// Named says what is wrong, naming the setting as the caller spells it
// ("fail-on" in the config and the action's input, "--fail-on" on the
// command line).
func (e *FailOnError) Named(name string) string {
	return fmt.Sprintf("unknown %s %q%s", name, e.Value, suggest.UnknownHint(e.Value, FailOnValues, "%q", "use error, warning, notice or never, or incomplete to fail also when a change cannot be judged"))
}
