package schema

import "time"

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
	if l.MaxDepth <= 0 {
		l.MaxDepth = d.MaxDepth
	}
	if l.MaxSubschemas <= 0 {
		l.MaxSubschemas = d.MaxSubschemas
	}
	if l.Timeout <= 0 {
		l.Timeout = d.Timeout
	}
	if l.RegexTimeout <= 0 {
		l.RegexTimeout = d.RegexTimeout
	}
	return l
}
