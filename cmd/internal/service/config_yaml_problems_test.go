package service

import (
	"strings"
	"testing"
)

// TestConfigYAMLProblemsNameTheConfig: an anchor, alias or custom tag in
// the config file is reported as one in the config file, not "in a tool
// file" (the YAML profile's messages are written for tool files).
func TestConfigYAMLProblemsNameTheConfig(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"anchor": "files: &f [\"tools/*.json\"]\n",
		"alias":  "x: &f [\"tools/*.json\"]\nfiles: *f\n",
		"tag":    "files: !custom [\"tools/*.json\"]\n",
	} {
		_, err := ParseConfig([]byte(body), ".mcpschema.yaml", testRules)
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "tool file") || !strings.Contains(msg, "config") {
			t.Errorf("%s: %q does not speak of the config file", name, msg)
		}
	}
}
