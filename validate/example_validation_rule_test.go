package validate

// This file shows, as a compiled and tested example, every place a new
// validation rule touches (after actionlint's example_your_own_rule_test.go).
// A real rule lives in validate/<topic>.go and takes five steps:
//
//  1. the rule record: var RuleX = rules.New(rules.Rule{...}) next to
//     its check. Kind defaults to rules.Validation; a rule about one part of
//     a tool may set Direction. Its check's Rules put it in Rules(), and so in
//     cmd/internal/ruleset's set, which feeds `mcpschema rules`, SARIF rules[],
//     the table in docs/rules.md and config validation: nothing else to edit.
//  2. the check body: a func(*ToolContext) (once per tool) or a
//     func(*FileContext) (once per file, after the tool checks). It speaks in
//     JSON Pointers (c.Ptr) and reports with c.Report; positions are found
//     for it. Messages: lower case, values quoted, the tool named, what is
//     wrong first, then how to fix it.
//  3. the check's line in the list of checks (checks.go), among the tool
//     checks or the file checks, where it should run:
//     {Name: "x", Rules: []*rules.Rule{RuleX}, Tool: checkX},
//     This is the link rule → check that TestEveryValidationRuleHasOneOwner
//     and TestChecksReportOnlyTheirRules hold.
//  4. a failing and a passing fixture: validate/testdata/<name>.txtar, whose
//     comment declares the findings (want ...) or the rules it covers without
//     finding them (covers ...). TestFixtures runs them; cmd/internal/ruleset's
//     TestEveryValidationRuleHasFixtures insists on both.
//  5. the rule table in docs/rules.md: go test ./cmd/internal/ruleset -run TestRulesTable -update
//
// The example below does steps 1 to 4 without touching the rule set or the
// check list (so that the other tests keep checking only real rules): it
// builds the record and the Check as values and runs that one check on its
// two fixtures.

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// Step 1: the rule record (real code: var RuleDescriptionEcho = rules.New(rules.Rule{...})).
var exampleRuleDescriptionEcho = &rules.Rule{
	ID: "mcpschema.tool.description-echo", Kind: rules.Validation, Direction: rules.Tool,
	Owner: "mcpschema", Level: rules.Should, Severity: rules.Warning,
	Summary: "a tool description says more than the tool's name",
	Doc:     "Models choose tools by their description; a description that only repeats the name gives them nothing to choose by.",
	Fix:     "say what the tool does, what it returns and when to use it",
}

// Step 2: the check body.
func exampleCheckDescriptionEcho(c *ToolContext) {
	d, ok := c.Tool.Value["description"].(string)
	if !ok || !c.Tool.HasName {
		return
	}
	words := func(s string) string {
		return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
			return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
		}), " ")
	}
	if words(d) == words(c.Tool.Name) {
		c.Report(exampleRuleDescriptionEcho, c.Ptr("description"), nil,
			"tool %s: description %s only repeats the name: say what the tool does and when to use it", quote(c.Tool.Name), quote(d))
	}
}

// Step 3: the check (real code: its line in checks.go's list of checks).
var exampleCheck = &Check{Name: "description-echo", Rules: []*rules.Rule{exampleRuleDescriptionEcho}, Tool: exampleCheckDescriptionEcho}

// Step 4: the fixtures (real code: two files under validate/testdata).
var exampleFixtures = map[string]string{
	"description-echo.txtar": `# A description that only repeats the name warns.
want warning mcpschema.tool.description-echo tools.json#/tools/0/description 2:42
-- tools.json --
{"tools": [
  {"name": "get_weather", "description": "Get weather", "inputSchema": {"type": "object"}}
]}
`,
	"description-echo-valid.txtar": `# A description that says what the tool does is clean.
covers mcpschema.tool.description-echo
-- tools.json --
{"tools": [
  {"name": "get_weather", "description": "Current weather for a city, in metric units", "inputSchema": {"type": "object"}}
]}
`,
}

func Example_validationRule() {
	for _, name := range []string{"description-echo.txtar", "description-echo-valid.txtar"} {
		c, err := fixture.Parse(name, []byte(exampleFixtures[name]))
		if err != nil {
			fmt.Println(err)
			return
		}
		var findings []report.Finding
		for _, file := range c.Order {
			f := source.Parse(file, c.Files[file], source.Limits{})
			res := checkFile(f, Options{DefaultVersions: c.Versions}, nil, nil, []*Check{exampleCheck}, nil)
			findings = append(findings, res.Findings...)
		}
		diffs := c.Compare(findings)
		fmt.Printf("%s: %d finding(s), as declared: %v\n", name, len(findings), len(diffs) == 0)
		for _, d := range diffs {
			fmt.Println("  " + d)
		}
		for _, fd := range findings {
			fmt.Printf("  %s:%d:%d: %s: %s [%s]\n", fd.File, fd.Line, fd.Column, fd.Severity, fd.Message, fd.Rule)
		}
	}
	// Output:
	// description-echo.txtar: 1 finding(s), as declared: true
	//   tools.json:2:42: warning: tool "get_weather": description "Get weather" only repeats the name: say what the tool does and when to use it [mcpschema.tool.description-echo]
	// description-echo-valid.txtar: 0 finding(s), as declared: true
}
