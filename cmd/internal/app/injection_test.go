package app

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/wfcmd"
)

// TestTextFormatNoCommandInjection: file names with line
// breaks, a removed base property whose key holds "\n::error::…" and legacy
// `##[…]` commands inside quoted names reach stdout; the runner must see no
// workflow command in the CLI's text, json or sarif output.
func TestTextFormatNoCommandInjection(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	key := `a\n::error file=x::forged key`
	baseTool := `{"name": "t##[set-output name=errors;]0", "inputSchema": {"type": "object", "properties": {"` + key + `": {"type": "string"}, "b": {"type": "string"}}}}`
	headTool := `{"name": "t##[set-output name=errors;]0", "inputSchema": {"type": "object", "properties": {"b": {"type": "integer"}}}}`
	names := []string{"tools/x\n::error::forged.json", "tools/##[warning]legacy.json", "tools/::notice::n.json", "tools/e\u001b[31m.json"}
	files := map[string]string{}
	for _, n := range names {
		files[n] = baseTool
	}
	base := actCommit(t, repo, "base", files)
	for _, n := range names {
		files[n] = headTool
	}
	actCommit(t, repo, "head", files)
	for _, format := range []string{"text", "json", "sarif"} {
		code, out, errOut := runMain(t, repo, "check", "--format", format, "--base", base, "tools/*")
		if code != ExitFindings {
			t.Fatalf("%s: exit %d, want 1\n%s\n%s", format, code, out, errOut)
		}
		if format == "text" && (!strings.Contains(out, `\n::error file=x::forged key`) || !strings.Contains(out, `tools/x\n`)) {
			t.Errorf("text output does not show the escaped key and file name:\n%s", out)
		}
		for _, c := range wfcmd.Unexpected(out + errOut) {
			t.Errorf("%s: the runner sees command %q in line %q", format, c.Name, c.Line)
		}
	}
}
