package service

import (
	"strings"
	"testing"
)

// TestWorkspacePatternBraces: a brace alternative of a config's or the
// action's files pattern cannot leave the workspace either; each
// alternative is checked, and the error names the whole pattern.
func TestWorkspacePatternBraces(t *testing.T) {
	t.Parallel()
	bad := []string{
		"{tools,../outside}/*.json",
		"{/abs/x.json,tools/a.json}",
		"tools/{a.json,../../x}",
		"{tools,{x,../y}}/*.json",
		"{.,a}./x.json",
		"{tools,\\\\abs}/x.json",
		"{tools,C:/x}/*.json",
	}
	for _, pat := range bad {
		err := CheckWorkspacePattern(pat)
		if err == nil || !strings.Contains(err.Error(), "workspace") || !strings.Contains(err.Error(), strconvQuote(pat)) {
			t.Errorf("checkWorkspacePattern(%q) = %v: want an error naming the pattern and the workspace", pat, err)
		}
	}
	for _, pat := range []string{"tools/{a,b}.json", "{tools,defs}/**/*.json", "tools/{a.{json,yaml},b}", "tools/\\{x}.json", "tools/[{]x.json", "{a..b,c}/*.json"} {
		if err := CheckWorkspacePattern(pat); err != nil {
			t.Errorf("checkWorkspacePattern(%q) = %v: want it accepted", pat, err)
		}
	}
}

// TestConfigFilesBracesStayInWorkspace: the same through a config's files,
// end to end (the action's files input: cmd/internal/action).
func TestConfigFilesBracesStayInWorkspace(t *testing.T) {
	t.Parallel()
	for _, pat := range []string{"{tools,../outside}/*.json", "{/abs/x.json,tools/a.json}"} {
		dir := writeFiles(t, map[string]string{"tools/a.json": goodTool, ".mcpschema.yaml": "files: [" + strconvQuote(pat) + "]\n"})
		code, out, errOut := runCheck(t, dir)
		if code != exitUsage || !strings.Contains(errOut, "workspace") || !strings.Contains(errOut, pat) {
			t.Errorf("config files %q: exit %d, stderr %q, stdout %.200q: want a usage error naming the pattern and the workspace", pat, code, errOut, out)
		}
	}
}

// TestCommandLineBraceOutsideBase: on the command line, where absolute and
// ".." patterns are allowed, a brace alternative the search cannot reach
// is a usage error naming the pattern, not dropped silently.
func TestCommandLineBraceOutsideBase(t *testing.T) {
	t.Parallel()
	dir := writeFiles(t, map[string]string{"tools/a.json": goodTool})
	pat := "{tools,../outside}/*.json"
	code, out, errOut := runCheck(t, dir, pat)
	if code != exitUsage || !strings.Contains(errOut, strconvQuote(pat)) {
		t.Errorf("check %q: exit %d, stderr %q, stdout %.200q: want a usage error naming the pattern", pat, code, errOut, out)
	}
}
