package service

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestRunGate: the run's gate is the config's with the run's overrides
// (report.Gate.With), it decides Failed, and the loaded config keeps its
// own gate whatever the command line says.
func TestRunGate(t *testing.T) {
	t.Parallel()
	warning := report.FailOn{Severity: rules.Warning}
	for _, c := range []struct {
		name, config string
		o            report.GateOverride
		want         report.Gate
		failed       bool
	}{
		{"no config", "", report.GateOverride{}, report.DefaultGate, false},
		{"config", "fail-on: incomplete\nfail-on-existing: true\n", report.GateOverride{},
			report.Gate{FailOn: rules.Error, Incomplete: true, Existing: true}, false},
		{"--fail-on over the config", "fail-on: incomplete\nfail-on-existing: true\n", report.GateOverride{FailOn: &warning},
			report.Gate{FailOn: rules.Warning, Existing: true}, true},
		{"--strict-outputs", "", report.GateOverride{StrictOutputs: true}, report.Gate{FailOn: rules.Error, StrictOutputs: true}, false},
		{"strict-outputs in the config", "strict-outputs: true\n", report.GateOverride{}, report.Gate{FailOn: rules.Error, StrictOutputs: true}, false},
	} {
		files := map[string]string{"tools.json": toolsJSON(2, 0, 1)}
		if c.config != "" {
			files[DefaultConfigName] = c.config
		}
		res, err := runFiles(t, files, RunOptions{Rules: testRules, Gate: c.o})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Gate != c.want || res.Failed() != c.failed {
			t.Errorf("%s: gate %+v, failed %v; want %+v, %v", c.name, res.Gate, res.Failed(), c.want, c.failed)
		}
		cfg, err := ParseConfig([]byte(c.config), DefaultConfigName, testRules)
		if err != nil {
			t.Fatal(err)
		}
		if res.Config.Gate != cfg.Gate {
			t.Errorf("%s: the run changed the config's gate to %+v (the file says %+v)", c.name, res.Config.Gate, cfg.Gate)
		}
		res.FailClosed = true
		if !res.Failed() {
			t.Errorf("%s: a run that failed closed passes", c.name)
		}
	}
}
