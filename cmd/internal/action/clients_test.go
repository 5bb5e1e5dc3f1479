package action

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionClientTarget: through the action against the fake GitHub API,
// with clients: [anthropic] in the base config, the pull request's new
// property key "StartTime<" fails the check run, and the comment names the client
// and the consequence; the base's own is listed apart.
func TestActionClientTarget(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	tools := func(bad bool) string {
		return `{"tools": [` + clientTool("create_issue", bad) + `, ` + clientTool("legacy_search", true) + `]}`
	}
	base := actCommit(t, repo, "base", map[string]string{".mcpschema.yaml": "clients: [anthropic]\n", "tools/tools.json": tools(false)})
	head := actCommit(t, repo, "head", map[string]string{"tools/tools.json": tools(true)})
	srv := ghfake.New(actToken)
	srv.GitDir = repo
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(5, head, base), head)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d\n%s\n%s", code, e.out.String(), e.err.String())
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 || runs[0].Conclusion != "failure" {
		t.Fatalf("check runs %+v: want one, failed", runs)
	}
	cms := srv.Comments()
	if len(cms) != 1 {
		t.Fatalf("%d comments, want 1", len(cms))
	}
	body := cms[0].Body
	for _, want := range []string{
		`this pull request makes "create\_issue" unusable in Claude (clients: anthropic)`, // Markdown-escaped
		"every request of a Claude session",
		"client.anthropic.property-key",
		"Pre-existing findings (1)",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("comment lacks %q:\n%s", want, body)
		}
	}

	// With the clients input instead of the config, the same.
	repo2 := t.TempDir()
	actGit(t, repo2, "init", "-q", "-b", "main")
	base2 := actCommit(t, repo2, "base", map[string]string{"tools/tools.json": tools(false)})
	head2 := actCommit(t, repo2, "head", map[string]string{"tools/tools.json": tools(true)})
	srv2 := ghfake.New(actToken)
	srv2.GitDir = repo2
	defer srv2.Close()
	e2 := newActEnv(t, repo2, srv2.URL, "pull_request", prEvent(6, head2, base2), head2)
	e2.vars["INPUT_CLIENTS"] = "anthropic"
	if code := e2.run(); code != cmdenv.ExitFindings {
		t.Fatalf("clients input: exit %d\n%s\n%s", code, e2.out.String(), e2.err.String())
	}
	// Without either, the anthropic finding is a warning and the run passes.
	repo3 := t.TempDir()
	actGit(t, repo3, "init", "-q", "-b", "main")
	base3 := actCommit(t, repo3, "base", map[string]string{"tools/tools.json": tools(false)})
	head3 := actCommit(t, repo3, "head", map[string]string{"tools/tools.json": tools(true)})
	srv3 := ghfake.New(actToken)
	srv3.GitDir = repo3
	defer srv3.Close()
	e3 := newActEnv(t, repo3, srv3.URL, "pull_request", prEvent(7, head3, base3), head3)
	if code := e3.run(); code != cmdenv.ExitOK {
		t.Fatalf("default: exit %d\n%s\n%s", code, e3.out.String(), e3.err.String())
	}
	if cms := srv3.Comments(); len(cms) != 1 || !strings.Contains(cms[0].Body, "every request of a Claude session") || strings.Contains(cms[0].Body, "this pull request makes") {
		t.Errorf("default comment: %+v", cms)
	}
	e3.vars["INPUT_CLIENTS"] = "claude"
	if code := e3.run(); code != cmdenv.ExitUsage || !strings.Contains(e3.out.String()+e3.err.String(), `input "clients": unknown client "claude"`) {
		t.Errorf("bad clients input: exit %d\n%s\n%s", code, e3.out.String(), e3.err.String())
	}
}
