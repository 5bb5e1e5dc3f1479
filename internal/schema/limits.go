package schema

import (
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// DefaultLimits are used for every schema bound left at zero.
var DefaultLimits = Limits{
	MaxDepth:      64,
	MaxSubschemas: 20000,
	Timeout:       5 * time.Second,
	RegexTimeout:  100 * time.Millisecond,
}

// WithDefaults fills zero bounds with DefaultLimits.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits
	l.MaxDepth = limits.Or(l.MaxDepth, d.MaxDepth)
	l.MaxSubschemas = limits.Or(l.MaxSubschemas, d.MaxSubschemas)
	l.Timeout = limits.Or(l.Timeout, d.Timeout)
	l.RegexTimeout = limits.Or(l.RegexTimeout, d.RegexTimeout)
	return l
}
