package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/load"
	"github.com/mcpschema/mcpschema/validate"
)

// TestRunReadsYAMLWithinFileTimeout: the file's time budget
// (limits.file-timeout, here an injected 1 ns) covers reading the file, so
// a YAML file is cut while it is read, with an mcpschema.file.time-budget
// error at a position. (Before, reading was outside the budget.)
func TestRunReadsYAMLWithinFileTimeout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := "tools:\n  - name: a\n    inputSchema: {type: object}\n"
	if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := load.NewMatcher([]string{"a.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), Input{Dir: dir, Matcher: m, Patterns: []string{"a.yaml"},
		Options: validate.Options{Limits: validate.Limits{FileTimeout: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if f.Rule == validate.RuleTimeBudget.ID && f.Line > 0 && strings.Contains(f.Message, "reading the file ran out of its time budget") {
			return
		}
	}
	t.Errorf("no time-budget finding for the reading: %+v", rep.Findings)
}
