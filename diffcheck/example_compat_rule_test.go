package diffcheck

// This file shows, as a compiled and tested example, every place a new
// breaking-change rule touches (after actionlint's
// example_your_own_rule_test.go). It walks an existing rule,
// compat.input.pattern-added, through the five places:
//
//  1. the rule record beside its judge (judge_values.go, above strings):
//     RuleInputPatternAdded = compatRule{ID: "compat.input.pattern-added",
//     Level, Severity, Title, Summary, Doc, Fix}.rule(), the title short, for
//     annotation titles ("pattern added"). rule() sets Kind rules.Breaking;
//     the id namespace compat.<direction>.<name> declares the direction
//     (input, output, tool, annotation, example, file; prompt, resource,
//     resource-template, security, capability, transport for the rest of an
//     MCP Description document, see document.go), and rules.NewSet rejects
//     any other. An error of the rule is a breaking change
//     (report.Finding.IsBreaking), wherever it is rendered.
//  2. the judgement in judge*.go: base and head are paired first (pair.go:
//     tools by name, schemas walked in lockstep), then each judge method
//     compares one pair and, on a change, fills a change with the rule and
//     the message (lower case, what changed and where, then the fix) and
//     calls emit, which looks for a witness the validator confirms: a value
//     base accepts and head rejects for inputs (contravariant), the reverse
//     for outputs (covariant). Without a witness an error stays an error only
//     when the break is certain by construction.
//  3. the mirror rule of the other direction, judged by the same code with
//     the roles swapped (here compat.output.pattern-removed): both sit in
//     the judge's mirror, which the judge reads by its direction, and the
//     judge's line in judges.go lists them, which puts them in Rules().
//  4. fixtures: diffcheck/testdata/<direction>/<name>.txtar, read by
//     internal/testsupport/fixture, with base/ and head/ sections and want lines
//     (base=<file>#<pointer> for the base location, nowitness <rule> where
//     no witness can exist), and a silent case under testdata/silent/ for a
//     change that must not be reported.
//  5. the rule table in docs/rules.md: go test ./cmd/internal/ruleset -run TestRulesTable -update
//
// The example runs the comparison on one fixture and checks the witness the
// way TestFixtures does. It prints no message text, which belongs to step 2.

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

const exampleCompatFixture = `# a pattern on a free string argument
want error compat.input.pattern-added t.json#/inputSchema/properties/id/pattern
-- base/t.json --
{"name": "t", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
-- head/t.json --
{"name": "t", "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "pattern": "^[a-z]+$"}}}}
`

func Example_compatRule() {
	// Step 1: the record, kind and direction.
	r := RuleInputPatternAdded
	fmt.Printf("%s: kind %s, direction %s, default severity %s\n", r.ID, r.Kind, r.Direction, r.Severity)

	// Step 4: the fixture, read by internal/testsupport/fixture like every case of
	// testdata (TestFixtures), and its base and head files.
	c, err := fixture.Parse("input/pattern-added", []byte(exampleCompatFixture))
	if err != nil {
		panic(err)
	}
	var base, head []*source.File
	for _, f := range c.Section("base") {
		base = append(base, source.Parse(f.Name, f.Data, source.Limits{}))
	}
	for _, f := range c.Section("head") {
		head = append(head, source.Parse(f.Name, f.Data, source.Limits{}))
	}

	// Step 2: pair, judge, and a witness confirmed by the validator.
	eng := schema.NewEngine(schema.Limits{})
	for _, f := range Compare(base, head, Options{}) {
		rep := report.Report{Findings: []report.Finding{f}}
		rep.Finalize()
		fmt.Printf("%s %s %s#%s breaking=%v\n", f.Severity, f.Rule, f.File, f.Pointer, rep.Summary.Breaking == 1)
		bs, _ := source.Resolve(base[0].Root, "/inputSchema")
		hs, _ := source.Resolve(head[0].Root, "/inputSchema")
		berrs, bok := eng.Check(bs).Validate(f.Witness)
		herrs, hok := eng.Check(hs).Validate(f.Witness)
		fmt.Printf("witness: base accepts it %v, head rejects it %v\n", bok && len(berrs) == 0, hok && len(herrs) > 0)
	}
	// Output:
	// compat.input.pattern-added: kind breaking, direction input, default severity error
	// error compat.input.pattern-added t.json#/inputSchema/properties/id/pattern breaking=true
	// witness: base accepts it true, head rejects it true
}
