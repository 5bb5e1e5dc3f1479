package report

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestParseFailOn: every value fail-on accepts, and the wording of one it
// does not, as each edge names the setting.
func TestParseFailOn(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]FailOn{
		"error":      {Severity: rules.Error},
		"warning":    {Severity: rules.Warning},
		"notice":     {Severity: rules.Notice},
		"never":      {Severity: rules.Off},
		"off":        {Severity: rules.Off},
		"Warning":    {Severity: rules.Warning},
		"incomplete": {Severity: rules.Error, Incomplete: true},
	} {
		got, err := ParseFailOn(in)
		if err != nil || got != want {
			t.Errorf("ParseFailOn(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, v := range FailOnValues {
		if _, err := ParseFailOn(v); err != nil {
			t.Errorf("FailOnValues lists %q, which ParseFailOn refuses: %v", v, err)
		}
	}
	_, err := ParseFailOn("warnings")
	var fe *FailOnError
	if !errors.As(err, &fe) {
		t.Fatalf("ParseFailOn(warnings): %v, want a *FailOnError", err)
	}
	if want := `unknown fail-on "warnings": did you mean "warning"? use error, warning, notice or never, or incomplete to fail also when a change cannot be judged`; err.Error() != want {
		t.Errorf("error:\n got %s\nwant %s", err, want)
	}
	if want := `unknown --fail-on "sometimes": use error, warning, notice or never, or incomplete to fail also when a change cannot be judged`; (&FailOnError{Value: "sometimes"}).Named("--fail-on") != want {
		t.Errorf("Named(--fail-on): %s", (&FailOnError{Value: "sometimes"}).Named("--fail-on"))
	}
}

// TestGateFails is the gate's table: every fail-on value, with and without
// fail-on-existing, over reports that are complete or not and hold a new
// or a pre-existing finding of each severity.
func TestGateFails(t *testing.T) {
	t.Parallel()
	type rep struct {
		sev         rules.Severity // the one finding's severity (Off: no finding)
		preExisting bool
		incomplete  bool
	}
	var reports []rep
	for _, sev := range []rules.Severity{rules.Off, rules.Notice, rules.Warning, rules.Error} {
		for _, pre := range []bool{false, true} {
			if sev == rules.Off && pre {
				continue
			}
			for _, inc := range []bool{false, true} {
				reports = append(reports, rep{sev, pre, inc})
			}
		}
	}
	build := func(c rep) *Report {
		r := &Report{Files: []FileSummary{{Path: "a.json", Tools: 1, Complete: !c.incomplete}}}
		if c.sev != rules.Off {
			r.Findings = append(r.Findings, Finding{Rule: "r", Severity: c.sev, File: "a.json", PreExisting: c.preExisting, Message: "m"})
		}
		r.Finalize()
		return r
	}
	for _, value := range FailOnValues {
		fo, err := ParseFailOn(value)
		if err != nil {
			t.Fatal(err)
		}
		for _, existing := range []bool{false, true} {
			g := Gate{FailOn: fo.Severity, Incomplete: fo.Incomplete, Existing: existing}
			for _, c := range reports {
				counts := c.sev != rules.Off && (!c.preExisting || existing)
				want := counts && fo.Severity != rules.Off && c.sev >= fo.Severity || fo.Incomplete && c.incomplete
				r := build(c)
				if c.sev != rules.Off {
					wantCounts := counts && fo.Severity != rules.Off && c.sev >= fo.Severity
					if got := g.Counts(r.Findings[0]); got != wantCounts {
						t.Errorf("fail-on %s, existing %v, %+v: Counts %v, want %v", value, existing, c, got, wantCounts)
					}
				}
				if got := g.Fails(r); got != want {
					t.Errorf("fail-on %s, existing %v, %+v: Fails %v, want %v", value, existing, c, got, want)
				}
				newReaches := c.sev != rules.Off && !c.preExisting && c.sev >= fo.Severity
				wantOnly := fo.Incomplete && c.incomplete && !newReaches
				if got := g.FailsOnlyIncomplete(r); got != wantOnly {
					t.Errorf("fail-on %s, existing %v, %+v: FailsOnlyIncomplete %v, want %v", value, existing, c, got, wantOnly)
				}
			}
		}
	}
	if DefaultGate.Fails(&Report{Findings: []Finding{{Severity: rules.Warning}}, Summary: Summary{Complete: true}}) {
		t.Error("the default gate fails on a warning")
	}
}

// TestGateWith is the merge table: an explicit fail-on replaces the
// config's severity and incomplete, fail-on-existing stays the config's,
// strict outputs holds when either asks for it; no override, no change.
func TestGateWith(t *testing.T) {
	t.Parallel()
	never := FailOn{Severity: rules.Off}
	incomplete := FailOn{Severity: rules.Error, Incomplete: true}
	warning := FailOn{Severity: rules.Warning}
	for i, c := range []struct {
		config Gate
		o      GateOverride
		want   Gate
	}{
		{DefaultGate, GateOverride{}, DefaultGate},
		{Gate{FailOn: rules.Notice, Incomplete: true, Existing: true, StrictOutputs: true}, GateOverride{},
			Gate{FailOn: rules.Notice, Incomplete: true, Existing: true, StrictOutputs: true}},
		{Gate{FailOn: rules.Error, Incomplete: true, Existing: true}, GateOverride{FailOn: &warning},
			Gate{FailOn: rules.Warning, Existing: true}},
		{Gate{FailOn: rules.Warning}, GateOverride{FailOn: &incomplete}, Gate{FailOn: rules.Error, Incomplete: true}},
		{Gate{FailOn: rules.Error, Incomplete: true}, GateOverride{FailOn: &never}, Gate{FailOn: rules.Off}},
		{Gate{FailOn: rules.Error}, GateOverride{StrictOutputs: true}, Gate{FailOn: rules.Error, StrictOutputs: true}},
		{Gate{FailOn: rules.Error, StrictOutputs: true}, GateOverride{FailOn: &warning}, Gate{FailOn: rules.Warning, StrictOutputs: true}},
	} {
		if got := c.config.With(c.o); got != c.want {
			t.Errorf("%d: %+v.With(%+v) = %+v, want %+v", i, c.config, c.o, got, c.want)
		}
	}
}

// TestGateString: what a summary's header says of fail-on.
func TestGateString(t *testing.T) {
	t.Parallel()
	for g, want := range map[Gate]string{
		DefaultGate:                             "error",
		{FailOn: rules.Warning}:                 "warning",
		{FailOn: rules.Notice}:                  "notice",
		{FailOn: rules.Off}:                     "never",
		{FailOn: rules.Error, Incomplete: true}: "incomplete",
	} {
		if got := fmt.Sprint(g); got != want {
			t.Errorf("%+v: %q, want %q", g, got, want)
		}
	}
}
