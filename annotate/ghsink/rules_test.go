package ghsink

import "github.com/mcpschema/mcpschema/internal/rules"

// The breaking-change rule the test reports use: a finding is breaking
// because its rule is registered with kind rules.Breaking.
func init() {
	rules.Register(rules.Rule{ID: "compat.input.required-added", Kind: rules.Breaking, Direction: rules.Input,
		Owner: "mcpschema", Level: rules.Must, Severity: rules.Error, Summary: "no argument becomes required", Title: "required argument added"})
}
