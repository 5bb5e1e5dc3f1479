package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

// ignoredDir has one finding silenced by an ignore, and an expired ignore.
func ignoredDir(t *testing.T) string {
	return writeFiles(t, map[string]string{
		"a.json": `{"tools": [{"name": "bad name!", "inputSchema": {"type": "object"}}, {"name": "x"}]}`,
		".mcpschema.yaml": `ignore:
  - rule: mcp.tool.input-schema.required
    tool: x
    reason: legacy tool, removed next release
  - rule: mcp.tool.name.format
    tool: "bad*"
    reason: renamed soon
    expires: 2020-01-01
`,
	})
}

// TestIgnoredCountedAndShown: every summary counts the ignored findings
// and the expired ignores; --show-ignored lists the ignored findings.
func TestIgnoredCountedAndShown(t *testing.T) {
	t.Parallel()
	dir := ignoredDir(t)
	const count = "1 finding ignored by .mcpschema.yaml, 1 ignore expired"
	_, out, errOut := runMain(t, dir, "check", "a.json")
	if !strings.Contains(out, count) || strings.Contains(out, "ignored by .mcpschema.yaml:") || strings.Contains(out, "input-schema.required") {
		t.Errorf("text without --show-ignored:\n%s%s", out, errOut)
	}
	_, out, _ = runMain(t, dir, "check", "--show-ignored", "a.json")
	if !strings.Contains(out, count) || !strings.Contains(out, "ignored by .mcpschema.yaml:\n  a.json:1:") || !strings.Contains(out, "[mcp.tool.input-schema.required]") {
		t.Errorf("text with --show-ignored:\n%s", out)
	}
	for _, show := range []bool{false, true} {
		args := []string{"check", "--format", "json", "a.json"}
		if show {
			args = append(args, "--show-ignored")
		}
		_, out, _ = runMain(t, dir, args...)
		var rep report.Report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		ig := rep.Ignores
		if ig == nil || ig.Count != 1 || ig.Expired != 1 || ig.Config != ".mcpschema.yaml" {
			t.Fatalf("json ignores: %+v", ig)
		}
		if show != (len(ig.Findings) == 1 && ig.Findings[0].Rule == "mcp.tool.input-schema.required" && ig.Findings[0].Fingerprint != "") {
			t.Errorf("show %v: ignored findings %+v", show, ig.Findings)
		}
	}
	// No ignore at all: no count.
	clean := writeFiles(t, map[string]string{"a.json": goodTool})
	if _, out, _ := runMain(t, clean, "check", "a.json"); strings.Contains(out, "ignored") {
		t.Errorf("count without ignores:\n%s", out)
	}
}
