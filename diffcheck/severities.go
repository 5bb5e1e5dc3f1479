package diffcheck

import "github.com/mcpschema/mcpschema/internal/rules"

// The severity variants a compat rule's record lists (compatRule Also and
// Varies): when a finding gets another severity than the default, and which.
const (
	// upgraded: a warning the validator confirms with a witness (witness.go).
	upgraded = "error with a confirmed witness"
	// downgraded: an error without a witness that is not certain by construction.
	downgraded = "warning when no witness is confirmed and the break is not certain by construction"
	// interop: a bound at the edge of the interoperable integer range.
	interop = "notice for a bound at the edge of the interoperable integer range (±(2^53−1))"
	// additive: the output policy (Options.StrictOutputs).
	additive = "a warning even with a confirmed witness; error with strict-outputs"
)

var (
	alsoError   = []rules.Severity{rules.Error}
	alsoWarning = []rules.Severity{rules.Warning}
)
