package action

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/cmdenv"
	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestActionPullRequestCannotSwitchTheGateOff: a pull
// request that breaks tools and adds `ignore: [{rule: "*"}]` to the config
// must still fail, and the summary must list what its config would hide.
func TestActionPullRequestCannotSwitchTheGateOff(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, merge := trustRepo(t, "fail-on: error\n", "fail-on: error\nignore:\n  - {rule: \"*\", reason: trust me}\n")
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("exit %d, want 1 (the pull request's ignore must not apply to itself)\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
	}
	runs := srv.CheckRuns()
	if len(runs) != 1 || runs[0].Conclusion != "failure" {
		t.Fatalf("check runs %+v: want one with conclusion failure", runs)
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.Summary.Breaking < 3 {
		t.Errorf("%d breaking changes, want at least 3 (removed tool, narrowed type, new required argument)", rep.Summary.Breaking)
	}
	cc := rep.ConfigChange
	if cc == nil || cc.File != service.DefaultConfigName || cc.From != base || len(cc.Hidden) != len(rep.Findings) {
		t.Fatalf("report configChange %+v: want every one of the %d findings listed as hidden by %s", cc, len(rep.Findings), service.DefaultConfigName)
	}
	for _, sum := range []string{runs[0].Summary, e.file("summary.md")} {
		for _, want := range []string{"applies after merge", "### Config change", "would hide", "`compat.tool.removed`", "ignore"} {
			if !strings.Contains(sum, want) {
				t.Errorf("summary lacks %q:\n%s", want, sum)
			}
		}
		if strings.Contains(sum, "**0 errors") {
			t.Errorf("summary says 0 errors:\n%s", sum)
		}
	}
	if cms := srv.Comments(); len(cms) != 1 || !strings.Contains(cms[0].Body, "applies after merge") {
		t.Errorf("the comment does not carry the config change")
	}
}

// TestActionPullRequestConfigChanges covers the other ways a pull request's
// config could weaken the gate: every one leaves the base config in force
// and is listed as applying after merge.
func TestActionPullRequestConfigChanges(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	for name, c := range map[string]struct {
		baseCfg, headCfg string
		files            string // the files input
		wantHidden       int    // -1: do not check
		wantSettings     []string
		wantAdded        bool
		wantInvalid      string
	}{
		"rule off": {baseCfg: "fail-on: error\n", headCfg: "rules:\n  compat.tool.removed: off\n  compat.input.type-narrowed: off\n  compat.input.required-added: false\n",
			files: "tools/*.json", wantHidden: -1, wantSettings: []string{"rules.compat.tool.removed"}},
		"limits raised": {baseCfg: "limits:\n  max-file-tools: 3\n", headCfg: "limits:\n  max-file-tools: 1000\n",
			files: "tools/*.json", wantHidden: -1, wantSettings: []string{"`limits.max-file-tools`", "`3` → `1000`"}},
		"files elsewhere": {baseCfg: "files: [\"tools/*.json\"]\n", headCfg: "files: [\"elsewhere/*.json\"]\n",
			files: "", wantHidden: -1, wantSettings: []string{"`files`", "`[\"tools/*.json\"]` → `[\"elsewhere/*.json\"]`"}},
		"fail-on never": {baseCfg: "fail-on: error\n", headCfg: "fail-on: never\n",
			files: "tools/*.json", wantHidden: 0, wantSettings: []string{"`fail-on`", "`\"error\"` → `\"never\"`"}},
		"alias": {baseCfg: "fail-on: error\n", headCfg: "fail-on: error\naliases:\n  fetch: delete\n",
			files: "tools/*.json", wantHidden: 0, wantSettings: []string{"`aliases`", "`(not set)` → `{\"fetch\":\"delete\"}`"}},
		"new config file": {headCfg: "ignore:\n  - {rule: \"compat.*\", reason: trust me}\n",
			files: "tools/*.json", wantHidden: 3, wantAdded: true},
		"invalid config": {baseCfg: "fail-on: error\n", headCfg: "ignore:\n  - {rule: \"*\"}\n",
			files: "tools/*.json", wantHidden: -1, wantInvalid: "ignore entry needs a reason"},
	} {
		t.Run(name, func(t *testing.T) {
			repo, base, head, merge := trustRepo(t, c.baseCfg, c.headCfg)
			srv := ghfake.New(actToken)
			defer srv.Close()
			e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
			e.vars["INPUT_FILES"] = c.files
			e.vars["INPUT_FAIL-ON"] = ""
			if code := e.run(); code != cmdenv.ExitFindings {
				t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, e.out.String(), e.err.String())
			}
			rep := readReport(t, e.outputs()["report"])
			if rep.Summary.Breaking < 3 {
				t.Errorf("%d breaking changes, want 3: the base config applies", rep.Summary.Breaking)
			}
			cc := rep.ConfigChange
			if cc == nil {
				t.Fatalf("no configChange in the report")
			}
			if c.wantHidden >= 0 && len(cc.Hidden) != c.wantHidden {
				t.Errorf("%d hidden findings, want %d: %+v", len(cc.Hidden), c.wantHidden, cc.Hidden)
			}
			if cc.Added != c.wantAdded {
				t.Errorf("added = %v, want %v", cc.Added, c.wantAdded)
			}
			sum := e.file("summary.md")
			for _, want := range append([]string{"applies after merge"}, c.wantSettings...) {
				if !strings.Contains(sum, want) {
					t.Errorf("summary lacks %q:\n%s", want, sum)
				}
			}
			if c.wantInvalid != "" {
				found := false
				for _, f := range rep.Findings {
					if f.Rule == service.RuleConfigValid.ID && f.File == service.DefaultConfigName && f.Line == 2 && strings.Contains(f.Message, c.wantInvalid) {
						found = true
					}
				}
				if !found || cc.Invalid == "" {
					t.Errorf("no %s finding on line 2 of %s saying %q (invalid %q): %+v", service.RuleConfigValid.ID, service.DefaultConfigName, c.wantInvalid, cc.Invalid, rep.Findings)
				}
			}
			if runs := srv.CheckRuns(); len(runs) != 1 || runs[0].Conclusion != "failure" {
				t.Errorf("check runs %+v: want failure", runs)
			}
		})
	}
}

// TestActionPullRequestUnchangedConfigApplies checks that a config the pull
// request leaves alone applies as always and no section is shown.
func TestActionPullRequestUnchangedConfigApplies(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	cfg := "ignore:\n  - {rule: \"compat.*\", reason: migration in progress}\n"
	repo, base, head, merge := trustRepo(t, cfg, "")
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
	if code := e.run(); code != cmdenv.ExitOK {
		t.Fatalf("exit %d, want 0 (the base config ignores compat.*)\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.ConfigChange != nil || strings.Contains(e.file("summary.md"), "Config change") {
		t.Errorf("config change reported although the config is the base's: %+v", rep.ConfigChange)
	}
}

// TestActionPushUsesItsOwnConfig checks that push reads the commit's own
// config (a merge group reads its base's: TestActionMergeGroupConfigFromGroupBase).
func TestActionPushUsesItsOwnConfig(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, head, _ := trustRepo(t, "fail-on: error\n", "ignore:\n  - {rule: \"compat.*\", reason: accepted in review}\n")
	actGit(t, repo, "checkout", "-q", head)
	srv := ghfake.New(actToken)
	defer srv.Close()
	for _, ev := range []struct{ name, payload string }{
		{"push", fmt.Sprintf(`{"before": %q, "after": %q}`, base, head)},
	} {
		e := newActEnv(t, repo, srv.URL, ev.name, ev.payload, head)
		if code := e.run(); code != cmdenv.ExitOK {
			t.Fatalf("%s: exit %d, want 0 (the commit's own config ignores compat.*)\n%s\n%s", ev.name, code, e.out.String(), e.err.String())
		}
		rep := readReport(t, e.outputs()["report"])
		if rep.ConfigChange != nil {
			t.Errorf("%s: config change reported: %+v", ev.name, rep.ConfigChange)
		}
	}
}

// TestActionFilesInputKeepsBraces: a one-line files
// input is one pattern, so doublestar braces work; newlines still separate.
func TestActionFilesInputKeepsBraces(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "tools", map[string]string{"tools/a.json": toolsJSON(1, 1, 0), "tools/b.json": toolsJSON(1, 1, 0), "tools/c.json": toolsJSON(1, 1, 0)})
	for input, want := range map[string]int{"tools/{a,b}.json": 2, "tools/{a,b}.json\ntools/c.json\n": 3, " tools/c.json ": 1} {
		e := newActEnv(t, repo, "http://127.0.0.1:1", "push", fmt.Sprintf(`{"after": %q}`, sha), sha)
		e.vars["INPUT_FILES"] = input
		e.vars["INPUT_BASE"] = ""
		if code := e.run(); code != cmdenv.ExitFindings {
			t.Fatalf("files %q: exit %d\n%s\n%s", input, code, e.out.String(), e.err.String())
		}
		if rep := readReport(t, e.outputs()["report"]); rep.Summary.Files != want {
			t.Errorf("files %q: %d files checked, want %d", input, rep.Summary.Files, want)
		}
	}
	// The config's files, given as one string, is one pattern too.
	if err := os.WriteFile(filepath.Join(repo, service.DefaultConfigName), []byte("files: \"tools/{a,c}.json\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := service.Run(t.Context(), service.RunOptions{Dir: repo})
	if err != nil || res.Report.Summary.Files != 2 {
		t.Fatalf("config files \"tools/{a,c}.json\": %v, %+v", err, res)
	}
}

// TestActionPullRequestConfigWithoutDiff checks that `base: ""` (no diff)
// still reads the config at the base the event names, and that a pull
// request event naming no base fails instead of trusting the head's config.
func TestActionPullRequestConfigWithoutDiff(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, base, _, merge := trustRepo(t, "rules:\n  mcp.tool.schema.native-shape: error\n", "rules:\n  mcp.tool.schema.native-shape: off\n")
	head := actCommit(t, repo, "unclear schema", map[string]string{"tools/tools.json": strings.Replace(trustHeadTools, `"inputSchema": {"type": "object", "properties": {"url"`, `"inputSchema": {"properties": {"url"`, 1)})
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != cmdenv.ExitFindings {
		t.Fatalf("no diff: exit %d, want 1 (the base config makes native-shape an error)\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.ConfigChange == nil || rep.ConfigChange.From != base || len(rep.ConfigChange.Hidden) != 1 || rep.Summary.Breaking != 0 {
		t.Errorf("no diff: config change %+v, %d breaking", rep.ConfigChange, rep.Summary.Breaking)
	}

	e = newActEnv(t, repo, srv.URL, "pull_request", fmt.Sprintf(`{"number": 7, "pull_request": {"number": 7, "head": {"sha": %q}}}`, head), merge)
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != cmdenv.ExitUsage || !strings.Contains(e.err.String(), "names no base commit to read the config from") {
		t.Errorf("no base in the event: exit %d, want 2\n%s", code, e.err.String())
	}
}
