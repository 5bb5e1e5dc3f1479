package ghsink

import "github.com/mcpschema/mcpschema/internal/rules"

// testRules is the rule set of this package's tests: the breaking-change
// rule the test reports use (a finding is breaking by its rule's compat.
// namespace) and its title.
var testRules = func() *rules.Set {
	s, err := rules.NewSet([]*rules.Rule{rules.New(rules.Rule{ID: "compat.input.required-added", Kind: rules.Breaking, Direction: rules.Input,
		Owner: "mcpschema", Level: rules.Must, Severity: rules.Error, Summary: "no argument becomes required", Title: "required argument added"})})
	if err != nil {
		panic(err)
	}
	return s
}()
