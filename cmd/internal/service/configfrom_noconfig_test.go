package service

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestConfigFromWithoutAnyConfigIsNoChange: a repository with no config at
// the trusted revision nor in the working tree (every new user's) has no
// config change; the action's pull request summary must not say
// `config ".mcpschema.yaml" is new`.
func TestConfigFromWithoutAnyConfigIsNoChange(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo, _, _, _ := trustRepo(t, "", "")
	code, out, errOut := runCheck(t, repo, "--config-from", "HEAD~2", "tools/*.json")
	if code != exitOK || strings.Contains(out, "config change") {
		t.Errorf("text: exit %d, want 0 and no config change\n%s%s", code, out, errOut)
	}
	code, out, _ = runCheck(t, repo, "--config-from", "HEAD~2", "--format", "json", "tools/*.json")
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitOK || rep.ConfigChange != nil {
		t.Errorf("json: exit %d, %v, configChange %+v, want none", code, err, rep.ConfigChange)
	}
}
