package service

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
)

// The quality lints (quality.*, issue 31) are off unless the config turns
// them on (quality: on), or gives one of them a severity in rules:, which
// shows that one: a run reports what breaks callers or attacks the
// model, and lints only when asked to. The one error among them (a
// required property additionalProperties: false rejects: no call can
// succeed) is what breaks callers, so it is checked and shown always.

// readQuality reads quality: on, off, true or false.
func (c *Config) readQuality(v any, ptr string) (bool, error) {
	switch v {
	case true, "on":
		return true, nil
	case false, "off":
		return false, nil
	}
	return false, c.errAt(ptr, fmt.Sprintf("quality must be on or off (the quality.* lints: descriptions, parameters, defaults, hints, names), not %s", configValueText(v)))
}

// qualityChecked reports whether a run under c checks the quality lints:
// quality: on, or a quality rule given a severity other than off.
func (c *Config) qualityChecked() bool {
	if c == nil {
		return false
	}
	if c.Quality {
		return true
	}
	for id, sev := range c.Severity {
		if validate.IsQualityRule(id) && sev != rules.Off {
			return true
		}
	}
	return false
}

// runQuality: the lints run when the applied config or, on a pull
// request, its changed config checks them (the change note can then say
// what the change would report).
func runQuality(applied *Config, tc *trustedConfig) bool {
	return applied.qualityChecked() || tc != nil && tc.Proposed.qualityChecked()
}

// qualityShown reports whether f is shown under c: a quality finding only
// with quality: on (a rule given a severity in rules: is decided before),
// except an error: a required property the schema also rejects, so that
// no call can succeed, is shown in every run.
func (c *Config) qualityShown(f report.Finding) bool {
	return !validate.IsQualityRule(f.Rule) || c.Quality || f.Severity == rules.Error
}
