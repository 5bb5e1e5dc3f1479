package app

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
)

var update = flag.Bool("update", false, "rewrite generated files (the rule table in docs/rules.md, golden files)")

// TestReadmeRuleTable keeps the rule table of docs/rules.md (linked from
// the README) equal to the registry.
func TestReadmeRuleTable(t *testing.T) {
	t.Parallel()
	const path = "../../../docs/rules.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, RulesTableBegin)
	j := strings.Index(text, RulesTableEnd)
	if i < 0 || j < i {
		t.Fatalf("docs/rules.md lacks the rule table markers %q and %q", RulesTableBegin, RulesTableEnd)
	}
	want := RulesTable(rules.All())
	got := strings.TrimPrefix(text[i+len(RulesTableBegin):j], "\n")
	if got == want {
		return
	}
	if *update {
		text = text[:i+len(RulesTableBegin)] + "\n" + want + text[j:]
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("docs/rules.md rule table is out of date (every rule needs its anchor, the target of SARIF helpUri) with the registry: run go test ./cmd/internal/app -run TestReadmeRuleTable -update")
}
