package app

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestEveryRuleHasATitle: in the whole registry (validation, compat and
// the app's rules) every rule has an annotation title that names the
// problem ("tool schema invalid"), not only the state derived from its id.
func TestEveryRuleHasATitle(t *testing.T) {
	for _, r := range rules.All() {
		if r.Title == "" {
			t.Errorf("rule %s has no title: give it one that names the problem", r.ID)
		}
	}
}
