package diffcheck

// This example adds a toy breaking-change rule end to end, as
// validate/example_validation_rule_test.go does for validation (and
// example_compat_rule_test.go walks an existing rule through the same
// places). A real rule takes these steps:
//
//  1. the record, beside its judge: var RuleToolDescriptionRemoved =
//     compatRule{ID: "compat.tool.description-removed", Level: …, Severity: …,
//     Title: …, Summary: …, Doc: …, Fix: …}.rule() (rule() fills Kind
//     rules.Breaking, Owner and the direction its id names). A judge that
//     rules both ways keeps its input and output records in a mirror
//     (mirror{in: ruling{rule: RuleInput…}, out: ruling{rule: RuleOutput…}})
//     and reads the side of its direction, so it never branches on it to
//     pick a rule or a message.
//  2. the judge: a method that compares one base/head pair and calls c.add
//     with a draft naming the rule, where it is at head and base, and the
//     message (called from comparePair for tools, CompareDocument for the
//     rest of a document).
//  3. its line in the judge table (judges.go):
//     {"(comparer).compareDescription", []*rules.Rule{RuleToolDescriptionRemoved}};
//     Rules() is the table's rules, so the line is what puts the rule in
//     cmd/internal/ruleset's set (`mcpschema rules`, SARIF, config
//     validation). TestEveryCompatRuleHasAJudge keeps the table equal to the
//     functions that name each rule or its mirror.
//  4. a fixture under testdata/<direction>/ that expects the rule (want
//     lines), and a silent one under testdata/silent/ for a change that must
//     not be reported; TestRegistry and TestEveryCompatRuleHasAJudge insist
//     on the first.
//  5. the rule table in docs/rules.md: go test ./cmd/internal/ruleset -run TestRulesTable -update
//
// The example does steps 1 to 4 without touching the package's table (so
// that the other tests keep checking only real rules): the record is a
// value, the table line is added to a copy, the set is built from it as
// cmd/internal/ruleset builds the real one, and the judge runs on the pairs
// pairTools makes of the fixture's files, as comparePair would run it.

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// Step 1: the record, beside its judge.
var exampleRuleDescriptionRemoved = compatRule{ID: "compat.tool.description-removed", Level: rules.Should, Severity: rules.Warning,
	Title:   "description removed",
	Summary: "a tool keeps its description",
	Doc:     "Models choose tools by their description; a tool that loses it is chosen less well.",
	Fix:     "keep a description that says what the tool does"}.rule()

// Step 2: the judge of one pair.
func (c *comparer) exampleCompareDescription(p pair) {
	if _, had := p.base.tool.Value["description"]; !had {
		return
	}
	if _, has := p.head.tool.Value["description"]; has {
		return
	}
	c.add(draft{rule: exampleRuleDescriptionRemoved, tool: p.head,
		at:      loc{file: p.head.file, ptr: p.head.tool.Pointer},
		base:    &loc{file: p.base.file, ptr: source.Join(p.base.tool.Pointer, "description")},
		removed: true,
		msg:     fmt.Sprintf("tool %q lost its description: models choose tools by it; keep a description", p.head.name())})
}

// Step 3: the judge's line in the table, on a copy of judges.
var exampleJudges = append(judges[:len(judges):len(judges)],
	judgeEntry{"(comparer).exampleCompareDescription", []*rules.Rule{exampleRuleDescriptionRemoved}})

// Step 4: the fixtures, one that expects the rule and one silent.
const (
	exampleToyFixture = `# a description removed
want warning compat.tool.description-removed t.json#/tools/0 base=t.json#/tools/0/description
-- base/t.json --
{"tools": [{"name": "t", "description": "finds things", "inputSchema": {"type": "object"}}]}
-- head/t.json --
{"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}
`
	exampleToySilent = `# a description reworded: not reported
-- base/t.json --
{"tools": [{"name": "t", "description": "finds things", "inputSchema": {"type": "object"}}]}
-- head/t.json --
{"tools": [{"name": "t", "description": "finds things fast", "inputSchema": {"type": "object"}}]}
`
)

func Example_toyCompatRule() {
	var table []*rules.Rule
	for _, e := range exampleJudges {
		table = append(table, e.rules...)
	}
	set, err := rules.NewSet(table) // as cmd/internal/ruleset puts the packages' rules in one set
	if err != nil {
		panic(err)
	}
	r, ok := set.Lookup(exampleRuleDescriptionRemoved.ID)
	fmt.Printf("in the set: %v, one rule more than Rules(): %v; %s: kind %s, direction %s\n", ok, len(set.All()) == len(Rules())+1, r.ID, r.Kind, r.Direction)
	for _, txt := range []string{exampleToyFixture, exampleToySilent} {
		fc, err := fixture.Parse("tool/description-removed", []byte(txt))
		if err != nil {
			panic(err)
		}
		side := func(name string) []*source.File {
			var out []*source.File
			for _, f := range fc.Section(name) {
				out = append(out, source.Parse(f.Name, f.Data, source.Limits{}))
			}
			return out
		}
		pairs, _, _ := pairTools(collectTools(side("base")), collectTools(side("head")), nil, func(a, b *toolRef) bool { return false })
		c := &comparer{}
		for _, p := range pairs {
			c.exampleCompareDescription(p)
		}
		got := map[string]bool{}
		for _, f := range c.findings {
			fmt.Printf("%s %s %s#%s base=%s#%s\n", f.Severity, f.Rule, f.File, f.Pointer, f.Base.File, f.Base.Pointer)
			got[f.Rule+" "+f.File+"#"+f.Pointer] = true
		}
		for _, w := range fc.Wants {
			fmt.Printf("fixture wants %s: found %v\n", w.Rule, got[w.Rule+" "+w.File+"#"+w.Pointer])
		}
		if len(fc.Wants) == 0 {
			fmt.Printf("silent fixture: %d findings\n", len(c.findings))
		}
	}
	// Output:
	// in the set: true, one rule more than Rules(): true; compat.tool.description-removed: kind breaking, direction tool
	// warning compat.tool.description-removed t.json#/tools/0 base=t.json#/tools/0/description
	// fixture wants compat.tool.description-removed: found true
	// silent fixture: 0 findings
}
