package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

// trustBaseTools has three tools; trustHeadTools removes "delete", narrows
// "n" of "search" from integer-or-string to integer and adds a required
// argument "mode": three breaking changes.
const trustBaseTools = `{
  "tools": [
    {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": ["integer", "string"]}}}},
    {"name": "fetch", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}},
    {"name": "delete", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
  ]
}
`

const trustHeadTools = `{
  "tools": [
    {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}, "mode": {"type": "string"}}, "required": ["mode"]}},
    {"name": "fetch", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}}
  ]
}
`

// trustRepo builds a base commit (tools and, when baseCfg is not empty, a
// config), a head commit that breaks three tools and writes headCfg as the
// config ("" leaves it as at the base), and a merge commit (checked out).
func trustRepo(t *testing.T, baseCfg, headCfg string) (repo, base, head, merge string) {
	t.Helper()
	repo = t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	files := map[string]string{"tools/tools.json": trustBaseTools}
	if baseCfg != "" {
		files[DefaultConfigName] = baseCfg
	}
	base = actCommit(t, repo, "base", files)
	files = map[string]string{"tools/tools.json": trustHeadTools}
	if headCfg != "" {
		files[DefaultConfigName] = headCfg
	}
	head = actCommit(t, repo, "head", files)
	merge = actCommit(t, repo, "merge", nil)
	return repo, base, head, merge
}

// TestActionPullRequestCannotSwitchTheGateOff is issue 10 item 1: a pull
// request that breaks tools and adds `ignore: [{rule: "*"}]` to the config
// must still fail, and the summary must list what its config would hide.
func TestActionPullRequestCannotSwitchTheGateOff(t *testing.T) {
	t.Parallel()
	repo, base, head, merge := trustRepo(t, "fail-on: error\n", "fail-on: error\nignore:\n  - {rule: \"*\", reason: trust me}\n")
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
	if code := e.run(); code != ExitFindings {
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
	if cc == nil || cc.File != DefaultConfigName || cc.From != base || len(cc.Hidden) != len(rep.Findings) {
		t.Fatalf("report configChange %+v: want every one of the %d findings listed as hidden by %s", cc, len(rep.Findings), DefaultConfigName)
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
			if code := e.run(); code != ExitFindings {
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
					if f.Rule == RuleConfigValid.ID && f.File == DefaultConfigName && f.Line == 2 && strings.Contains(f.Message, c.wantInvalid) {
						found = true
					}
				}
				if !found || cc.Invalid == "" {
					t.Errorf("no %s finding on line 2 of %s saying %q (invalid %q): %+v", RuleConfigValid.ID, DefaultConfigName, c.wantInvalid, cc.Invalid, rep.Findings)
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
	t.Parallel()
	cfg := "ignore:\n  - {rule: \"compat.*\", reason: migration in progress}\n"
	repo, base, head, merge := trustRepo(t, cfg, "")
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), merge)
	if code := e.run(); code != ExitOK {
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
	t.Parallel()
	repo, base, head, _ := trustRepo(t, "fail-on: error\n", "ignore:\n  - {rule: \"compat.*\", reason: accepted in review}\n")
	actGit(t, repo, "checkout", "-q", head)
	srv := ghfake.New(actToken)
	defer srv.Close()
	for _, ev := range []struct{ name, payload string }{
		{"push", fmt.Sprintf(`{"before": %q, "after": %q}`, base, head)},
	} {
		e := newActEnv(t, repo, srv.URL, ev.name, ev.payload, head)
		if code := e.run(); code != ExitOK {
			t.Fatalf("%s: exit %d, want 0 (the commit's own config ignores compat.*)\n%s\n%s", ev.name, code, e.out.String(), e.err.String())
		}
		rep := readReport(t, e.outputs()["report"])
		if rep.ConfigChange != nil {
			t.Errorf("%s: config change reported: %+v", ev.name, rep.ConfigChange)
		}
	}
}

// TestActionFilesInputKeepsBraces is issue 10 item 12: a one-line files
// input is one pattern, so doublestar braces work; newlines still separate.
func TestActionFilesInputKeepsBraces(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	sha := actCommit(t, repo, "tools", map[string]string{"tools/a.json": toolsJSON(1, 1, 0), "tools/b.json": toolsJSON(1, 1, 0), "tools/c.json": toolsJSON(1, 1, 0)})
	for input, want := range map[string]int{"tools/{a,b}.json": 2, "tools/{a,b}.json\ntools/c.json\n": 3, " tools/c.json ": 1} {
		e := newActEnv(t, repo, "http://127.0.0.1:1", "push", fmt.Sprintf(`{"after": %q}`, sha), sha)
		e.vars["INPUT_FILES"] = input
		e.vars["INPUT_BASE"] = ""
		if code := e.run(); code != ExitFindings {
			t.Fatalf("files %q: exit %d\n%s\n%s", input, code, e.out.String(), e.err.String())
		}
		if rep := readReport(t, e.outputs()["report"]); rep.Summary.Files != want {
			t.Errorf("files %q: %d files checked, want %d", input, rep.Summary.Files, want)
		}
	}
	// The config's files, given as one string, is one pattern too.
	if err := os.WriteFile(filepath.Join(repo, DefaultConfigName), []byte("files: \"tools/{a,c}.json\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Run(t.Context(), RunOptions{Rules: ruleset.All(), Dir: repo})
	if err != nil || res.Report.Summary.Files != 2 {
		t.Fatalf("config files \"tools/{a,c}.json\": %v, %+v", err, res)
	}
}

// TestCheckConfigFrom covers `check --config-from REF`: the config at REF
// applies, and the working tree's config is compared with it in the text
// and JSON outputs.
func TestCheckConfigFrom(t *testing.T) {
	t.Parallel()
	repo, _, _, _ := trustRepo(t, "fail-on: error\n", "")
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(repo, DefaultConfigName), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	base := "HEAD~2"

	// Unchanged: no section, no config finding.
	code, out, errOut := runMain(t, repo, "check", "--base", base, "--config-from", base, "tools/*.json")
	if code != ExitFindings || strings.Contains(out, "config change") || strings.Contains(out, RuleConfigValid.ID) {
		t.Fatalf("unchanged config: exit %d\n%s%s", code, out, errOut)
	}

	// A valid change: the base config applies, the change is listed.
	write("rules:\n  compat.tool.removed: warning\nignore:\n  - {rule: \"compat.input.*\", reason: trust me}\n")
	code, out, errOut = runMain(t, repo, "check", "--base", base, "--config-from", base, "tools/*.json")
	for _, want := range []string{
		`config change: config ".mcpschema.yaml" is changed: the config at "HEAD~2" applied to this run; the change applies after merge`,
		`    setting rules.compat.tool.removed: (not set) → "warning"`,
		"    would hide: tools/tools.json:3:",
		"    would make warning: tools/tools.json:",
		"3 breaking changes, 0 warnings",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if code != ExitFindings || strings.Contains(out, RuleConfigValid.ID) {
		t.Errorf("valid change: exit %d, want 1 and no %s finding\n%s%s", code, RuleConfigValid.ID, out, errOut)
	}
	code, out, _ = runMain(t, repo, "check", "--base", base, "--config-from", base, "--format", "json", "tools/*.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != ExitFindings {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if cc := rep.ConfigChange; cc == nil || len(cc.Hidden) != 2 || len(cc.Reclassified) != 1 || cc.Reclassified[0].To.String() != "warning" || len(cc.Settings) != 3 {
		t.Errorf("json configChange: %+v", rep.ConfigChange)
	}
	// Without --config-from the working tree's config applies, as before.
	if code, out, _ = runMain(t, repo, "check", "--base", base, "tools/*.json"); code != ExitOK {
		t.Errorf("without --config-from: exit %d, want 0 (the working tree's config)\n%s", code, out)
	}

	// An invalid change: a finding at its position, the base config applies, exit 1.
	write("fail-on: error\nrules:\n  no.such.rule: off\n")
	code, out, errOut = runMain(t, repo, "check", "--config-from", base, "tools/*.json")
	if code != ExitFindings || !strings.Contains(out, ".mcpschema.yaml:3:3: error: changed config \".mcpschema.yaml\" is invalid and is not used: unknown rule \"no.such.rule\"") ||
		!strings.Contains(out, "[mcpschema.config.valid]") || !strings.Contains(out, "    invalid, not used: ") {
		t.Errorf("invalid change: exit %d\n%s%s", code, out, errOut)
	}

	// A removed config: the base's still applies.
	os.Remove(filepath.Join(repo, DefaultConfigName))
	code, out, _ = runMain(t, repo, "check", "--config-from", base, "--format", "json", "tools/*.json")
	rep = report.Report{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.ConfigChange == nil || !rep.ConfigChange.Removed || code != ExitOK {
		t.Errorf("removed config: exit %d, %v, %+v", code, err, rep.ConfigChange)
	}

	// Errors that stop the run: an unknown revision, an invalid trusted config.
	if code, _, errOut = runMain(t, repo, "check", "--config-from", "no-such-ref", "tools/*.json"); code != ExitUsage || !strings.Contains(errOut, `cannot read the config at "no-such-ref"`) {
		t.Errorf("unknown revision: exit %d, %s", code, errOut)
	}
	write("fail-on: sometimes\n")
	actGit(t, repo, "commit", "-qam", "bad config")
	if code, _, errOut = runMain(t, repo, "check", "--config-from", "HEAD", "tools/*.json"); code != ExitUsage || !strings.Contains(errOut, `the config at "HEAD" (the revision the config is read from) is invalid: .mcpschema.yaml:1:10: unknown fail-on "sometimes"`) {
		t.Errorf("invalid trusted config: exit %d, %s", code, errOut)
	}
}

// TestConfigFromIgnoresSymlinkedConfig checks that a config committed as a
// symlink is not followed at the trusted revision.
func TestConfigFromIgnoresSymlinkedConfig(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "tools", map[string]string{"tools/tools.json": trustBaseTools, "real.yaml": "fail-on: error\n"})
	if err := os.Symlink("real.yaml", filepath.Join(repo, DefaultConfigName)); err != nil {
		t.Skip(err)
	}
	actCommit(t, repo, "link", nil)
	code, _, errOut := runMain(t, repo, "check", "--config-from", "HEAD", "tools/*.json")
	if code != ExitUsage || !strings.Contains(errOut, "is not a regular file (mode 120000") {
		t.Errorf("symlinked config: exit %d, %s", code, errOut)
	}
}

// TestActionPullRequestConfigWithoutDiff checks that `base: ""` (no diff)
// still reads the config at the base the event names, and that a pull
// request event naming no base fails instead of trusting the head's config.
func TestActionPullRequestConfigWithoutDiff(t *testing.T) {
	t.Parallel()
	repo, base, _, merge := trustRepo(t, "rules:\n  mcp.tool.schema.native-shape: error\n", "rules:\n  mcp.tool.schema.native-shape: off\n")
	head := actCommit(t, repo, "unclear schema", map[string]string{"tools/tools.json": strings.Replace(trustHeadTools, `"inputSchema": {"type": "object", "properties": {"url"`, `"inputSchema": {"properties": {"url"`, 1)})
	srv := ghfake.New(actToken)
	defer srv.Close()
	e := newActEnv(t, repo, srv.URL, "pull_request", prEvent(7, head, base), head)
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != ExitFindings {
		t.Fatalf("no diff: exit %d, want 1 (the base config makes native-shape an error)\n%s\n%s", code, e.out.String(), e.err.String())
	}
	rep := readReport(t, e.outputs()["report"])
	if rep.ConfigChange == nil || rep.ConfigChange.From != base || len(rep.ConfigChange.Hidden) != 1 || rep.Summary.Breaking != 0 {
		t.Errorf("no diff: config change %+v, %d breaking", rep.ConfigChange, rep.Summary.Breaking)
	}

	e = newActEnv(t, repo, srv.URL, "pull_request", fmt.Sprintf(`{"number": 7, "pull_request": {"number": 7, "head": {"sha": %q}}}`, head), merge)
	e.vars["INPUT_BASE"] = ""
	if code := e.run(); code != ExitUsage || !strings.Contains(e.err.String(), "names no base commit to read the config from") {
		t.Errorf("no base in the event: exit %d, want 2\n%s", code, e.err.String())
	}
}

// TestConfigFromDoesNotFollowAChangedSymlink checks that a working-tree
// config that is a symlink (say to /dev/zero) is reported, not read.
func TestConfigFromDoesNotFollowAChangedSymlink(t *testing.T) {
	t.Parallel()
	repo, _, _, _ := trustRepo(t, "fail-on: error\n", "")
	os.Remove(filepath.Join(repo, DefaultConfigName))
	if err := os.Symlink("/dev/zero", filepath.Join(repo, DefaultConfigName)); err != nil {
		t.Skip(err)
	}
	code, out, errOut := runMain(t, repo, "check", "--config-from", "HEAD", "tools/*.json")
	if code != ExitFindings || !strings.Contains(out, `cannot read config: ".mcpschema.yaml" is a symlink: it is not followed`) || !strings.Contains(out, "[mcpschema.config.valid]") {
		t.Errorf("symlinked working-tree config: exit %d\n%s%s", code, out, errOut)
	}
}
