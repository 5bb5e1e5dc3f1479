package service

import (
	"strings"
	"testing"
)

// TestCheckServerJSON: as a user runs it, `mcpschema check tools.json` in a
// repository with a server.json at its root also checks that file against
// the registry's bundled schema of the version it names, at its position,
// and fails on an error; an unknown version is one clear error, not a crash.
func TestCheckServerJSON(t *testing.T) {
	t.Parallel()
	tools := `{"tools": [{"name": "forecast", "description": "Weather forecast", "inputSchema": {"type": "object"}}]}`
	server := func(schema, desc string) string {
		return `{
  "$schema": "https://static.modelcontextprotocol.io/schemas/` + schema + `/server.schema.json",
  "name": "io.github.example/weather",
  "description": "` + desc + `",
  "version": "1.2.0"
}`
	}
	for _, tc := range []struct {
		name, server string
		code         int
		want         string
	}{
		{"valid", server("2025-12-11", "Weather forecasts"), exitOK, ""},
		{"too long", server("2025-12-11", strings.Repeat("weather ", 14)), exitFindings,
			`server.json:4:18: error: server.json at "/description": string must be at most 100 characters long, got 112, under the registry's 2025-12-11 schema`},
		{"deprecated version", server("2025-09-29", "Weather forecasts"), exitOK,
			`server.json:2:14: warning: server.json follows the registry's schema "2025-09-29", which the registry's publisher refuses as deprecated`},
		{"unknown version", server("2031-01-01", "Weather forecasts"), exitFindings,
			`server.json:2:14: error: server.json "$schema" "https://static.modelcontextprotocol.io/schemas/2031-01-01/server.schema.json" names the schema version "2031-01-01", which mcpschema does not bundle`},
	} {
		dir := writeFiles(t, map[string]string{"tools.json": tools, "server.json": tc.server})
		code, out, errOut := runCheck(t, dir, "tools.json")
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", tc.name, code, tc.code, out, errOut)
		}
		if tc.want != "" && !strings.Contains(out, tc.want) {
			t.Errorf("%s: output lacks %q:\n%s", tc.name, tc.want, out)
		}
		if tc.want == "" && strings.Contains(out, "registry.") {
			t.Errorf("%s: unexpected finding:\n%s", tc.name, out)
		}
	}
}
