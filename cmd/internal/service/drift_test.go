package service

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// compareDrift runs CompareSnapshot over one committed and one live file
// in a directory whose .mcpschema.yaml is config (none when "").
func compareDrift(t *testing.T, config, committed, live string) (*Drift, error) {
	t.Helper()
	dir := t.TempDir()
	if config != "" {
		if err := os.WriteFile(filepath.Join(dir, DefaultConfigName), []byte(config), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return CompareSnapshot(context.Background(), DriftOptions{Dir: dir, Rules: testRules,
		Committed: []SnapshotFile{{Path: "s.json", Data: []byte(committed)}}, Live: []SnapshotFile{{Path: "s.json", Data: []byte(live)}}})
}

// TestCompareSnapshot: the drift is judged as check --base judges a change,
// with the config's rules, ignores, fail-on and limits applied; a config
// that does not read is a usage error.
func TestCompareSnapshot(t *testing.T) {
	t.Parallel()
	base := `{"tools": [{"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "inputSchema": {"type": "object"}}]}`
	head := `{"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}`
	d, err := compareDrift(t, "", base, head)
	if err != nil || len(d.Findings) != 1 || d.Findings[0].Rule != "compat.tool.removed" || !d.Breaking || d.Ignores != nil {
		t.Fatalf("no config: %+v, %v; want one breaking removal", d, err)
	}
	d, err = compareDrift(t, "rules:\n  compat.tool.removed: warning\n", base, head)
	if err != nil || len(d.Findings) != 1 || d.Findings[0].Severity != rules.Warning || d.Breaking {
		t.Errorf("rules: %+v, %v; want the removal a warning, not breaking", d, err)
	}
	d, err = compareDrift(t, "ignore:\n  - rule: compat.tool.*\n    tool: b\n    reason: retired\n", base, head)
	if err != nil || len(d.Findings) != 0 || d.Breaking || d.Ignores == nil || d.Ignores.Count != 1 {
		t.Errorf("ignore: %+v, %v; want the removal ignored and counted", d, err)
	}
	d, err = compareDrift(t, "fail-on: never\n", base, head)
	if err != nil || len(d.Findings) != 1 || d.Findings[0].Severity != rules.Error || d.Breaking {
		t.Errorf("fail-on never: %+v, %v; want the removal an error that fails nothing", d, err)
	}
	d, err = compareDrift(t, "fail-on: warning\nrules:\n  compat.tool.removed: warning\n", base, head)
	if err != nil || len(d.Findings) != 1 || !d.Breaking {
		t.Errorf("fail-on warning: %+v, %v; want the removal, a warning, to count as breaking", d, err)
	}
	d, err = compareDrift(t, "fail-on: warning\nrules:\n  compat.tool.removed: notice\n", base, head)
	if err != nil || len(d.Findings) != 1 || d.Breaking {
		t.Errorf("fail-on warning, the removal a notice: %+v, %v; want it not breaking", d, err)
	}
	d, err = compareDrift(t, "limits:\n  max-file-bytes: 40\n", base, head)
	if err != nil || !d.Committed[0].Fatal() || !strings.Contains(d.Committed[0].Problems[0].Message, "40") {
		t.Errorf("limits: %+v, %v; want the committed file over max-file-bytes", d, err)
	}
	_, err = compareDrift(t, "fail-on: sometimes\n", base, head)
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `unknown fail-on "sometimes"`) {
		t.Errorf("bad config: %v, want a usage error naming it", err)
	}
}
