package diffcheck

// This example adds a toy breaking-change rule end to end, as
// validate/example_validation_rule_test.go does for validation (and
// example_compat_rule_test.go walks an existing rule through the same
// places). A real rule takes these steps:
//
//  1. the record: var RuleToolDescriptionRemoved = compat("compat.tool.description-removed",
//     level, severity, summary, doc, fix, title) in rules.go; compat
//     registers it with Kind rules.Breaking and the direction its id names.
//  2. the judge: a method that compares one base/head pair and calls c.add
//     with a draft naming the rule, where it is at head and base, and the
//     message (called from comparePair for tools, CompareDocument for the
//     rest of a document). TestEveryCompatRuleHasAJudge finds the function
//     that names the rule: run it with -update to add the line
//     "compat.tool.description-removed RuleToolDescriptionRemoved: (comparer).compareDescription"
//     to testdata/golden/judges.txt, the rule → judge table.
//  3. a fixture under testdata/<direction>/ that expects the rule (want
//     lines), and a silent one under testdata/silent/ for a change that must
//     not be reported; TestRegistry and TestEveryCompatRuleHasAJudge insist
//     on the first.
//  4. the rule table in docs/rules.md: go test ./cmd/internal/app -run TestReadmeRuleTable -update
//
// The example does steps 1 to 3 without touching the registry or the
// judges (so that the other tests keep checking only real rules): the
// record is a value, and the judge runs on the pairs pairTools makes of
// the fixture's files, as comparePair would run it.

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// Step 1: the record (real code: compat(...), which registers it).
var exampleRuleDescriptionRemoved = &rules.Rule{
	ID: "compat.tool.description-removed", Kind: rules.Breaking, Direction: compatDirection("compat.tool.description-removed"),
	Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
	Summary: "a tool keeps its description",
	Doc:     "Models choose tools by their description; a tool that loses it is chosen less well.",
	Fix:     "keep a description that says what the tool does",
	Title:   "description removed",
}

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

// Step 3: the fixtures, one that expects the rule and one silent.
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
	fmt.Printf("%s: kind %s, direction %s\n", exampleRuleDescriptionRemoved.ID, exampleRuleDescriptionRemoved.Kind, exampleRuleDescriptionRemoved.Direction)
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
	// compat.tool.description-removed: kind breaking, direction tool
	// warning compat.tool.description-removed t.json#/tools/0 base=t.json#/tools/0/description
	// fixture wants compat.tool.description-removed: found true
	// silent fixture: 0 findings
}
