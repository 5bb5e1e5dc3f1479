package service

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestConfigFromMissingRevisionAdvice: a --config-from revision that is not
// in the repository gets the same advice as a missing --base (README,
// "Missing revisions"): a repository without a remote is told to check the
// name, and fetch-depth is mentioned only for a shallow clone.
func TestConfigFromMissingRevisionAdvice(t *testing.T) {
	toolrepo.EndToEnd(t)
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools/a.json": goodTool})
	code, _, errOut := runCheck(t, repo, "--config-from", "no-such-ref", "tools/*.json")
	if code != exitUsage || !strings.Contains(errOut, `cannot read the config at "no-such-ref"`) ||
		!strings.Contains(errOut, "no remote to fetch it from; check the name") || strings.Contains(errOut, "fetch-depth") {
		t.Errorf("exit %d, stderr %q: want exit 2 and the missing-revision advice for a repository without a remote", code, errOut)
	}
}
