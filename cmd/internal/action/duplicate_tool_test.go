package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionDuplicateToolAcrossFiles: tools/a.json
// keeps "search" and the pull request adds tools/b.json with another
// "search" (q an integer, required). The name defined twice is an error
// naming both positions, and b.json's definition is compared with the
// base's "search".
func TestActionDuplicateToolAcrossFiles(t *testing.T) {
	toolrepo.EndToEnd(t)
	const a = `{"tools": [{"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}]}` + "\n"
	const b = `{"tools": [{"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "integer"}}, "required": ["q"]}}]}` + "\n"
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/a.json": a})
	head := actCommit(t, repo, "head", map[string]string{"tools/b.json": b})
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	want := map[string]bool{"mcpschema.tool.name.unique-across-files": false, "compat.input.type-narrowed": false, "compat.input.required-added": false}
	for _, f := range rep.Findings {
		if _, ok := want[f.Rule]; !ok || f.File != "tools/b.json" || f.Severity != rules.Error {
			continue
		}
		want[f.Rule] = true
		if f.Rule == "mcpschema.tool.name.unique-across-files" && (f.Line != 1 || f.Column != 21 || !strings.Contains(f.Message, "tools/a.json:1:21")) {
			t.Errorf("the duplicate finding does not name both positions: %s:%d:%d %s", f.File, f.Line, f.Column, f.Message)
		}
	}
	for rule, found := range want {
		if !found {
			t.Errorf("no error %s at tools/b.json: %+v", rule, rep.Findings)
		}
	}
	if rep.Summary.Breaking < 2 {
		t.Errorf("%d breaking changes, want 2 (b.json's search against the base's)", rep.Summary.Breaking)
	}
}
