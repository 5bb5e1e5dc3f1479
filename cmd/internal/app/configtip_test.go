package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// tipRepo builds the history of issue 19 item 2 in a new repository:
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
	files := map[string]string{DefaultConfigName: oldCfg}
	for k, v := range baseFiles {
		files[k] = v
	}
	a = actCommit(t, repo, "branch point", files)
	b = actCommit(t, repo, "tightened config", map[string]string{DefaultConfigName: tipCfg})
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

// TestActionConfigFromBaseTip is issue 19 item 2: the config that judges a
// pull request is the base branch's tip, never the merge base the author
// chose by branching from an old commit; the diff still starts at the merge
// base, and the report names both commits.
func TestActionConfigFromBaseTip(t *testing.T) {
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
			if code := e.run(); code != ExitFindings {
				t.Fatalf("exit %d, want 1: the config at main's tip %s applies, not the one at the branch point %s\nstdout:\n%s\nstderr:\n%s",
					code, short(b), short(a), e.out.String(), e.err.String())
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

// hasRule reports whether the report has a finding of rule id.
func hasRule(rep *report.Report, id string) bool {
	for _, f := range rep.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// assertBothCommits checks that the text note, the JSON and SARIF reports
// and the summary name the merge base (files) and the tip (config).
func assertBothCommits(t *testing.T, e *actEnv, rep *report.Report, mb, tip string) {
	t.Helper()
	note := ""
	for _, n := range rep.Notes {
		if strings.Contains(n, "config") && strings.Contains(n, short(tip)) && strings.Contains(n, short(mb)) {
			note = n
		}
	}
	if note == "" {
		t.Errorf("no note names the config commit %s and the compared commit %s: %q", short(tip), short(mb), rep.Notes)
	}
	if sum := e.file("summary.md"); !strings.Contains(sum, short(tip)) || !strings.Contains(sum, short(mb)) ||
		!strings.Contains(sum, "config from [`"+short(tip)+"`]") {
		t.Errorf("the summary does not name both commits %s and %s:\n%s", short(mb), short(tip), sum)
	}
	sarif, err := os.ReadFile(filepath.Join(e.vars["GITHUB_WORKSPACE"], "out/mcpschema.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Properties struct {
				Baseline report.Baseline `json:"baseline"`
			} `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("sarif: %v", err)
	}
	if got := log.Runs[0].Properties.Baseline; got.Commit != mb || got.Config != tip {
		t.Errorf("sarif baseline %+v: want commit %s and config %s", got, mb, tip)
	}
}

// TestActionConfigFromBaseTipShallow checks that a shallow checkout of the
// head (fetch-depth 1) fetches main's tip by sha to read the config there.
func TestActionConfigFromBaseTipShallow(t *testing.T) {
	origin, a, b, h, m := tipRepo(t, "fail-on: never\n", "fail-on: error\n",
		map[string]string{"tools/tools.json": trustBaseTools}, map[string]string{"tools/tools.json": trustHeadTools})
	work := filepath.Join(t.TempDir(), "work")
	actGit(t, filepath.Dir(work), "clone", "-q", "--depth=1", "--branch", "pr", "file://"+origin, work)
	for _, sha := range []string{a, b} {
		if commitOf(t.Context(), work, sha) != "" {
			t.Fatalf("the shallow clone already has %s", sha)
		}
	}
	srv := ghfake.New(actToken)
	defer srv.Close()
	srv.GitDir = origin
	e := newActEnv(t, work, srv.URL, "pull_request", prEvent(7, h, b), m)
	e.vars["INPUT_FAIL-ON"] = ""
	if code := e.run(); code != ExitFindings {
		t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	if commitOf(t.Context(), work, b) != b {
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
	repo, _, b, _, _ := tipRepo(t, "fail-on: error\n", "fail-on: error\nrules:\n  compat.input.type-narrowed: warning\n",
		map[string]string{"tools/tools.json": trustBaseTools},
		map[string]string{"tools/tools.json": trustHeadTools, DefaultConfigName: "fail-on: never\n"})
	actGit(t, repo, "checkout", "-q", "pr")
	h := actGit(t, repo, "rev-parse", "HEAD")
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, h, b), h)
	e.vars["INPUT_FAIL-ON"] = ""
	if code := e.run(); code != ExitFindings {
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
	repo, base, head, _ := trustRepo(t, "fail-on: error\n", "fail-on: never\n")
	actGit(t, repo, "checkout", "-q", head)
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "merge_group", fmt.Sprintf(`{"merge_group": {"head_sha": %q, "base_sha": %q}}`, head, base), head)
	e.vars["INPUT_FAIL-ON"] = ""
	if code := e.run(); code != ExitFindings {
		t.Fatalf("exit %d, want 1 (the group's base config says fail-on: error)\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.Baseline == nil || rep.Baseline.Config != base || rep.ConfigChange == nil || rep.ConfigChange.From != base {
		t.Errorf("baseline %+v, config change %+v: want the config read at the group's base %s", rep.Baseline, rep.ConfigChange, base)
	}
}

// TestCheckConfigFromTipBaseFromMergeBase is the CLI equivalent of the
// action's pull request run: `--base main` diffs against the merge base,
// `--config-from main` reads the config at main itself, and the JSON report
// names both commits.
func TestCheckConfigFromTipBaseFromMergeBase(t *testing.T) {
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
	if !strings.Contains(strings.Join(rep.Notes, "\n"), fmt.Sprintf("the config was read at %s (--config-from \"main\"), not at %s", short(b), short(a))) {
		t.Errorf("notes %q", rep.Notes)
	}
}
