package diffcheck

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
)

// TestRegistry checks the ids the rest of the program relies on, that every
// compat rule is documented, and that every one has a fixture that expects it.
func TestRegistry(t *testing.T) {
	t.Parallel()
	for _, id := range []string{
		"compat.tool.removed", "compat.tool.renamed", "compat.input.required-added",
		"compat.input.property-removed", "compat.input.additional-properties-restricted",
		"compat.input.type-narrowed", "compat.input.enum-value-removed", "compat.output.schema-removed",
		"compat.output.required-removed", "compat.output.type-widened", "compat.output.enum-value-added",
		"compat.annotation.read-only-removed", "compat.annotation.destructive-added",
	} {
		if _, ok := ruleByID(id); !ok {
			t.Errorf("rule %q is not in Rules", id)
		}
	}
	wanted := map[string]bool{}
	for _, c := range loadDiffCases(t, "testdata") {
		for _, w := range c.Wants {
			wanted[w.Rule] = true
		}
	}
	for _, r := range Rules() {
		if !strings.HasPrefix(r.ID, "compat.") || r.Kind != rules.Breaking {
			t.Errorf("%s: kind %q, but every rule of the judge is a compat.* breaking rule", r.ID, r.Kind)
		}
		if r.Owner != "mcpschema" || r.Summary == "" || r.Doc == "" || r.Fix == "" || len(r.Versions) != 0 || r.Level == "" {
			t.Errorf("%s: incomplete entry %+v", r.ID, r)
		}
		if !wanted[r.ID] {
			t.Errorf("%s: no fixture expects it", r.ID)
		}
	}
}

// TestCompatTitles: every compat rule has a short title in its record.
func TestCompatTitles(t *testing.T) {
	t.Parallel()
	for _, r := range Rules() {
		if r.Title == "" {
			t.Errorf("%s has no title", r.ID)
		}
	}
}

// TestEmittedSeveritiesListed: every severity a fixture's finding gets
// (with and without strict outputs) is one the rule table lists for its
// rule (rules.Rule.Emits: the default or Also), so the table says what
// findings actually get (issue 21 item 5).
func TestEmittedSeveritiesListed(t *testing.T) {
	eng := schema.NewEngine(schema.DefaultLimits)
	for _, c := range loadDiffCases(t, "testdata") {
		for _, strict := range []bool{false, true} {
			o := c.options()
			o.StrictOutputs = o.StrictOutputs || strict
			for _, f := range notComparedWhereInvalid(Compare(c.base, c.head, o), c.head, eng) {
				r, ok := ruleByID(f.Rule)
				if !ok {
					t.Errorf("%s: unknown rule %s", c.Name, f.Rule)
					continue
				}
				if !r.Emits(f.Severity) {
					t.Errorf("%s (strict %v): %s is %s, but the table lists %q", c.Name, strict, f.Rule, f.Severity, r.SeverityText())
				}
			}
		}
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
