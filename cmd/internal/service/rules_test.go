package service

import (
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
)

// testRules is every rule, as cmd/internal/ruleset puts them in one set
// (which this package's tests cannot import: it imports the service).
var testRules = func() *rules.Set {
	s, err := rules.NewSet(validate.Rules(), diffcheck.Rules(), Rules())
	if err != nil {
		panic(err)
	}
	return s
}()
