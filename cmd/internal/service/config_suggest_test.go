package service

import (
	"strings"
	"testing"
)

// TestConfigSuggestsNearest: a mistyped rule id (under rules: and in
// ignore:), fail-on value, top-level key, limit or ignore key gets the
// nearest valid one, as the command line does.
func TestConfigSuggestsNearest(t *testing.T) {
	t.Parallel()
	for cfg, want := range map[string]string{
		"rules:\n  compat.tool.remove: off\n":                  `did you mean "compat.tool.removed"?`,
		"ignore:\n  - {rule: compat.tool.remved, reason: r}\n": `did you mean "compat.tool.removed"?`,
		"fail-on: warnings\n":                                  `unknown fail-on "warnings": did you mean "warning"?`,
		"fail-on: incomplet\n":                                 `did you mean "incomplete"?`,
		"fail_on: error\n":                                     `unknown key "fail_on": did you mean "fail-on"?`,
		"exlude: [x]\n":                                        `did you mean "exclude"?`,
		"limits:\n  max-file-byte: 5\n":                        `unknown limit "max-file-byte": did you mean "max-file-bytes"?`,
		"limits:\n  schema-timout: 5s\n":                       `did you mean "schema-timeout"?`,
		"ignore:\n  - {rule: compat.tool.removed, reson: r}\n": `unknown key "reson" in ignore: did you mean "reason"?`,
	} {
		_, err := ParseConfig([]byte(cfg), ".mcpschema.yaml", testRules)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("config %q: error %v: want %q", cfg, err, want)
		}
	}
	// Far from everything: the advice alone, no guess.
	for cfg, want := range map[string]string{
		"rules:\n  zzzz: off\n": `unknown rule "zzzz": run 'mcpschema rules' for the list`,
		"zzzz: 1\n":             `unknown key "zzzz": use files`,
		"fail-on: zzzz\n":       `unknown fail-on "zzzz": use error`,
	} {
		_, err := ParseConfig([]byte(cfg), ".mcpschema.yaml", testRules)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "did you mean") {
			t.Errorf("config %q: error %v: want %q and no guess", cfg, err, want)
		}
	}
}
