package validate

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// TestEveryValidationRuleHasOneOwner checks the link rule → check: every
// validation rule of this package is owned by exactly one check, or listed
// in EmittedElsewhere with a reason, never both; a shared rule is owned by
// another check; check names are unique kebab-case.
func TestEveryValidationRuleHasOneOwner(t *testing.T) {
	t.Parallel()
	nameRe := regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	owner := map[*rules.Rule]string{}
	names := map[string]bool{}
	for _, c := range Checks() {
		if !nameRe.MatchString(c.Name) || names[c.Name] {
			t.Errorf("check %q: name malformed or not unique", c.Name)
		}
		names[c.Name] = true
		for _, r := range c.Rules {
			if prev, dup := owner[r]; dup {
				t.Errorf("%s: owned by both check %q and check %q", r.ID, prev, c.Name)
			}
			owner[r] = c.Name
		}
	}
	for _, c := range Checks() {
		for _, r := range c.Shares {
			if o, ok := owner[r]; !ok || o == c.Name {
				t.Errorf("check %q shares %s, which no other check owns", c.Name, r.ID)
			}
		}
	}
	for r, why := range EmittedElsewhere {
		if o, ok := owner[r]; ok {
			t.Errorf("%s: listed as emitted elsewhere (%s) but owned by check %q", r.ID, why, o)
		}
		if strings.TrimSpace(why) == "" {
			t.Errorf("%s: emitted elsewhere without a reason", r.ID)
		}
	}
	for _, r := range Rules() {
		if r.Kind != rules.Validation {
			t.Errorf("%s: kind %q; this package registers validation rules only", r.ID, r.Kind)
			continue
		}
		if _, ok := owner[r]; !ok {
			if _, ok := EmittedElsewhere[r]; !ok {
				t.Errorf("%s: no check owns it: add it to the Rules of the check that reports it (checks.go) or to EmittedElsewhere with the reason", r.ID)
			}
		}
	}
}

// TestChecksReportOnlyTheirRules runs every fixture with a trace: each
// finding comes from a check that owns or shares its rule, and findings
// reported outside any check are of rules listed in EmittedElsewhere.
func TestChecksReportOnlyTheirRules(t *testing.T) {
	t.Parallel()
	cases, err := fixture.Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	declared := map[*Check]map[string]bool{}
	for _, list := range [][]*Check{toolChecks, fileChecks} {
		for _, c := range list {
			declared[c] = map[string]bool{}
			for _, r := range append(append([]*rules.Rule(nil), c.Rules...), c.Shares...) {
				declared[c][r.ID] = true
			}
		}
	}
	elsewhere := map[string]bool{}
	for r := range EmittedElsewhere {
		elsewhere[r.ID] = true
	}
	seen := map[string]bool{}
	eng := schema.NewEngine(schema.Limits{})
	for _, c := range cases {
		for _, name := range c.Order {
			if strings.HasPrefix(name, ".") {
				continue
			}
			f := source.Parse(name, c.Files[name], source.Limits{})
			checkFile(f, Options{DefaultVersions: c.Versions}, eng, func(ch *Check, fd report.Finding) {
				seen[fd.Rule] = true
				switch {
				case ch == nil && !elsewhere[fd.Rule]:
					t.Errorf("%s: %s reported outside any check but not listed in EmittedElsewhere", c.Name, fd.Rule)
				case ch != nil && !declared[ch][fd.Rule]:
					t.Errorf("%s: check %q reported %s, which it neither owns nor shares", c.Name, ch.Name, fd.Rule)
				}
			}, toolChecks, fileChecks)
		}
	}
	if len(seen) < 20 {
		t.Fatalf("only %d rules seen in the fixtures: is the trace wired?", len(seen))
	}
}

// ruleByID looks a rule of the package up by id.
func ruleByID(id string) (*rules.Rule, bool) {
	for _, r := range Rules() {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}
