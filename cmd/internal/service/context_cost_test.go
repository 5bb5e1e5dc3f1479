package service

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// costTool is a tool whose description has n words.
func costTool(name string, n int) string {
	return `{"name": "` + name + `", "description": "` + strings.Repeat("Lists the open issues of a repository. ", n) + `", "inputSchema": {"type": "object", "properties": {"repo": {"type": "string"}}}}`
}

func checkJSON(t *testing.T, dir string, args ...string) (int, *report.Report) {
	t.Helper()
	code, out, errOut := runCheck(t, dir, append([]string{"--format", "json"}, args...)...)
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v: %s%s", err, out, errOut)
	}
	return code, &rep
}

func budgetFindings(rep *report.Report) []report.Finding {
	var out []report.Finding
	for _, f := range rep.Findings {
		if f.Rule == "mcpschema.server.max-tokens" {
			out = append(out, f)
		}
	}
	return out
}

// TestContextCostCheckBase: check --base counts every tool definition at
// the head and the base and reports each server's total and delta in the
// JSON report; max-tokens is read from the config the run trusts (the
// base's under --config-from), so a pull request that grows a server past
// the budget fails although it raises its own max-tokens, a server already
// over the budget at the base that does not grow is pre-existing, and no
// budget means no finding.
func TestContextCostCheckBase(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{
		".mcpschema.yaml": "max-tokens: 150\n",
		"tools.json":      `{"tools": [` + costTool("list_issues", 3) + `, ` + costTool("old_tool", 1) + `]}`,
	})
	actGit(t, repo, "tag", "base")
	actCommit(t, repo, "head", map[string]string{
		".mcpschema.yaml": "max-tokens: 100000\n",
		"tools.json":      `{"tools": [` + costTool("list_issues", 20) + `, ` + costTool("new_tool", 2) + `]}`,
	})

	code, rep := checkJSON(t, repo, "--base", "base", "--config-from", "base", "tools.json")
	cc := rep.Context
	if cc == nil || cc.Encoding != "o200k_base" || !cc.Compared || len(cc.Servers) != 1 {
		t.Fatalf("contextCost %+v", cc)
	}
	s := cc.Servers[0]
	d, ok := s.Delta()
	if !ok || d <= 0 || s.Tokens <= 150 || *s.BaseTokens >= 150 || s.MaxTokens != 150 || len(s.Tools) != 3 {
		t.Fatalf("server %+v: want head over 150, base under it, three tools (one removed)", s)
	}
	over := budgetFindings(rep)
	if code != exitFindings || len(over) != 1 || over[0].PreExisting || over[0].Tool != "list_issues" ||
		!strings.Contains(over[0].Message, "in this pull request") || !strings.Contains(over[0].Message, "over max-tokens 150") {
		t.Fatalf("exit %d, findings %+v: the base's budget applies and fails the run", code, over)
	}
	if rep.ConfigChange == nil || len(rep.ConfigChange.Settings) != 1 || rep.ConfigChange.Settings[0].Key != "max-tokens" {
		t.Errorf("config change %+v: want the max-tokens setting listed", rep.ConfigChange)
	}

	// locally the working tree's config applies: within its budget (the
	// run still fails: old_tool's removal is a breaking change)
	if _, rep := checkJSON(t, repo, "--base", "base", "tools.json"); len(budgetFindings(rep)) != 0 {
		t.Errorf("working-tree config: findings %+v", budgetFindings(rep))
	}

	// over the budget at the base already, and not grown: pre-existing
	actCommit(t, repo, "smaller", map[string]string{
		".mcpschema.yaml": "max-tokens: 40\n",
		"tools.json":      `{"tools": [` + costTool("list_issues", 20) + `, ` + costTool("new_tool", 1) + `]}`,
	})
	actGit(t, repo, "tag", "over")
	actCommit(t, repo, "shrink", map[string]string{
		"tools.json": `{"tools": [` + costTool("list_issues", 19) + `, ` + costTool("new_tool", 1) + `]}`,
	})
	code, rep = checkJSON(t, repo, "--base", "over", "--config-from", "over", "tools.json")
	if over := budgetFindings(rep); code != exitOK || len(over) != 1 || !over[0].PreExisting {
		t.Errorf("exit %d, findings %+v: want one pre-existing finding, exit 0", code, over)
	}

	// no max-tokens: counted, never reported
	actCommit(t, repo, "no budget", map[string]string{".mcpschema.yaml": "fail-on: error\n"})
	code, rep = checkJSON(t, repo, "tools.json")
	if code != exitOK || len(budgetFindings(rep)) != 0 || rep.Context == nil || rep.Context.Compared || rep.Context.Servers[0].BaseTokens != nil {
		t.Errorf("without a budget or base: exit %d, %+v", code, rep.Context)
	}
}

// TestMaxTokensConfig: max-tokens is a positive number or a mapping of
// server names to positive numbers; server-name a name. A wrong value is
// a config error at its position.
func TestMaxTokensConfig(t *testing.T) {
	t.Parallel()
	cfg, err := ParseConfig([]byte("max-tokens:\n  github: 12000\n  slack: 3000\nserver-name: github\n"), ".mcpschema.yaml", testRules)
	if err != nil || cfg.MaxTokens.For("github") != 12000 || cfg.MaxTokens.For("slack") != 3000 || cfg.MaxTokens.For("other") != 0 || cfg.ServerName != "github" {
		t.Fatalf("%v %+v", err, cfg)
	}
	if cfg, err := ParseConfig([]byte("max-tokens: 5000\n"), ".mcpschema.yaml", testRules); err != nil || cfg.MaxTokens.For("any") != 5000 {
		t.Fatalf("%v %+v", err, cfg)
	}
	for text, want := range map[string]string{
		"max-tokens: 0\n":             ".mcpschema.yaml:1:13: max-tokens must be a positive whole number of tokens",
		"max-tokens: lots\n":          `max-tokens must be a positive whole number of tokens (the budget of each server's tool definitions) or a mapping of server names to numbers, not "lots"`,
		"max-tokens:\n  github: -3\n": `.mcpschema.yaml:2:11: max-tokens of server "github" must be a positive whole number of tokens, not -3`,
		"server-name: ''\n":           `server-name must be the name of the server, as users name it in their client's configuration, not ""`,
		"max-token: 5\n":              `did you mean "max-tokens"`,
	} {
		if _, err := ParseConfig([]byte(text), ".mcpschema.yaml", testRules); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}
