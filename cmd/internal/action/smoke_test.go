package action

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"github.com/mcpschema/mcpschema/internal/testsupport/wfcmd"
)

// smokeBaseTools has three tools; the head removes "delete_item" (line 9
// at base) and keeps the other two. A description carries workflow
// commands, which no output may pass on.
const smokeBaseTools = `{
  "tools": [
    {
      "name": "get_item",
      "description": "evil\n::error file=x::INJECTED\n##[warning]legacy",
      "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": false}
    },
    {
      "name": "delete_item",
      "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
    },
    {
      "name": "list_items",
      "inputSchema": {"type": "object", "properties": {"page": {"type": "integer"}}}
    }
  ]
}
`

const smokeHeadTools = `{
  "tools": [
    {
      "name": "get_item",
      "description": "evil\n::error file=x::INJECTED\n##[warning]legacy",
      "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"], "additionalProperties": false}
    },
    {
      "name": "list_items",
      "inputSchema": {"type": "object", "properties": {"page": {"type": "integer"}}}
    }
  ]
}
`

// TestActionSmokeConfigChangeRemovedToolSkipLabel is an integration smoke
// test where three features meet: a pull request that removes a tool,
// changes the config to ignore that removal (which must not apply to
// itself), and carries the skip label (which turns the breaking change
// into a notice). The run passes, the removal is reported once as a
// notice at the removed tool's surviving file, the config change is
// listed as applying after merge, and no output carries a workflow command
// from the input.
func TestActionSmokeConfigChangeRemovedToolSkipLabel(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{
		"tools/tools.json":        smokeBaseTools,
		service.DefaultConfigName: "fail-on: error\n",
	})
	head := actCommit(t, repo, "head", map[string]string{
		"tools/tools.json":        smokeHeadTools,
		service.DefaultConfigName: "fail-on: error\nignore:\n  - {rule: compat.tool.removed, tool: delete_item, reason: gone}\n",
	})
	event := fmt.Sprintf(`{"number": 7, "pull_request": {"number": 7, "labels": [{"name": "mcp-breaking-ok"}], "head": {"sha": %q}, "base": {"sha": %q}}}`, head, base)
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", event, head)
	e.vars["INPUT_SKIP-LABEL"] = "mcp-breaking-ok"
	if code := e.run(); code != cmdenv.ExitOK {
		t.Fatalf("exit %d, want 0 (the label allows the break)\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	e.assertNoToken(repo)
	rep := readReport(t, e.outputs()["report"])
	var removed []string
	for _, f := range rep.Findings {
		if f.Rule == "compat.tool.removed" {
			removed = append(removed, fmt.Sprintf("%s %s:%d %s %s", f.Severity, f.File, f.Line, f.Pointer, f.Message))
		}
	}
	if len(removed) != 1 || !strings.HasPrefix(removed[0], "notice tools/tools.json:") || !strings.Contains(removed[0], `"delete_item"`) ||
		!strings.Contains(removed[0], "allowed for this pull request by the label") {
		t.Errorf("removal findings %q: want one notice naming the tool and the label", removed)
	}
	if rep.Summary.Breaking != 1 || rep.Summary.Accepted != 1 || rep.Summary.Errors != 0 {
		t.Errorf("summary %+v: want no errors, one accepted breaking change", rep.Summary)
	}
	cc := rep.ConfigChange
	if cc == nil || len(cc.Hidden) != 1 || cc.Hidden[0].Rule != "compat.tool.removed" {
		t.Errorf("configChange %+v: want the removal listed as hidden after merge", cc)
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 || runs[0].Conclusion != "success" {
		t.Fatalf("check runs %+v: want one, success", runs)
	}
	sum := e.file("summary.md")
	for _, want := range []string{"applies after merge", `"mcp-breaking-ok"`, "delete_item"} {
		for name, text := range map[string]string{"summary": sum, "check run": runs[0].Summary} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q:\n%s", name, want, text)
			}
		}
	}
	texts := map[string]string{"stdout": e.out.String(), "stderr": e.err.String(), "summary": sum, "check run": runs[0].Summary + runs[0].Text}
	for _, c := range srv.Comments() {
		texts["comment"] += c.Body
	}
	for _, a := range runs[0].Annotations {
		texts["annotations"] += a.Title + "\n" + a.Message + "\n" + a.RawDetails + "\n"
	}
	for name, text := range texts {
		for _, c := range wfcmd.Parse(text) {
			if strings.Contains(c.Line, "INJECTED") || strings.Contains(c.Line, "legacy") {
				t.Errorf("%s carries a workflow command from the input: %q", name, c.Line)
			}
		}
	}
}
