package diffcheck

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// compatRule is the record of one breaking-change rule, declared beside
// the judge that reports it: owner mcpschema, version independent, kind
// Breaking. The id namespace declares the direction:
// compat.<direction>.<name>, where <direction> is one of rules.Directions
// (input, output, tool, annotation, example, file, and for the rest of an
// MCP Description document prompt, resource, resource-template, security,
// capability, transport); rule rejects any other.
type compatRule struct {
	// ID is compat.<direction>.<name>.
	ID string
	// Level is the requirement level of the promise the rule keeps.
	Level rules.Level
	// Severity is the default severity of its findings.
	Severity rules.Severity
	// Also are the other severities a finding may get, and Varies says
	// when (the constants of severities.go).
	Also   []rules.Severity
	Varies string
	// Title is shown after the tool name in annotation titles
	// ("search_issues: required argument added").
	Title string
	// Summary, Doc and Fix are the rule's one line, its documentation and
	// how to fix a finding.
	Summary, Doc, Fix string
}

// rule registers the record and returns it as a *rules.Rule.
func (c compatRule) rule() *rules.Rule {
	return rules.New(rules.Rule{ID: c.ID, Kind: rules.Breaking, Direction: compatDirection(c.ID),
		Owner: "mcpschema", Level: c.Level, Severity: c.Severity, Summary: c.Summary, Doc: c.Doc, Fix: c.Fix, Title: c.Title,
		Also: c.Also, Varies: c.Varies})
}

// compatDirection is the second segment of a compat.* id.
func compatDirection(id string) rules.Direction {
	parts := strings.SplitN(id, ".", 3)
	if len(parts) < 3 {
		return ""
	}
	return rules.Direction(parts[1])
}

// The doc tails the records share.
const (
	inputDoc  = " inputSchema is contravariant: a change breaks callers when some argument object the base schema accepted is rejected by the head schema. Each finding carries such an argument object as its witness, checked with the validator against both schemas: the head schema rejects it at the changed keyword, not because of another change. Without a witness, a finding stays an error only when the break is certain by construction (a member became required, a type or listed value was removed, a closed object lost a member); otherwise it is a warning that says it may break. A finding whose witness the validator confirms is an error whatever its keyword (a bound at the edge of the interoperable integer range excepted: a notice)."
	outputDoc = " outputSchema is covariant: a change breaks consumers when the head schema admits a structured result the base schema did not promise. Each finding carries such a value as its witness, checked with the validator against both schemas: the base schema rejects it at the changed keyword. Without a witness, a finding stays an error only when the break is certain by construction (a type added, a required member dropped); otherwise it is a warning that says it may break. A finding whose witness the validator confirms is an error whatever its keyword, unless the change only adds (a member of a closed object, a value of an enum or const): a warning unless strict-outputs is set."
	// undecidableDoc: what an unjudged change does to the gate.
	undecidableDoc = " The gate fails closed: such a change is an error and the report is incomplete (`complete: false`). An external `$ref` beside other keywords or inside `allOf` is one more constraint, never fetched: the keywords beside it are still judged, so every break they prove is reported with its witness, and the reference itself is reported only where the pull request adds or changes it (an unchanged reference is not). A team that accepts unjudged changes sets this rule to `warning` in the base branch's config (`rules: {compat.input.undecidable: warning, compat.output.undecidable: warning}`), the behaviour before."
	aliasFix       = "; if the change is intended, say so in the pull request and acknowledge the finding with an ignore in .mcpschema.yaml"
)

const (
	docDoc = " Base and head are the same MCP Description document path at the two revisions, or, for a document moved to another path, the one new head document that describes the same server (`info.name`) (a document deleted at head removes everything it declared, reported at the base). Declarations are paired by identity and protocol scope, not by position (protocol-scoped variants merged into one declaration that still covers their versions are each compared with it): reordering a collection, reordering keys, or replacing an inline example by a `$componentRef` to an equal component is silent."
)
