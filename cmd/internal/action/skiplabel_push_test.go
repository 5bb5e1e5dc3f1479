package action

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionSkipLabelOnPush: after a labelled pull request is merged, the
// push to main compares with before and finds the same breaking change; the
// label of the merged pull request (found through GET
// /repos/{owner}/{repo}/commits/{sha}/pulls) applies there too, named in the
// summary. A pull request without the label, merged into another branch or
// not merged as the pushed commit does not; without a token or when the API
// fails a note says the label was not applied (fail closed).
func TestActionSkipLabelOnPush(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/tools.json": toolsJSON(3, 0, 0)})
	head := actCommit(t, repo, "merge pull request #7", map[string]string{"tools/tools.json": toolsJSONBreaking(3, 0, 0, true)})
	event := fmt.Sprintf(`{"ref": "refs/heads/main", "before": %q, "after": %q}`, base, head)
	merged := ghfake.PullRequest{Number: 7, BaseRef: "main", HeadSHA: strings.Repeat("b", 40), MergeCommitSHA: head, Merged: true, Labels: []string{"docs", "mcp-breaking-ok"}}
	with := func(f func(p *ghfake.PullRequest)) ghfake.PullRequest { p := merged; f(&p); return p }
	cases := []struct {
		name  string
		pulls []ghfake.PullRequest
		token string
		fault bool
		want  int
		note  string
	}{
		{"labelled and merged", []ghfake.PullRequest{merged}, actToken, false, cmdenv.ExitOK,
			`the pushed commit ` + service.ShortSHA(head) + ` is the merge of pull request #7 into "main", which has the label "mcp-breaking-ok": 1 breaking change is a notice, not an error,`},
		{"not labelled", []ghfake.PullRequest{with(func(p *ghfake.PullRequest) { p.Labels = []string{"docs"} })}, actToken, false, cmdenv.ExitFindings, ""},
		{"other branch", []ghfake.PullRequest{with(func(p *ghfake.PullRequest) { p.BaseRef = "release" })}, actToken, false, cmdenv.ExitFindings, ""},
		{"open", []ghfake.PullRequest{with(func(p *ghfake.PullRequest) { p.Merged, p.MergeCommitSHA, p.Commits = false, "", []string{head} })}, actToken, false, cmdenv.ExitFindings, ""},
		{"no token", []ghfake.PullRequest{merged}, "", false, cmdenv.ExitFindings,
			`the skip label "mcp-breaking-ok" is not applied: without a token (the "github-token" input) the pull request the pushed commit ` + service.ShortSHA(head) + ` came from cannot be looked up`},
		{"api fails", []ghfake.PullRequest{merged}, actToken, true, cmdenv.ExitFindings,
			`the skip label "mcp-breaking-ok" is not applied: the pull requests of the pushed commit ` + service.ShortSHA(head) + ` could not be listed`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := ghfake.New(actToken)
			srv.GitDir = repo
			srv.Pulls = c.pulls
			if c.fault {
				srv.AddFault(ghfake.Fault{Method: "GET", PathSuffix: "/pulls", Status: 422, Body: `{"message": "bad token ` + actToken + `"}`})
			}
			defer srv.Close()
			e := newActEnv(t, repo, srv.URL, "push", event, head)
			e.vars["INPUT_SKIP-LABEL"] = "mcp-breaking-ok"
			e.vars["INPUT_GITHUB-TOKEN"] = c.token
			if code := e.run(); code != c.want {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, c.want, e.out.String(), e.err.String())
			}
			e.assertNoToken(repo)
			rep := readReport(t, e.outputs()["report"])
			sum := e.file("summary.md")
			if c.want == cmdenv.ExitOK {
				if rep.Summary.Breaking != 1 || rep.Summary.Accepted != 1 || len(rep.Findings) != 1 || !strings.Contains(rep.Findings[0].Message, `allowed for pull request #7 by the label "mcp-breaking-ok"`) {
					t.Errorf("report: %+v", rep.Findings)
				}
			} else if rep.Summary.Breaking != 1 {
				t.Errorf("breaking %d, want 1", rep.Summary.Breaking)
			}
			if notes := strings.Join(rep.Notes, "\n"); c.note != "" && (!strings.Contains(notes, c.note) || !strings.Contains(sum, "mcp-breaking-ok")) {
				t.Errorf("notes lack %q:\n%s\nsummary:\n%s", c.note, notes, sum)
			}
			if c.note == "" && strings.Contains(sum, "mcp-breaking-ok") {
				t.Errorf("summary names the label:\n%s", sum)
			}
		})
	}
}

// TestActionSkipLabelOnMergeGroup: a merge group's head ref names the
// queued pull request (gh-readonly-queue/main/pr-7-<head sha>); its label,
// read through GET /repos/{owner}/{repo}/pulls/7, applies when the group
// holds that pull request only (the group's head commit sits directly on
// its base). A group with more commits, or a pull request whose head or
// base differ from the ref's, keeps the breaking change an error.
func TestActionSkipLabelOnMergeGroup(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/tools.json": toolsJSON(3, 0, 0)})
	group := actCommit(t, repo, "queued #7", map[string]string{"tools/tools.json": toolsJSONBreaking(3, 0, 0, true)})
	two := actCommit(t, repo, "queued #8", map[string]string{"tools/other.json": toolsJSON(1, 0, 0)})
	prHead := strings.Repeat("c", 40)
	event := func(head string) string {
		return fmt.Sprintf(`{"merge_group": {"head_sha": %q, "head_ref": "refs/heads/gh-readonly-queue/main/pr-7-%s", "base_sha": %q, "base_ref": "refs/heads/main"}}`, head, prHead, base)
	}
	pr := ghfake.PullRequest{Number: 7, BaseRef: "main", HeadSHA: prHead, Labels: []string{"mcp-breaking-ok"}}
	other := pr
	other.HeadSHA = strings.Repeat("d", 40)
	cases := []struct {
		name, head string
		pr         ghfake.PullRequest
		want       int
		note       string
	}{
		{"labelled", group, pr, cmdenv.ExitOK, `the merge group holds pull request #7 into "main", which has the label "mcp-breaking-ok": 1 breaking change is a notice, not an error,`},
		{"more in the group", two, pr, cmdenv.ExitFindings, `the skip label "mcp-breaking-ok" is not applied: the merge group's head ` + service.ShortSHA(two) + ` does not sit directly on its base ` + service.ShortSHA(base)},
		{"head moved", group, other, cmdenv.ExitFindings, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := ghfake.New(actToken)
			srv.GitDir = repo
			srv.Pulls = []ghfake.PullRequest{c.pr}
			defer srv.Close()
			e := newActEnv(t, repo, srv.URL, "merge_group", event(c.head), c.head)
			e.vars["INPUT_SKIP-LABEL"] = "mcp-breaking-ok"
			if code := e.run(); code != c.want {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, c.want, e.out.String(), e.err.String())
			}
			sum := e.file("summary.md")
			rep := readReport(t, e.outputs()["report"])
			if notes := strings.Join(rep.Notes, "\n"); c.note != "" && (!strings.Contains(notes, c.note) || !strings.Contains(sum, "mcp-breaking-ok")) {
				t.Errorf("notes lack %q:\n%s\nsummary:\n%s", c.note, notes, sum)
			}
			if c.note == "" && strings.Contains(sum, "mcp-breaking-ok") {
				t.Errorf("summary names the label:\n%s", sum)
			}
		})
	}
}
