package service

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// TestDiffStageUnderRunBudget: limits.run-timeout covers the diff stage of
// check --base too. The base's examples (validated against the base and
// head schemas by the diff) backtrack; the head has none, so validating the
// head is quick. Before, the diff ran on for about 25 s past a 1 s budget
// and nothing said the diff was cut short; now the diff stops at the
// budget, and an error naming limits.run-timeout marks the run incomplete.
func TestDiffStageUnderRunBudget(t *testing.T) {
	toolrepo.EndToEnd(t)
	dir := t.TempDir()
	actGit(t, dir, "init", "-q", "-b", "main")
	actCommit(t, dir, "base", map[string]string{
		"tools.json":      diffBombDoc(true, false),
		".mcpschema.yaml": "files: [\"tools.json\"]\nlimits:\n  run-timeout: 1s\n",
	})
	if err := os.WriteFile(filepath.Join(dir, "tools.json"), []byte(diffBombDoc(false, true)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCheck(t, dir, "--format", "json", "--base", "main")
	if code != exitFindings {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v\n%.2000s", err, out)
	}
	if rep.Summary.Complete {
		t.Error("the run is complete though the diff stage ran past limits.run-timeout")
	}
	found := false
	for _, f := range rep.Findings {
		if f.Rule == "mcpschema.file.time-budget" && strings.Contains(f.Message, "limits.run-timeout") && f.Severity.String() == "error" {
			found = true
		}
	}
	if !found {
		t.Errorf("no time-budget error naming limits.run-timeout: %s", summarize(rep.Findings))
	}
}
