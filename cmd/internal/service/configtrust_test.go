package service

import (
	"encoding/json"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckConfigFrom covers `check --config-from REF`: the config at REF
// applies, and the working tree's config is compared with it in the text
// and JSON outputs.
func TestCheckConfigFrom(t *testing.T) {
	toolrepo.EndToEnd(t)
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
	code, out, errOut := runCheck(t, repo, "--base", base, "--config-from", base, "tools/*.json")
	if code != exitFindings || strings.Contains(out, "config change") || strings.Contains(out, RuleConfigValid.ID) {
		t.Fatalf("unchanged config: exit %d\n%s%s", code, out, errOut)
	}

	// A valid change: the base config applies, the change is listed.
	write("rules:\n  compat.tool.removed: warning\nignore:\n  - {rule: \"compat.input.*\", reason: trust me}\n")
	code, out, errOut = runCheck(t, repo, "--base", base, "--config-from", base, "tools/*.json")
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
	if code != exitFindings || strings.Contains(out, RuleConfigValid.ID) {
		t.Errorf("valid change: exit %d, want 1 and no %s finding\n%s%s", code, RuleConfigValid.ID, out, errOut)
	}
	code, out, _ = runCheck(t, repo, "--base", base, "--config-from", base, "--format", "json", "tools/*.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitFindings {
		t.Fatalf("json: exit %d, %v\n%s", code, err, out)
	}
	if cc := rep.ConfigChange; cc == nil || len(cc.Hidden) != 2 || len(cc.Reclassified) != 1 || cc.Reclassified[0].To.String() != "warning" || len(cc.Settings) != 3 {
		t.Errorf("json configChange: %+v", rep.ConfigChange)
	}
	// Without --config-from the working tree's config applies.
	if code, out, _ = runCheck(t, repo, "--base", base, "tools/*.json"); code != exitOK {
		t.Errorf("without --config-from: exit %d, want 0 (the working tree's config)\n%s", code, out)
	}

	// An invalid change: a finding at its position, the base config applies, exit 1.
	write("fail-on: error\nrules:\n  no.such.rule: off\n")
	code, out, errOut = runCheck(t, repo, "--config-from", base, "tools/*.json")
	if code != exitFindings || !strings.Contains(out, ".mcpschema.yaml:3:3: error: changed config \".mcpschema.yaml\" is invalid and is not used: unknown rule \"no.such.rule\"") ||
		!strings.Contains(out, "[mcpschema.config.valid]") || !strings.Contains(out, "    invalid, not used: ") {
		t.Errorf("invalid change: exit %d\n%s%s", code, out, errOut)
	}

	// A removed config: the base's still applies.
	os.Remove(filepath.Join(repo, DefaultConfigName))
	code, out, _ = runCheck(t, repo, "--config-from", base, "--format", "json", "tools/*.json")
	rep = report.Report{}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.ConfigChange == nil || !rep.ConfigChange.Removed || code != exitOK {
		t.Errorf("removed config: exit %d, %v, %+v", code, err, rep.ConfigChange)
	}

	// Errors that stop the run: an unknown revision, an invalid trusted config.
	if code, _, errOut = runCheck(t, repo, "--config-from", "no-such-ref", "tools/*.json"); code != exitUsage || !strings.Contains(errOut, `cannot read the config at "no-such-ref"`) {
		t.Errorf("unknown revision: exit %d, %s", code, errOut)
	}
	write("fail-on: sometimes\n")
	actGit(t, repo, "commit", "-qam", "bad config")
	if code, _, errOut = runCheck(t, repo, "--config-from", "HEAD", "tools/*.json"); code != exitUsage || !strings.Contains(errOut, `the config at "HEAD" (the revision the config is read from) is invalid: .mcpschema.yaml:1:10: unknown fail-on "sometimes"`) {
		t.Errorf("invalid trusted config: exit %d, %s", code, errOut)
	}
}

// TestConfigFromIgnoresSymlinkedConfig checks that a config committed as a
// symlink is not followed at the trusted revision.
func TestConfigFromIgnoresSymlinkedConfig(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "tools", map[string]string{"tools/tools.json": trustBaseTools, "real.yaml": "fail-on: error\n"})
	if err := os.Symlink("real.yaml", filepath.Join(repo, DefaultConfigName)); err != nil {
		t.Skip(err)
	}
	actCommit(t, repo, "link", nil)
	code, _, errOut := runCheck(t, repo, "--config-from", "HEAD", "tools/*.json")
	if code != exitUsage || !strings.Contains(errOut, "is not a regular file (mode 120000") {
		t.Errorf("symlinked config: exit %d, %s", code, errOut)
	}
}

// TestConfigFromDoesNotFollowAChangedSymlink checks that a working-tree
// config that is a symlink (say to /dev/zero) is reported, not read.
func TestConfigFromDoesNotFollowAChangedSymlink(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, _, _, _ := trustRepo(t, "fail-on: error\n", "")
	os.Remove(filepath.Join(repo, DefaultConfigName))
	if err := os.Symlink("/dev/zero", filepath.Join(repo, DefaultConfigName)); err != nil {
		t.Skip(err)
	}
	code, out, errOut := runCheck(t, repo, "--config-from", "HEAD", "tools/*.json")
	if code != exitFindings || !strings.Contains(out, `cannot read config: ".mcpschema.yaml" is a symlink: it is not followed`) || !strings.Contains(out, "[mcpschema.config.valid]") {
		t.Errorf("symlinked working-tree config: exit %d\n%s%s", code, out, errOut)
	}
}
