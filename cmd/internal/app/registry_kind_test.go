package app

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
)

// emittedByApp lists the validation rules the CLI itself reports, with where.
var emittedByApp = map[*rules.Rule]string{
	service.RuleConfigValid:      "the config loader (configfrom.go) reports a config file that does not apply",
	service.RuleIgnoreExpired:    "applying the config (apply.go) reports an ignore past its expiry",
	service.RulePatternUnmatched: "the file matcher (patterns.go) reports a pattern that matches no file in either tree",
	service.RuleMajorBumpUnused:  "the version policy (version_policy.go) reports a major bump without a breaking change",
	service.RuleVersionNotRaised: "the version policy (version_policy.go) reports a file of the release that did not raise its major version",
}

// TestEveryRuleHasAKind checks the typed rule records of the whole registry:
// every rule has a known kind, shown by `mcpschema rules`; breaking rules
// have a known direction, and the id namespace declares both (a rule is
// breaking exactly when its id is compat.<direction>.<name>).
func TestEveryRuleHasAKind(t *testing.T) {
	t.Parallel()
	code, listing, _ := runMain(t, "", "rules")
	if code != ExitOK {
		t.Fatalf("rules: exit %d", code)
	}
	kinds := map[rules.Kind]int{}
	for _, r := range rules.All() {
		kinds[r.Kind]++
		known := false
		for _, k := range []rules.Kind{rules.Validation, rules.Breaking} {
			known = known || r.Kind == k
		}
		if !known {
			t.Errorf("%s: kind %q is not one of %v", r.ID, r.Kind, []rules.Kind{rules.Validation, rules.Breaking})
		}
		if !strings.Contains(listing, r.ID+" ") || !listingHasKind(listing, r) {
			t.Errorf("%s: the rules listing does not show its kind %q", r.ID, r.Kind)
		}
		compat := strings.HasPrefix(r.ID, "compat.")
		if compat != (r.Kind == rules.Breaking) {
			t.Errorf("%s: kind %q, but compat.* ids are exactly the breaking rules", r.ID, r.Kind)
		}
		if r.Kind == rules.Breaking {
			if !rules.IsDirection(r.Direction) {
				t.Errorf("%s: breaking rule without a known direction (%q)", r.ID, r.Direction)
			}
			if want := "compat." + string(r.Direction) + "."; !strings.HasPrefix(r.ID, want) {
				t.Errorf("%s: direction %q does not match the id namespace %s*", r.ID, r.Direction, want)
			}
		}
	}
	if kinds[rules.Validation] == 0 || kinds[rules.Breaking] == 0 {
		t.Errorf("kinds %v: want validation and breaking rules", kinds)
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

// TestEveryValidationRuleIsEmittedSomewhere checks the link rule → code for
// the whole registry: every validation rule is owned by exactly one check of
// package validate, or listed as reported elsewhere with the reason.
func TestEveryValidationRuleIsEmittedSomewhere(t *testing.T) {
	t.Parallel()
	owner := map[*rules.Rule][]string{}
	for _, c := range validate.Checks() {
		for _, r := range c.Rules {
			owner[r] = append(owner[r], "check "+c.Name)
		}
	}
	for r, why := range validate.EmittedElsewhere {
		owner[r] = append(owner[r], why)
	}
	for r, why := range emittedByApp {
		owner[r] = append(owner[r], why)
	}
	for _, r := range rules.All() {
		if r.Kind != rules.Validation {
			continue
		}
		if n := len(owner[r]); n != 1 {
			t.Errorf("%s: %d owners %v, want exactly one", r.ID, n, owner[r])
		}
	}
}
