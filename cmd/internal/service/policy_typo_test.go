package service

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestTypoIsNotABreak: "type": "integr" in the head gives the validation
// error and, instead of a self-contradicting compat.input.became-false
// break, one "not compared" notice; the breaking count and the changelog
// do not see it.
func TestTypoIsNotABreak(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := `{"name": "t", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer"}, "q": {"type": "string"}}}}`
	actCommit(t, repo, "base", map[string]string{"t.json": base})
	actGit(t, repo, "tag", "base")
	// the typo, and a real break beside it (q removed from required... made required)
	head := `{"name": "t", "inputSchema": {"type": "object", "required": ["q"], "properties": {"n": {"type": "integr"}, "q": {"type": "string"}}}}`
	actCommit(t, repo, "head", map[string]string{"t.json": head})

	_, out, errOut := runCheck(t, repo, "--base", "base", "--base-mode", "tip", "t.json")
	if strings.Contains(out, "compat.input.became-false") {
		t.Errorf("the typo is reported as a break:\n%s%s", out, errOut)
	}
	for _, want := range []string{"json-schema.tool-schema.valid", `notice: t: not compared at "/inputSchema/properties/n": the head schema is invalid here`, "compat.tool.head-schema-invalid", "compat.input.required-added"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	_, js, _ := runCheck(t, repo, "--base", "base", "--base-mode", "tip", "--format", "json", "t.json")
	if !strings.Contains(js, `"breaking": 1`) {
		t.Errorf("want one breaking change (required-added), got:\n%s", js)
	}
	cl := changelogOf(t, repo, "base", "t.json")
	if changelogHas(cl, "became-false") || changelogHas(cl, "not compared") || len(cl.NotCompared) != 0 || !changelogHas(cl, "required-added") {
		t.Errorf("changelog: %+v", cl)
	}
}
