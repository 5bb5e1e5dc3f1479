// Package validate checks MCP tool files: every tool's schemas under their
// JSON Schema dialect, the MCP Tool type's shape per protocol version, and
// the MCP Description rules around tools.
package validate

import (
	"time"

	"github.com/mcpschema/mcpschema/validate/rules"
	"github.com/mcpschema/mcpschema/validate/schema"
	"github.com/mcpschema/mcpschema/validate/source"
)

// Limits bound the work spent on untrusted input.
type Limits struct {
	source.Limits
	// Schema bounds each schema.
	Schema schema.Limits
}

// DefaultLimits are used for every bound left at zero.
var DefaultLimits = Limits{
	Limits: source.DefaultLimits,
	Schema: schema.Limits{
		MaxDepth:      64,
		MaxSubschemas: 20000,
		Timeout:       5 * time.Second,
		RegexTimeout:  100 * time.Millisecond,
	},
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
	if l.Schema.MaxDepth <= 0 {
		l.Schema.MaxDepth = d.Schema.MaxDepth
	}
	if l.Schema.MaxSubschemas <= 0 {
		l.Schema.MaxSubschemas = d.Schema.MaxSubschemas
	}
	if l.Schema.Timeout <= 0 {
		l.Schema.Timeout = d.Schema.Timeout
	}
	if l.Schema.RegexTimeout <= 0 {
		l.Schema.RegexTimeout = d.Schema.RegexTimeout
	}
	return l
}

// Options configure a validation run.
type Options struct {
	// DefaultVersions are checked for files that declare no protocol versions.
	DefaultVersions []string
	// Limits bound the work per file and per schema.
	Limits Limits
	// VersionsFrom names where DefaultVersions came from, as advice to
	// change them names it ("--protocol-version", "protocol-versions in
	// .mcpschema.yaml"); "" means mcpschema's defaults or the caller's.
	VersionsFrom string
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
