package app

import (
	"fmt"
	"time"

	"github.com/mcpschema/mcpschema/validate"
)

// limitSpec is one key of the config's limits: the bound of
// validate.Limits it reads and sets. A duration is read as text like 5s,
// any other bound as a positive whole number.
type limitSpec struct {
	key      string
	duration bool
	get      func(l validate.Limits) int64
	set      func(l *validate.Limits, n int64)
}

// limitTable is every config limit, in the order messages list them: the
// one place a limit key is spelled.
var limitTable = []limitSpec{
	{"max-file-bytes", false, func(l validate.Limits) int64 { return l.MaxBytes }, func(l *validate.Limits, n int64) { l.MaxBytes = n }},
	{"max-file-depth", false, func(l validate.Limits) int64 { return int64(l.MaxDepth) }, func(l *validate.Limits, n int64) { l.MaxDepth = int(n) }},
	{"max-file-values", false, func(l validate.Limits) int64 { return int64(l.MaxValues) }, func(l *validate.Limits, n int64) { l.MaxValues = int(n) }},
	{"max-file-tools", false, func(l validate.Limits) int64 { return int64(l.MaxTools) }, func(l *validate.Limits, n int64) { l.MaxTools = int(n) }},
	{"max-schema-depth", false, func(l validate.Limits) int64 { return int64(l.Schema.MaxDepth) }, func(l *validate.Limits, n int64) { l.Schema.MaxDepth = int(n) }},
	{"max-subschemas", false, func(l validate.Limits) int64 { return int64(l.Schema.MaxSubschemas) }, func(l *validate.Limits, n int64) { l.Schema.MaxSubschemas = int(n) }},
	{"schema-timeout", true, func(l validate.Limits) int64 { return int64(l.Schema.Timeout) }, func(l *validate.Limits, n int64) { l.Schema.Timeout = time.Duration(n) }},
	{"regex-timeout", true, func(l validate.Limits) int64 { return int64(l.Schema.RegexTimeout) }, func(l *validate.Limits, n int64) { l.Schema.RegexTimeout = time.Duration(n) }},
	{"file-timeout", true, func(l validate.Limits) int64 { return int64(l.FileTimeout) }, func(l *validate.Limits, n int64) { l.FileTimeout = time.Duration(n) }},
	{"run-timeout", true, func(l validate.Limits) int64 { return int64(l.RunTimeout) }, func(l *validate.Limits, n int64) { l.RunTimeout = time.Duration(n) }},
}

// limitKeys are the keys of the config's limits, in limitTable's order.
var limitKeys = func() []string {
	keys := make([]string, len(limitTable))
	for i, s := range limitTable {
		keys[i] = s.key
	}
	return keys
}()

// lookupLimit returns the limit of key.
func lookupLimit(key string) (limitSpec, bool) {
	for _, s := range limitTable {
		if s.key == key {
			return s, true
		}
	}
	return limitSpec{}, false
}

// text renders the limit's value n as the config spells it.
func (s limitSpec) text(n int64) string {
	if s.duration {
		return time.Duration(n).String()
	}
	return fmt.Sprint(n)
}
