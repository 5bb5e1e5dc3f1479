package service

import (
	"strings"
	"testing"
)

// TestConfigPolicyKeys: fail-on-existing, strict-outputs and version-policy
// are read and checked like every other key.
func TestConfigPolicyKeys(t *testing.T) {
	cfg, err := ParseConfig([]byte("fail-on-existing: true\nstrict-outputs: true\nversion-policy: semver\nskip-label: mcp-breaking-ok\n"), ".mcpschema.yaml", testRules)
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Gate.Existing || !cfg.Gate.StrictOutputs || cfg.VersionPolicy != "semver" || cfg.SkipLabel != "mcp-breaking-ok" {
		t.Errorf("got %+v", cfg)
	}
	for in, want := range map[string]string{
		"strict-output: true\n":   `did you mean "strict-outputs"`,
		"strict-outputs: yes\n":   `strict-outputs must be true or false, not "yes"`,
		"version-policy: semvr\n": `did you mean "semver"`,
		"fail-on-existing: 1\n":   `fail-on-existing must be true or false, not 1`,
	} {
		_, err := ParseConfig([]byte(in), ".mcpschema.yaml", testRules)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", in, err, want)
		}
	}
}
