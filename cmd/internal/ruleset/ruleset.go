// Package ruleset is the one set of every rule mcpschema reports: the
// validation rules of validate, the breaking-change rules of diffcheck and
// the service's own. The CLI's `rules`, SARIF rules[], config validation
// and docs/rules.md read it; its tests hold every rule to the same bar
// (ids sorted, unique and documented, a failing and a passing fixture, a
// title, SARIF's limits).
package ruleset

import (
	"sync"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/validate"
)

// All returns the set of every rule, built once. It panics when the
// records do not make a set (a duplicate or malformed id, a kind that is
// not its id's namespace): the tests of this package catch that first.
var All = sync.OnceValue(func() *rules.Set {
	s, err := rules.NewSet(validate.Rules(), diffcheck.Rules(), service.Rules())
	if err != nil {
		panic(err)
	}
	return s
})
