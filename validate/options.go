// Package validate checks MCP tool files: every tool's schemas under their
// JSON Schema dialect, the MCP Tool type's shape per protocol version, and
// the MCP Description rules around tools.
package validate

import (
	"time"

	"github.com/mcpschema/mcpschema/validate/rules"
	"github.com/mcpschema/mcpschema/validate/source"
)

// Limits bound the work spent on untrusted input.
type Limits struct {
	source.Limits
	// MaxSchemaDepth is the deepest nesting accepted inside one schema.
	MaxSchemaDepth int
	// MaxSubschemas is the largest number of objects and arrays accepted in one schema.
	MaxSubschemas int
	// SchemaTimeout is the time budget for compiling one schema.
	SchemaTimeout time.Duration
	// RegexTimeout bounds one regular expression match.
	RegexTimeout time.Duration
}

// DefaultLimits are used for every bound left at zero.
var DefaultLimits = Limits{
	Limits:         source.DefaultLimits,
	MaxSchemaDepth: 64,
	MaxSubschemas:  20000,
	SchemaTimeout:  5 * time.Second,
	RegexTimeout:   100 * time.Millisecond,
}

// WithDefaults fills zero bounds with DefaultLimits.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits
	if l.MaxBytes <= 0 {
		l.MaxBytes = d.MaxBytes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = d.MaxDepth
	}
	if l.MaxValues <= 0 {
		l.MaxValues = d.MaxValues
	}
	if l.MaxSchemaDepth <= 0 {
		l.MaxSchemaDepth = d.MaxSchemaDepth
	}
	if l.MaxSubschemas <= 0 {
		l.MaxSubschemas = d.MaxSubschemas
	}
	if l.SchemaTimeout <= 0 {
		l.SchemaTimeout = d.SchemaTimeout
	}
	if l.RegexTimeout <= 0 {
		l.RegexTimeout = d.RegexTimeout
	}
	return l
}

// Options configure a validation run.
type Options struct {
	// DefaultVersions are checked for files that declare no protocol versions.
	DefaultVersions []string
	// Limits bound the work per file and per schema.
	Limits Limits
	// Workers is the number of files checked at once (0: one per CPU).
	Workers int
}

func (o Options) withDefaults() Options {
	if len(o.DefaultVersions) == 0 {
		o.DefaultVersions = rules.DefaultVersions
	}
	o.Limits = o.Limits.WithDefaults()
	return o
}
