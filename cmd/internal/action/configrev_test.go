package action

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionConfigFromBaseTip: the config that judges a
// pull request is the base branch's tip, never the merge base the author
// chose by branching from an old commit; the diff still starts at the merge
// base, and the report names both commits.
func TestActionConfigFromBaseTip(t *testing.T) {
	toolrepo.EndToEnd(t)
	breaking := map[string]string{"tools/tools.json": trustHeadTools}
	base := map[string]string{"tools/tools.json": trustBaseTools}
	for name, c := range map[string]struct {
		oldCfg, tipCfg string
		baseFiles      map[string]string
		headFiles      map[string]string
		wantRule       string
	}{
		"fail-on never":  {"fail-on: never\n", "fail-on: error\n", base, breaking, "compat.tool.removed"},
		"ignore deleted": {"ignore:\n  - {rule: \"compat.*\", reason: roll-out}\n", "fail-on: error\n", base, breaking, "compat.tool.removed"},
		"rules once off": {"rules:\n  compat.tool.removed: off\n  compat.input.type-narrowed: off\n  compat.input.required-added: off\n", "rules: {}\n", base, breaking, "compat.tool.removed"},
		"larger limits":  {"limits:\n  max-file-tools: 1000\n", "limits:\n  max-file-tools: 2\n", base, map[string]string{"tools/tools.json": threeTools}, "mcpschema.file.bound-exceeded"},
		"narrower files": {"files: [\"tools/a.json\"]\n", "files: [\"tools/*.json\"]\n", map[string]string{"tools/a.json": otherTools, "tools/b.json": trustBaseTools}, map[string]string{"tools/b.json": trustHeadTools}, "compat.tool.removed"},
	} {
		t.Run(name, func(t *testing.T) {
			repo, a, b, h, m := tipRepo(t, c.oldCfg, c.tipCfg, c.baseFiles, c.headFiles)
			srv := ghfake.New(actToken)
			defer srv.Close()
			srv.GitDir = repo
			e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, h, b), m)
			if strings.Contains(c.oldCfg, "files:") {
				e.vars["INPUT_FILES"] = "" // the config's files
			}
			e.vars["INPUT_FAIL-ON"] = ""
			if code := e.run(); code != cmdenv.ExitFindings {
				t.Fatalf("exit %d, want 1: the config at main's tip %s applies, not the one at the branch point %s\nstdout:\n%s\nstderr:\n%s",
					code, service.ShortSHA(b), service.ShortSHA(a), e.out.String(), e.err.String())
			}
			rep := readReport(t, e.outputs()["report"])
			if !hasRule(rep, c.wantRule) {
				t.Errorf("no %s finding: %+v", c.wantRule, rep.Findings)
			}
			bl := rep.Baseline
			if bl == nil || bl.Commit != a || bl.Config != b {
				t.Fatalf("baseline %+v: want the files compared with the merge base %s and the config read at the tip %s", bl, a, b)
			}
			if rep.ConfigChange != nil {
				t.Errorf("the pull request does not touch the config, yet a config change is reported: %+v", rep.ConfigChange)
			}
			assertBothCommits(t, e, rep, a, b)
		})
	}
}

// TestActionConfigFromBaseTipShallow checks that a shallow checkout of the
// head (fetch-depth 1) fetches main's tip by sha to read the config there.
func TestActionConfigFromBaseTipShallow(t *testing.T) {
	toolrepo.EndToEnd(t)
	origin, a, b, h, m := tipRepo(t, "fail-on: never\n", "fail-on: error\n",
		map[string]string{"tools/tools.json": trustBaseTools}, map[string]string{"tools/tools.json": trustHeadTools})
	work := filepath.Join(t.TempDir(), "work")
	actGit(t, filepath.Dir(work), "clone", "-q", "--depth=1", "--branch", "pr", "file://"+origin, work)
	for _, sha := range []string{a, b} {
		if service.CommitOf(t.Context(), work, sha) != "" {
			t.Fatalf("the shallow clone already has %s", sha)
		}
	}
	srv := ghfake.New(actToken)
	defer srv.Close()
	srv.GitDir = origin
	e := newActEnv(t, work, srv.URL, "pull_request", prEvent(7, h, b), m)
	e.vars["INPUT_FAIL-ON"] = ""
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	if service.CommitOf(t.Context(), work, b) != b {
		t.Errorf("main's tip %s was not fetched", b)
	}
	rep := readReport(t, e.outputs()["report"])
	if bl := rep.Baseline; bl == nil || bl.Commit != a || bl.Config != b {
		t.Errorf("baseline %+v: want commit %s, config %s", bl, a, b)
	}
}

// TestActionConfigChangeAgainstTip checks that a pull request that does
// change the config is compared with the tip's config (and only then is a
// config change reported).
func TestActionConfigChangeAgainstTip(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo, _, b, _, _ := tipRepo(t, "fail-on: error\n", "fail-on: error\nrules:\n  compat.input.type-narrowed: warning\n",
		map[string]string{"tools/tools.json": trustBaseTools},
		map[string]string{"tools/tools.json": trustHeadTools, service.DefaultConfigName: "fail-on: never\n"})
	actGit(t, repo, "checkout", "-q", "pr")
	h := actGit(t, repo, "rev-parse", "HEAD")
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, h, b), h)
	e.vars["INPUT_FAIL-ON"] = ""
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	cc := rep.ConfigChange
	if cc == nil || cc.From != b {
		t.Fatalf("config change %+v: want one compared with the tip %s", cc, b)
	}
	got := fmt.Sprint(cc.Settings)
	if !strings.Contains(got, "fail-on") || !strings.Contains(got, "compat.input.type-narrowed") {
		t.Errorf("settings %s: want fail-on and the tip's rule listed", got)
	}
}

// TestActionMergeGroupConfigFromGroupBase checks that a merge group reads
// the config at the group's base, not at the group's head (which holds the
// queued pull requests' config changes).
func TestActionMergeGroupConfigFromGroupBase(t *testing.T) {
	toolrepo.EndToEnd(t)
	repo, base, head, _ := trustRepo(t, "fail-on: error\n", "fail-on: never\n")
	actGit(t, repo, "checkout", "-q", head)
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "merge_group", fmt.Sprintf(`{"merge_group": {"head_sha": %q, "base_sha": %q}}`, head, base), head)
	e.vars["INPUT_FAIL-ON"] = ""
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1 (the group's base config says fail-on: error)\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.Baseline == nil || rep.Baseline.Config != base || rep.ConfigChange == nil || rep.ConfigChange.From != base {
		t.Errorf("baseline %+v, config change %+v: want the config read at the group's base %s", rep.Baseline, rep.ConfigChange, base)
	}
}
