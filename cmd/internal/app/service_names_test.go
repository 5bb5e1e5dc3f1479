package app

import "github.com/mcpschema/mcpschema/cmd/internal/service"

// The application service's names the commands' tests spell as they did
// when the service was part of app.
var (
	ParseConfig   = service.ParseConfig
	LoadConfig    = service.LoadConfig
	defaultConfig = service.DefaultConfig

	checkWorkspacePattern = service.CheckWorkspacePattern
	commitOf              = service.CommitOf
	short                 = service.ShortSHA

	RuleConfigValid      = service.RuleConfigValid
	RuleIgnoreExpired    = service.RuleIgnoreExpired
	RulePatternUnmatched = service.RulePatternUnmatched
	RuleMajorBumpUnused  = service.RuleMajorBumpUnused
	RuleVersionNotRaised = service.RuleVersionNotRaised
)

const maxConfigBytes = service.MaxConfigBytes
