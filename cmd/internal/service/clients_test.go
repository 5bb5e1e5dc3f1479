package service

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// runDir writes files into a fresh directory and runs the service there.
func runDir(t *testing.T, files map[string]string, o RunOptions) *Result {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o.Dir = dir
	if o.Patterns == nil {
		o.Patterns = []string{"*.json"}
	}
	res, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// severities maps each shown finding's rule to its severity.
func severities(rep *report.Report) map[string]rules.Severity {
	out := map[string]rules.Severity{}
	for _, f := range rep.Findings {
		out[f.Rule] = f.Severity
	}
	return out
}

// TestClientsPolicy: the default profiles warn; a profile that is not a
// default is not shown until clients: names it; a named profile is an
// error; a severity in rules: wins over the clients policy.
func TestClientsPolicy(t *testing.T) {
	t.Parallel()
	tool := `{"tools": [{"name": "t", "description": "d", "inputSchema": {"type": "object", "properties": {"a b": {"type": "string", "format": "uri"}}}}]}`
	for _, tc := range []struct {
		config string
		want   map[string]rules.Severity // rule → severity; Off: not shown
	}{
		{"", map[string]rules.Severity{"client.anthropic.property-key": rules.Warning, "client.openai-strict.format": rules.Off}},
		{"clients: [anthropic]\n", map[string]rules.Severity{"client.anthropic.property-key": rules.Error, "client.openai-strict.format": rules.Off}},
		{"clients: openai-strict\n", map[string]rules.Severity{"client.anthropic.property-key": rules.Warning, "client.openai-strict.format": rules.Error}},
		{"clients: [anthropic]\nrules:\n  client.anthropic.property-key: notice\n  client.openai-strict.format: warning\n",
			map[string]rules.Severity{"client.anthropic.property-key": rules.Notice, "client.openai-strict.format": rules.Warning}},
		{"rules:\n  client.anthropic.property-key: off\n", map[string]rules.Severity{"client.anthropic.property-key": rules.Off}},
	} {
		files := map[string]string{"tools.json": tool}
		if tc.config != "" {
			files[".mcpschema.yaml"] = tc.config
		}
		got := severities(runDir(t, files, RunOptions{Rules: testRules}).Report)
		for rule, want := range tc.want {
			if got[rule] != want {
				t.Errorf("config %q: %s is %s, want %s", tc.config, rule, got[rule], want)
			}
		}
	}
	// --client (and the action's input) replaces clients:
	got := severities(runDir(t, map[string]string{"tools.json": tool, ".mcpschema.yaml": "clients: [anthropic]\n"}, RunOptions{Rules: testRules, Clients: []string{"openai-strict"}}).Report)
	if got["client.anthropic.property-key"] != rules.Warning || got["client.openai-strict.format"] != rules.Error {
		t.Errorf("--client openai-strict over clients: [anthropic]: %v", got)
	}
}

// TestClientsRestate: where a TypeScript SDK finding says what a protocol
// shape rule says at the same place, one is kept: the client's on a tie
// (it names the consequence), the protocol rule's error over a client
// warning; a target's error wins the tie.
func TestClientsRestate(t *testing.T) {
	t.Parallel()
	tools := `{"tools": [
	  {"name": "untyped", "description": "d", "inputSchema": {"properties": {}}},
	  {"name": "nulled", "description": "d", "inputSchema": {"type": "object"}, "outputSchema": null}
	]}`
	shown := func(rep *report.Report) []string {
		var out []string
		for _, f := range rep.Findings {
			out = append(out, f.Tool+" "+f.Rule+" "+f.Severity.String())
		}
		return out
	}
	got := shown(runDir(t, map[string]string{"tools.json": tools}, RunOptions{Rules: testRules}).Report)
	for _, want := range []string{"untyped client.mcp-ts-sdk.input-schema-root warning", "nulled mcp.tool.output-schema.object error"} {
		if !slices.Contains(got, want) {
			t.Errorf("default: %q missing from %q", want, got)
		}
	}
	for _, gone := range []string{"untyped mcp.tool.schema.native-shape warning", "nulled client.mcp-ts-sdk.output-schema-root warning"} {
		if slices.Contains(got, gone) {
			t.Errorf("default: %q is shown twice (%q)", gone, got)
		}
	}
	got = shown(runDir(t, map[string]string{"tools.json": tools}, RunOptions{Rules: testRules, Clients: []string{"mcp-ts-sdk"}}).Report)
	if !slices.Contains(got, "nulled client.mcp-ts-sdk.output-schema-root error") || slices.Contains(got, "nulled mcp.tool.output-schema.object error") {
		t.Errorf("target: %q", got)
	}
	// turning the client's rule off brings the protocol finding back
	got = shown(runDir(t, map[string]string{"tools.json": tools, ".mcpschema.yaml": "rules:\n  client.mcp-ts-sdk.input-schema-root: off\n"}, RunOptions{Rules: testRules}).Report)
	if !slices.Contains(got, "untyped mcp.tool.schema.native-shape warning") {
		t.Errorf("client rule off: %q", got)
	}
}

// TestServerNameConfig: server-name is the name users give the server;
// the prefixed name lengths take it into account, and the config says
// what is wrong with a value that is not a name.
func TestServerNameConfig(t *testing.T) {
	t.Parallel()
	tool := `{"tools": [{"name": "` + strings.Repeat("a", 40) + `", "description": "d", "inputSchema": {"type": "object"}}]}`
	if got := severities(runDir(t, map[string]string{"tools.json": tool}, RunOptions{Rules: testRules}).Report); got["client.cursor.tool-name-length"] != rules.Off {
		t.Errorf("40 characters with no server name: cursor %s", got["client.cursor.tool-name-length"])
	}
	res := runDir(t, map[string]string{"tools.json": tool, ".mcpschema.yaml": "server-name: a-twenty-char-server\n"}, RunOptions{Rules: testRules})
	if got := severities(res.Report); got["client.cursor.tool-name-length"] != rules.Warning {
		t.Errorf("40 + 20 characters: cursor %s", got["client.cursor.tool-name-length"])
	}
	for _, bad := range []string{"server-name: 3\n", "server-name: \"\"\n", "clients: [claude]\n", "clients: {a: 1}\n"} {
		if _, err := ParseConfig([]byte(bad), ".mcpschema.yaml", testRules); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if _, err := ParseConfig([]byte("client: [anthropic]\n"), ".mcpschema.yaml", testRules); err == nil || !strings.Contains(err.Error(), `did you mean "clients"?`) {
		t.Errorf("client: %v", err)
	}
}
