package service

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// failNever is --fail-on never: the tests read the report, not the outcome.
var failNever = report.GateOverride{FailOn: &report.FailOn{Severity: rules.Off}}

// actGit runs git in dir with a fixed identity and clock, so commits are reproducible.
func actGit(t *testing.T, dir string, args ...string) string {
	t.Helper()
	return toolrepo.Git(t, dir, args...)
}

func actCommit(t *testing.T, dir, msg string, files map[string]string) string {
	t.Helper()
	return toolrepo.Commit(t, dir, msg, files)
}

// toolsJSON is a tools/list result with n tools; the first bad ones have an
// invalid "type" (an error each), the next warn ones lack a root type.
func toolsJSON(n, bad, warn int) string { return toolrepo.ToolsJSON(n, bad, warn) }

// The trust fixtures: toolrepo's (the service's, the CLI's and the action's tests share them).
const (
	trustBaseTools = toolrepo.TrustBaseTools
	trustHeadTools = toolrepo.TrustHeadTools
)

func trustRepo(t *testing.T, baseCfg, headCfg string) (repo, base, head, merge string) {
	t.Helper()
	return toolrepo.TrustRepo(t, baseCfg, headCfg)
}
