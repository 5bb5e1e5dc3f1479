package action

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// TestActionSkipLabel: with the skip-label input set, a pull request that
// carries the label passes although it breaks a tool; the breaking change
// is a notice and the summary names the label and who can set it. Without
// the label, or without the input, it fails.
func TestActionSkipLabel(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	base := actCommit(t, repo, "base", map[string]string{"tools/tools.json": toolsJSON(3, 0, 0)})
	head := actCommit(t, repo, "head", map[string]string{"tools/tools.json": toolsJSONBreaking(3, 0, 0, true)})
	event := func(labels ...string) string {
		var ls []string
		for _, l := range labels {
			ls = append(ls, fmt.Sprintf(`{"name": %q}`, l))
		}
		return fmt.Sprintf(`{"number": 7, "pull_request": {"number": 7, "labels": [%s], "head": {"sha": %q}, "base": {"sha": %q}}}`,
			strings.Join(ls, ","), head, base)
	}
	cases := []struct {
		name, input, event string
		want               int
		note               bool
	}{
		{"labelled", "mcp-breaking-ok", event("docs", "mcp-breaking-ok"), cmdenv.ExitOK, true},
		{"other label", "mcp-breaking-ok", event("docs"), cmdenv.ExitFindings, false},
		{"no input", "", event("mcp-breaking-ok"), cmdenv.ExitFindings, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := ghfake.New(actToken)
			srv.GitDir = repo
			defer srv.Close()
			e := newActEnv(t, repo, srv.URL, "pull_request", c.event, head)
			e.vars["INPUT_SKIP-LABEL"] = c.input
			if code := e.run(); code != c.want {
				t.Fatalf("exit %d, want %d\n%s\n%s", code, c.want, e.out.String(), e.err.String())
			}
			rep := readReport(t, e.outputs()["report"])
			sum := e.file("summary.md")
			note := `has the label "mcp-breaking-ok": 1 breaking change is a notice, not an error, for this pull request (anyone with triage`
			if c.note {
				// accepted breaks still count as breaking (outputs.breaking), not as notices
				if rep.Summary.Breaking != 1 || rep.Summary.Accepted != 1 || rep.Summary.Notices != 0 || len(rep.Findings) != 1 || !strings.Contains(rep.Findings[0].Message, `allowed for this pull request by the label "mcp-breaking-ok"`) {
					t.Errorf("report: %+v", rep.Findings)
				}
				if !strings.Contains(sum, note) || !strings.Contains(sum, "triage") || !strings.Contains(sum, "passed") {
					t.Errorf("summary does not name the label and who can set it:\n%s", sum)
				}
				if runs := srv.CheckRuns(); len(runs) != 1 || runs[0].Conclusion != "success" {
					t.Errorf("check runs %+v", runs)
				}
				if !strings.Contains(sum, "Accepted breaking changes (1)") || e.outputs()["breaking"] != "1" {
					t.Errorf("summary lacks the accepted section, or outputs.breaking %q is not 1:\n%s", e.outputs()["breaking"], sum)
				}
			} else if rep.Summary.Breaking != 1 || strings.Contains(sum, note) {
				t.Errorf("breaking %d, summary:\n%s", rep.Summary.Breaking, sum)
			} else {
				// the failing summary says how to accept the breaks
				// right under the verdict, the config line in a code block
				want := "**To accept these breaking changes on purpose:** apply the label `mcp-breaking-ok` to this pull request (anyone with triage access or more can)"
				if c.input == "" {
					want = "**To accept these breaking changes on purpose:** add this line to `.mcpschema.yaml` on the base branch (the config a pull request is checked with)\n\n```yaml\nskip-label: mcp-breaking-ok\n```\n\nthen apply the label `mcp-breaking-ok`"
				}
				if i, j := strings.Index(sum, want), strings.Index(sum, "### Breaking changes"); i < 0 || j < 0 || i > j {
					t.Errorf("summary lacks %q above the breaking changes:\n%s", want, sum)
				}
			}
		})
	}
}
