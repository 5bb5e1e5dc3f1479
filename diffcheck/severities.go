package diffcheck

import "github.com/mcpschema/mcpschema/internal/rules"

// varies is when a compat rule's finding gets another severity than its
// default, and which.
type varies struct {
	also []rules.Severity
	when string
}

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

// compatSeverities says, per rule, what the rule table lists beside the
// default severity (TestEmittedSeveritiesListed checks the fixtures
// against it).
var compatSeverities = map[string]varies{
	"compat.capability.removed": {alsoWarning, "warning for a listChanged flag (no request fails)"},

	"compat.input.became-false":                     {alsoWarning, downgraded},
	"compat.input.required-added":                   {alsoWarning, downgraded},
	"compat.input.property-removed":                 {alsoWarning, "warning from an open object (the argument is ignored), or " + downgraded},
	"compat.input.additional-properties-restricted": {alsoWarning, downgraded},
	"compat.input.type-narrowed":                    {alsoWarning, downgraded},
	"compat.input.enum-value-removed":               {alsoWarning, downgraded},
	"compat.input.enum-added":                       {alsoWarning, downgraded},
	"compat.input.bound-tightened":                  {[]rules.Severity{rules.Warning, rules.Notice}, downgraded + "; " + interop},
	"compat.input.pattern-added":                    {alsoWarning, downgraded},
	"compat.input.branch-removed":                   {alsoWarning, downgraded},
	"compat.input.composition-added":                {alsoWarning, downgraded},
	"compat.input.all-of-added":                     {alsoWarning, downgraded},
	"compat.input.conditional-added":                {alsoWarning, downgraded},
	"compat.input.value-rejected":                   {alsoWarning, downgraded},
	"compat.input.bound-added":                      {[]rules.Severity{rules.Error, rules.Notice}, upgraded + "; " + interop},
	"compat.input.pattern-changed":                  {alsoError, upgraded},
	"compat.input.format-added":                     {alsoError, upgraded},
	"compat.input.conditional-changed":              {alsoError, upgraded},

	"compat.output.schema-removed":                {alsoWarning, "warning when no result the base admits is shown to be dropped"},
	"compat.output.became-unconstrained":          {alsoWarning, downgraded},
	"compat.output.required-removed":              {alsoWarning, downgraded},
	"compat.output.property-became-optional":      {alsoWarning, downgraded},
	"compat.output.type-widened":                  {alsoWarning, downgraded},
	"compat.output.enum-removed":                  {alsoWarning, downgraded},
	"compat.output.bound-loosened":                {[]rules.Severity{rules.Warning, rules.Notice}, downgraded + "; " + interop},
	"compat.output.branch-added":                  {alsoWarning, downgraded},
	"compat.output.composition-removed":           {alsoWarning, downgraded},
	"compat.output.conditional-removed":           {alsoWarning, downgraded},
	"compat.output.value-admitted":                {alsoWarning, downgraded},
	"compat.output.additional-properties-relaxed": {alsoError, "error when a closed object is opened and a witness confirms it; a member added to a closed object is " + additive},
	"compat.output.enum-value-added":              {alsoError, "an added value is " + additive},
	"compat.output.pattern-removed":               {alsoError, upgraded},
	"compat.output.format-removed":                {alsoError, upgraded},
	"compat.output.all-of-removed":                {alsoError, upgraded},
	"compat.output.conditional-changed":           {alsoError, upgraded},
}
