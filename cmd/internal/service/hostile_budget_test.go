package service

import (
	"strings"
	"testing"
)

// patternBombDoc is issue 10 item 6's file: ten tools with sixty ^(a+)+$
// properties and an example each whose values make every pattern
// backtrack until the regex timeout (about 74 KB).
func patternBombDoc() string { return diffBombDoc(true, false) }

// TestHostileTimeBudget: the 74 KB pattern bomb (50 s and a green run
// before) stops at limits.file-timeout with an error naming the budget and
// the tools left, the file is not complete, the run fails under the
// default fail-on: error, and the other file is still checked.
func TestHostileTimeBudget(t *testing.T) {
	code, rep := hostile(t, map[string]string{
		"bomb.json":       patternBombDoc(),
		".mcpschema.yaml": "limits:\n  file-timeout: 1s\n",
	})
	if code != exitFindings {
		t.Errorf("exit %d, want %d", code, exitFindings)
	}
	f := want(t, rep, "bomb.json", "mcpschema.file.time-budget", "limits.file-timeout", `"t9"`)
	if f.Severity.String() != "error" || f.Pointer == "" || f.Line == 0 {
		t.Errorf("finding %+v", f)
	}
	if fileComplete(t, rep, "bomb.json") || rep.Summary.Complete {
		t.Error("bomb.json listed as completely checked")
	}
}

// TestConfigTimeBudgets reads limits.file-timeout and limits.run-timeout.
func TestConfigTimeBudgets(t *testing.T) {
	dir := writeFiles(t, map[string]string{".mcpschema.yaml": "limits:\n  file-timeout: 3s\n  run-timeout: 1m\n"})
	cfg, err := LoadConfig(dir+"/.mcpschema.yaml", ".mcpschema.yaml", true, testRules)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Limits.FileTimeout.String() != "3s" || cfg.Limits.RunTimeout.String() != "1m0s" {
		t.Errorf("limits %+v", cfg.Limits)
	}
	dir = writeFiles(t, map[string]string{"a.json": goodTool, ".mcpschema.yaml": "limits:\n  run-timeout: soon\n"})
	code, _, errOut := checkRun(t, dir, "a.json")
	if code != exitUsage || !strings.Contains(errOut, `.mcpschema.yaml:2:16: run-timeout "soon" is not a positive duration`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}
