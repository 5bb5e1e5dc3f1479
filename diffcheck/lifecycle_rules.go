package diffcheck

import "github.com/mcpschema/mcpschema/internal/rules"

// The lifecycle rules: an item deprecated at the base (internal/deprecation
// reads the forms) is removed by the rules once its sunset has passed, and
// its sunset is not brought forward. A removal before the sunset, or of an
// item deprecated without a sunset date, stays the error of its removal
// rule (compat.tool.removed, compat.input.property-removed, …), whose
// message then says the date.
var (
	RuleRemovedAfterSunset = compat("compat.deprecation.removed-after-sunset", rules.May, rules.Notice,
		"a deprecated item is removed only after its sunset",
		"A tool, parameter, output property, resource, resource template or prompt that the base marks deprecated with a sunset date (MCP Description `deprecated`, `_meta` \"io.mcpschema/deprecated\", JSON Schema `deprecated` with \"x-mcpschema-deprecated\", or a description prefix; see docs/deprecation.md) and that the head removes after that day is removed by the rules: a notice that says the sunset and the version it was announced in, not a breaking change. "+
			"The day is the run's clock (`check --now`, in the action the head commit's date). Removed on or before the sunset day, or deprecated without a sunset date, the removal stays the error of its removal rule (`compat.tool.removed` and the like), and the message says the date.",
		"nothing to fix: mention the removal in the release notes", "removed after its sunset")
	RuleSunsetEarlier = compat("compat.deprecation.sunset-earlier", rules.Must, rules.Error,
		"the sunset of a deprecated item is not moved earlier",
		"Callers plan their move by the announced sunset date; a head that brings the sunset of a tool, parameter, output property, resource, resource template or prompt forward breaks that promise, even before anything is removed. A sunset that had already passed at the base (by the run's clock) may move freely, as the item may be removed anyway; a later sunset or a new successor is a change for `changelog`, not a finding.",
		"keep the announced sunset date, or a later one", "sunset moved earlier")
)
