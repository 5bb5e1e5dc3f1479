package app

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestCheckFormatMarkdown: `--format markdown` prints the job summary for
// any CI system, with the run's fail-on and verdict and the ignore count;
// inside a GitHub workflow its positions link to their lines.
func TestCheckFormatMarkdown(t *testing.T) {
	t.Parallel()
	dir := ignoredDir(t)
	code, out, errOut := runMain(t, dir, "check", "--format", "markdown", "--fail-on", "never", "a.json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"## ✅ mcpschema passed", "fail-on: `never`", "1 finding ignored by .mcpschema.yaml, 1 ignore expired", "`mcp.tool.name.format`"} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "](") {
		t.Errorf("links outside a GitHub workflow:\n%s", out)
	}
	_, out, _ = runMain(t, dir, "check", "--format", "markdown", "--show-ignored", "a.json")
	if !strings.Contains(out, "## ✅ mcpschema passed") || !strings.Contains(out, "<details><summary>Ignored by .mcpschema.yaml (1)</summary>") {
		t.Errorf("markdown with --show-ignored:\n%s", out)
	}
	env := map[string]string{"GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/tools", "GITHUB_SHA": "abc123"}
	var b bytes.Buffer
	Main(context.Background(), []string{"check", "--format", "markdown", "a.json"}, Env{Stdout: &b, Stderr: &bytes.Buffer{}, Dir: dir, Getenv: func(k string) string { return env[k] }})
	if !strings.Contains(b.String(), "](https://github.com/acme/tools/blob/abc123/a.json#L1)") {
		t.Errorf("markdown in a workflow has no links:\n%s", b.String())
	}
}
