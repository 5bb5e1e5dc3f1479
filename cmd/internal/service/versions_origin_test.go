package service

import (
	"context"
	"strings"
	"testing"
)

// TestLegacyAdviceNamesTheVersionsSource: the legacy-version warning says
// to drop the versions where they were set (the document, a tool, the
// flag, the config or the action input), never from a protocolVersions
// field the file does not have.
func TestLegacyAdviceNamesTheVersionsSource(t *testing.T) {
	t.Parallel()
	list := `{"tools": [{"name": "a", "inputSchema": {"type": "object", "additionalProperties": false}}]}`
	doc := "mcpdesc: 0.8.0\ninfo: {name: d, version: 1.0.0}\nprotocolVersions: [2024-11-05]\ntools:\n  - name: a\n    inputSchema: {type: object, additionalProperties: false}\n"
	toolDoc := "mcpdesc: 0.8.0\ninfo: {name: d, version: 1.0.0}\ntools:\n  - name: a\n    protocolVersions: [2025-03-26]\n    inputSchema: {type: object, additionalProperties: false}\n"
	for _, tc := range []struct {
		name  string
		files map[string]string
		args  []string
		want  string
	}{
		{"flag", map[string]string{"l.json": list}, []string{"--protocol-version", "2024-11-05", "l.json"}, "drop them from --protocol-version once"},
		{"config", map[string]string{"l.json": list, ".mcpschema.yaml": "protocol-versions: [2025-03-26]\n"}, []string{"l.json"}, "drop them from protocol-versions in .mcpschema.yaml once"},
		{"document", map[string]string{"d.yaml": doc}, []string{"d.yaml"}, "drop them from protocolVersions once"},
		{"tool", map[string]string{"d.yaml": toolDoc}, []string{"d.yaml"}, "drop them from the tool's protocolVersions once"},
	} {
		_, out, errOut := runCheck(t, writeFiles(t, tc.files), tc.args...)
		if !strings.Contains(out, tc.want) {
			t.Errorf("%s: want %q in:\n%s%s", tc.name, tc.want, out, errOut)
		}
		if tc.name == "flag" || tc.name == "config" {
			if strings.Contains(out, "from protocolVersions") || strings.Contains(out, "the tool's protocolVersions") {
				t.Errorf("%s: advice names a field the file does not have:\n%s", tc.name, out)
			}
		}
	}
	// The action passes its protocol-versions input without naming it.
	res, err := Run(context.Background(), RunOptions{Rules: testRules, Dir: writeFiles(t, map[string]string{"l.json": list}), Patterns: []string{"l.json"}, Versions: []string{"2024-11-05"}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range res.Report.Findings {
		found = found || strings.Contains(f.Message, "drop them from the protocol-versions input once")
	}
	if !found {
		t.Errorf("action input: no advice naming the input in %+v", res.Report.Findings)
	}
}
