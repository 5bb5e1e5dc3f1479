package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/testsupport/toolrepo"
)

// diffBombDoc is patternBombDoc's shape: ten tools with sixty ^(a+)+$
// properties; with examples, each example value backtracks until the regex
// timeout. required adds property_00 to every tool's required list.
func diffBombDoc(examples, required bool) string {
	var b strings.Builder
	b.WriteString(`{"mcpdesc": "0.8.0", "info": {"name": "bomb", "version": "1.0.0"}, "protocolVersions": ["2026-07-28"], "tools": [`)
	for t := 0; t < 10; t++ {
		if t > 0 {
			b.WriteString(",")
		}
		var props, input []string
		for p := 0; p < 60; p++ {
			props = append(props, fmt.Sprintf(`"property_%02d": {"type": "string", "pattern": "^(a+)+$"}`, p))
			input = append(input, fmt.Sprintf(`"property_%02d": "%s!"`, p, strings.Repeat("a", 44)))
		}
		req := ""
		if required {
			req = `, "required": ["property_00"]`
		}
		ex := ""
		if examples {
			ex = fmt.Sprintf(",\n \"examples\": {\"e\": {\"input\": {%s}, \"result\": {\"resultType\": \"complete\", \"content\": []}}}", strings.Join(input, ", "))
		}
		fmt.Fprintf(&b, "\n{\"name\": \"t%d\", \"inputSchema\": {\"type\": \"object\", \"properties\": {%s}%s}%s}", t, strings.Join(props, ", "), req, ex)
	}
	b.WriteString("]}\n")
	return b.String()
}

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
	code, out, errOut := runMain(t, dir, "check", "--format", "json", "--base", "main")
	if code != ExitFindings {
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
