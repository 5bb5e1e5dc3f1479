package app

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestRulesListingShowsKinds: `mcpschema rules` shows every rule of the set
// with its kind.
func TestRulesListingShowsKinds(t *testing.T) {
	t.Parallel()
	code, listing, _ := runMain(t, "", "rules")
	if code != ExitOK {
		t.Fatalf("rules: exit %d", code)
	}
	for _, r := range ruleset.All().All() {
		if !strings.Contains(listing, r.ID+" ") || !listingHasKind(listing, r) {
			t.Errorf("%s: the rules listing does not show its kind %q", r.ID, r.Kind)
		}
	}
}

func listingHasKind(listing string, r *rules.Rule) bool {
	for _, line := range strings.Split(listing, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == r.ID {
			return f[1] == string(r.Kind)
		}
	}
	return false
}
