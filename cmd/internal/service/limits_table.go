package service

import (
	"fmt"
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
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

// limitAccess reads and sets the bound of each key of limits.All.
var limitAccess = map[limits.Key]struct {
	get func(l validate.Limits) int64
	set func(l *validate.Limits, n int64)
}{
	limits.MaxFileBytes:   {func(l validate.Limits) int64 { return l.MaxBytes }, func(l *validate.Limits, n int64) { l.MaxBytes = n }},
	limits.MaxFileDepth:   {func(l validate.Limits) int64 { return int64(l.MaxDepth) }, func(l *validate.Limits, n int64) { l.MaxDepth = int(n) }},
	limits.MaxFileValues:  {func(l validate.Limits) int64 { return int64(l.MaxValues) }, func(l *validate.Limits, n int64) { l.MaxValues = int(n) }},
	limits.MaxFileTools:   {func(l validate.Limits) int64 { return int64(l.MaxTools) }, func(l *validate.Limits, n int64) { l.MaxTools = int(n) }},
	limits.MaxSchemaDepth: {func(l validate.Limits) int64 { return int64(l.Schema.MaxDepth) }, func(l *validate.Limits, n int64) { l.Schema.MaxDepth = int(n) }},
	limits.MaxSubschemas:  {func(l validate.Limits) int64 { return int64(l.Schema.MaxSubschemas) }, func(l *validate.Limits, n int64) { l.Schema.MaxSubschemas = int(n) }},
	limits.SchemaTimeout:  {func(l validate.Limits) int64 { return int64(l.Schema.Timeout) }, func(l *validate.Limits, n int64) { l.Schema.Timeout = time.Duration(n) }},
	limits.RegexTimeout:   {func(l validate.Limits) int64 { return int64(l.Schema.RegexTimeout) }, func(l *validate.Limits, n int64) { l.Schema.RegexTimeout = time.Duration(n) }},
	limits.FileTimeout:    {func(l validate.Limits) int64 { return int64(l.FileTimeout) }, func(l *validate.Limits, n int64) { l.FileTimeout = time.Duration(n) }},
	limits.RunTimeout:     {func(l validate.Limits) int64 { return int64(l.RunTimeout) }, func(l *validate.Limits, n int64) { l.RunTimeout = time.Duration(n) }},
}

// limitTable is every config limit, in the order of limits.All (the one
// place a limit key is spelled).
var limitTable = func() []limitSpec {
	out := make([]limitSpec, len(limits.All))
	for i, s := range limits.All {
		a, ok := limitAccess[s.Key]
		if !ok {
			panic("app: no accessor for limits." + string(s.Key))
		}
		out[i] = limitSpec{key: string(s.Key), duration: s.Duration, get: a.get, set: a.set}
	}
	return out
}()

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
