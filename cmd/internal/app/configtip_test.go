package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// tipRepo builds, in a new repository, a base branch whose config changed
// after the pull request branched:
//
//	main:  A (tools, config oldCfg) ── B (config tipCfg)
//	                 └── pr: H (head tools) ── merged into main: M (checked out)
//
// The pull request branched from A, whose config a roll-out once relaxed;
// main's tip B no longer does. files are the head's tool files (written on
// top of baseFiles).
func tipRepo(t *testing.T, oldCfg, tipCfg string, baseFiles, headFiles map[string]string) (repo, a, b, h, m string) {
	t.Helper()
	repo = t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	files := map[string]string{service.DefaultConfigName: oldCfg}
	for k, v := range baseFiles {
		files[k] = v
	}
	a = actCommit(t, repo, "branch point", files)
	b = actCommit(t, repo, "tightened config", map[string]string{service.DefaultConfigName: tipCfg})
	actGit(t, repo, "checkout", "-q", "-b", "pr", a)
	h = actCommit(t, repo, "head", headFiles)
	actGit(t, repo, "checkout", "-q", "main")
	actGit(t, repo, "merge", "-q", "--no-ff", "-X", "theirs", "-m", "merge", "pr")
	m = actGit(t, repo, "rev-parse", "HEAD")
	return repo, a, b, h, m
}

// otherTools is a tool file that names none of trustBaseTools' tools.
const otherTools = `{"tools": [{"name": "other", "inputSchema": {"type": "object"}}]}` + "\n"

// threeTools is trustBaseTools plus a description, a change that breaks nothing.
var threeTools = strings.Replace(trustBaseTools, `{"name": "fetch",`, `{"name": "fetch", "description": "fetches a page",`, 1)

// hasRule reports whether the report has a finding of rule id.
func hasRule(rep *report.Report, id string) bool {
	for _, f := range rep.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// TestCheckConfigFromTipBaseFromMergeBase is the CLI equivalent of the
// action's pull request run: `--base main` diffs against the merge base,
// `--config-from main` reads the config at main itself, and the JSON report
// names both commits.
func TestCheckConfigFromTipBaseFromMergeBase(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo, a, b, _, _ := tipRepo(t, "fail-on: never\n", "fail-on: error\n",
		map[string]string{"tools/tools.json": trustBaseTools}, map[string]string{"tools/tools.json": trustHeadTools})
	actGit(t, repo, "checkout", "-q", "pr")
	actGit(t, repo, "branch", "-f", "main", b) // the pull request is not merged yet
	if code, out, errOut := runMain(t, repo, "check", "--base", "main", "tools/*.json"); code != ExitOK {
		t.Fatalf("without --config-from the working tree's config (fail-on: never) applies: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := runMain(t, repo, "check", "--base", "main", "--config-from", "main", "--format", "json", "tools/*.json")
	if code != ExitFindings {
		t.Fatalf("exit %d, want 1: the config at main's tip says fail-on: error\n%s%s", code, out, errOut)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if bl := rep.Baseline; bl == nil || bl.Commit != a || bl.Config != b {
		t.Errorf("baseline %+v: want commit %s (merge base), config %s (main)", bl, a, b)
	}
	if rep.ConfigChange != nil {
		t.Errorf("the branch left the config as at its branch point, yet a config change is reported: %+v", rep.ConfigChange)
	}
	if !strings.Contains(strings.Join(rep.Notes, "\n"), fmt.Sprintf("the config was read at %s (--config-from \"main\"), not at %s", service.ShortSHA(b), service.ShortSHA(a))) {
		t.Errorf("notes %q", rep.Notes)
	}
}
