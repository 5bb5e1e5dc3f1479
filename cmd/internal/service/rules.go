package service

import "github.com/mcpschema/mcpschema/internal/rules"

// Rules returns the rules the service reports itself (the config, the file
// patterns, the version policy), sorted by id.
func Rules() []*rules.Rule {
	return []*rules.Rule{RuleIgnoreExpired, RuleConfigValid, RuleMajorBumpUnused, RuleVersionNotRaised, RulePatternUnmatched}
}
