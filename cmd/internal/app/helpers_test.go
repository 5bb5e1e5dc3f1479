package app

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

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

// toolsJSONBreaking is toolsJSON whose last tool, when breaking, requires its
// property (a breaking change against toolsJSON).
func toolsJSONBreaking(n, bad, warn int, breaking bool) string {
	return toolrepo.ToolsJSONBreaking(n, bad, warn, breaking)
}

func summarize(fs []report.Finding) string {
	var b strings.Builder
	for i, f := range fs {
		if i == 20 {
			fmt.Fprintf(&b, "\n  … %d more", len(fs)-i)
			break
		}
		fmt.Fprintf(&b, "\n  %s:%d:%d %s %s %s: %.200s", f.File, f.Line, f.Column, f.Severity, f.Rule, f.Pointer, f.Message)
	}
	return b.String()
}

// The trust fixtures: toolrepo's (the service's, the CLI's and the action's tests share them).
const (
	trustBaseTools = toolrepo.TrustBaseTools
	trustHeadTools = toolrepo.TrustHeadTools
)

func trustRepo(t *testing.T, baseCfg, headCfg string) (repo, base, head, merge string) {
	t.Helper()
	return toolrepo.TrustRepo(t, baseCfg, headCfg)
}
