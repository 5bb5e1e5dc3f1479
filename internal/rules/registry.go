// Package rules defines what a rule is (Rule, made with New) and a set of
// rules (Set, made with NewSet): validation rules and breaking-change rules
// alike. The packages that report rules list their records; one set of all
// of them (cmd/internal/ruleset) feeds the CLI's `rules` listing, SARIF
// rules[], the rule table of docs/rules.md and config validation.
package rules

import (
	"regexp"
	"strings"
)

// Level is the requirement level of the text a rule enforces.
type Level string

// Requirement levels (RFC 2119).
const (
	Must   Level = "must"
	Should Level = "should"
	May    Level = "may"
)

// ProtocolVersions are the MCP protocol versions mcpschema knows, oldest first.
var ProtocolVersions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"}

// DefaultVersions are checked when a file declares no protocol versions.
var DefaultVersions = []string{"2025-11-25", "2026-07-28"}

// DialectVersions are the protocol versions whose tool schemas follow a JSON Schema dialect.
var DialectVersions = []string{"2025-11-25", "2026-07-28"}

// LegacyVersions are the protocol versions with shape-only tool schemas.
var LegacyVersions = []string{"2024-11-05", "2025-03-26", "2025-06-18"}

// IsProtocolVersion reports whether v is a known protocol version.
func IsProtocolVersion(v string) bool {
	for _, p := range ProtocolVersions {
		if p == v {
			return true
		}
	}
	return false
}

// Rule is one rule record.
type Rule struct {
	// ID is dotted lower-case, e.g. "mcp.tool.schema.native-shape".
	ID string
	// Kind is Validation or Breaking; New sets Validation when it is empty,
	// so a breaking rule must say so (diffcheck's compat constructor does).
	Kind Kind
	// Direction is the part of the tool's contract the rule judges; every
	// breaking rule has one (see Direction). A validation rule registered
	// without one gets the direction its id declares (DirectionOf).
	Direction Direction
	// Owner is the body whose text the rule enforces ("json-schema", "mcp", "mcpdesc", "mcpschema").
	Owner string
	// Level is the requirement level of that text.
	Level Level
	// Severity is the default severity of its findings.
	Severity Severity
	// Versions are the protocol versions the rule applies to; empty means it does not depend on them.
	Versions []string
	// Summary is one line, lower case, no final period.
	Summary string
	// Doc is the longer explanation shown by `mcpschema rules ID`.
	Doc string
	// Fix says how to fix a finding.
	Fix string
	// Title is a short lower-case phrase for annotation titles, e.g.
	// "required argument added"; empty: derived from the id (ShortTitle).
	Title string
	// Also are the other severities a finding of the rule may get (a
	// confirmed witness, a break not certain without one, the output
	// policy); Varies says when, e.g. "error with a confirmed witness".
	// Severity overrides in the config are not listed.
	Also   []Severity
	Varies string
	// SecuritySeverity, for a rule about an attack on the model or the
	// user (the text.* rules), is the CVSS-like score "0.1" to "10.0" that
	// GitHub code scanning reads from SARIF's security-severity to rank a
	// security alert (critical from 9.0, high from 7.0, medium from 4.0);
	// "" for any other rule.
	SecuritySeverity string
}

// SeverityText is the severity a finding gets, as the rule table lists
// it: the default and, when it varies, when it does
// ("warning; error with a confirmed witness").
func (r *Rule) SeverityText() string {
	if r.Varies == "" {
		return r.Severity.String()
	}
	return r.Severity.String() + "; " + r.Varies
}

// Emits reports whether a finding of the rule may have severity s (before
// the config's overrides).
func (r *Rule) Emits(s Severity) bool {
	if s == r.Severity {
		return true
	}
	for _, a := range r.Also {
		if a == s {
			return true
		}
	}
	return false
}

var idRe = regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$`)

// New returns r as a rule record: a rule without Kind is a Validation
// rule, with the direction its id declares unless it sets one. It checks
// nothing; NewSet does, when the records are put in a set.
func New(r Rule) *Rule {
	if r.Kind == "" {
		r.Kind = Validation
	}
	if r.Kind == Validation && r.Direction == "" {
		r.Direction = DirectionOf(r.ID)
	}
	return &r
}

// VersionsText renders the rule's versions for listings ("all" when empty).
func (r *Rule) VersionsText() string {
	if len(r.Versions) == 0 {
		return "all"
	}
	return strings.Join(r.Versions, ", ")
}

// ShortTitle is the rule's Title, or else the last two segments of its id
// in words ("mcp.tool.input-schema.required" → "input schema required").
func (r *Rule) ShortTitle() string {
	if r.Title != "" {
		return r.Title
	}
	segs := strings.Split(r.ID, ".")
	if len(segs) > 2 {
		segs = segs[len(segs)-2:]
	}
	return strings.ReplaceAll(strings.Join(segs, " "), "-", " ")
}
