package service

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestConfigOverridesIgnoresAndExpiry(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{
		"a.json": `{"tools": [{"name": "bad name!", "inputSchema": {"type": "object"}}, {"name": "x"}]}`,
		".mcpschema.yaml": `fail-on: warning
rules:
  mcp.tool.name.format: notice
ignore:
  - rule: mcp.tool.input-schema.required
    tool: x
    reason: legacy tool, removed next release
  - rule: mcp.tool.name.format
    tool: "bad*"
    reason: renamed soon
    expires: 2020-01-01
`,
	})
	res, err := Run(context.Background(), RunOptions{Rules: testRules, Dir: dir, Patterns: []string{"a.json"}, Now: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Report.Findings {
		got = append(got, f.Severity.String()+" "+f.Rule+" "+f.File)
	}
	want := []string{
		"warning mcpschema.config.ignore-expired .mcpschema.yaml",
		"notice mcp.tool.name.format a.json",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !res.Failed() {
		t.Errorf("fail-on warning from config not applied")
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"unknown key":      "colour: red\n",
		"unknown rule":     "rules:\n  no.such.rule: off\n",
		"bad severity":     "rules:\n  mcp.tool.name.format: loud\n",
		"ignore no reason": "ignore:\n  - rule: mcp.tool.name.format\n",
		"ignore bad rule":  "ignore:\n  - rule: nope.nope\n    reason: x\n",
		"bad limit":        "limits:\n  max-schema-depth: -1\n",
		"bad date":         "ignore:\n  - rule: mcp.tool.name.format\n    reason: x\n    expires: soon\n",
		"alias twice":      "aliases:\n  a: old\n  b: old\n",
		"alias self":       "aliases:\n  a: a\n",
	} {
		dir := writeFiles(t, map[string]string{"a.json": goodTool, ".mcpschema.yaml": body})
		code, _, errOut := runCheck(t, dir, "a.json")
		if code != exitUsage || !strings.Contains(errOut, ".mcpschema.yaml:") {
			t.Errorf("%s: exit %d, stderr %q", name, code, errOut)
		}
	}
}

func TestConfigErrorPositions(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]string{
		"bogus: 1\n":                         ".mcpschema.yaml:1:1: unknown key \"bogus\"",
		"rules:\n  compat.input.nope: off\n": ".mcpschema.yaml:2:3: unknown rule \"compat.input.nope\"",
		"fail-on: sometimes\n":               ".mcpschema.yaml:1:10: unknown fail-on \"sometimes\": use error, warning, notice or never",
	} {
		dir := writeFiles(t, map[string]string{"a.json": goodTool, ".mcpschema.yaml": body})
		code, _, errOut := runCheck(t, dir, "a.json")
		if code != exitUsage || !strings.Contains(errOut, want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", body, code, errOut, want)
		}
	}
}
