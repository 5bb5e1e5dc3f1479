package service

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestYAMLAsOtherReadersRead: a document that is clean in
// JSON is not an error in YAML for holding an ordinary "<<" key (a warning
// that YAML 1.1 readers merge it, exit 0), and a head that unquotes
// enum: ["yes", "no"] to enum: [yes, no] is no longer silent: the values
// are the same strings to mcpschema, booleans to YAML 1.1 readers.
func TestYAMLAsOtherReadersRead(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	const doc = "mcpdesc: 0.8.0\ninfo: {name: demo, version: 1.0.0}\nprotocolVersions: [2025-11-25]\nx-example-map: {<<: {a: 1}}\n" +
		"tools:\n  - name: e\n    description: reads\n    inputSchema: {type: object, additionalProperties: false}\n"
	const docJSON = `{"mcpdesc": "0.8.0", "info": {"name": "demo", "version": "1.0.0"}, "protocolVersions": ["2025-11-25"], "x-example-map": {"<<": {"a": 1}},
 "tools": [{"name": "e", "description": "reads", "inputSchema": {"type": "object", "additionalProperties": false}}]}`
	dir := writeFiles(t, map[string]string{"doc.mcpdesc.yaml": doc, "doc.mcpdesc.json": docJSON})
	if code, out, errOut := runCheck(t, dir, "doc.mcpdesc.json"); code != exitOK || !strings.Contains(out, "0 errors, 0 warnings") {
		t.Fatalf("json: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := runCheck(t, dir, "doc.mcpdesc.yaml")
	if code != exitOK || !strings.Contains(out, "doc.mcpdesc.yaml:4:17: warning: merge key \"<<\" is read as an ordinary key") ||
		!strings.Contains(out, "[mcpschema.file.yaml-merge-key]") || !strings.Contains(out, "0 errors, 1 warning") {
		t.Errorf("yaml with an ordinary << key: exit %d, want 0 and one warning\n%s%s", code, out, errOut)
	}

	const tool = "tools:\n  - name: pick\n    inputSchema:\n      type: object\n      properties:\n        answer: {type: string, enum: %s}\n      additionalProperties: false\n"
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools.yaml": strings.Replace(tool, "%s", `["yes", "no"]`, 1)})
	actCommit(t, repo, "head", map[string]string{"tools.yaml": strings.Replace(tool, "%s", `[yes, no]`, 1)})
	code, out, errOut = runCheck(t, repo, "--base", "HEAD~1", "tools.yaml")
	for _, want := range []string{
		`tools.yaml:6:39: warning: unquoted "yes" in "enum" is the string "yes" here (YAML 1.2), but YAML 1.1 readers (PyYAML, Ruby, go-yaml v2) read it as the boolean true`,
		`tools.yaml:6:44: warning: unquoted "no" in "enum"`,
		"0 errors, 2 warnings",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check --base, base enum [\"yes\", \"no\"], head enum [yes, no]: lacks %q (exit %d)\n%s%s", want, code, out, errOut)
		}
	}
}
