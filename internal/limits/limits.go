// Package limits names the bounds a run puts on untrusted input: one key
// per bound, as the config's limits: section spells it. It is the one
// place a key is spelled; the bounds' messages, rule docs, the config
// reader and the findings that a bound produced (report.Finding.Limit)
// all name a bound through a Key.
package limits

// Key is a bound's config key, e.g. "max-file-tools" (under limits:).
type Key string

// The bounds, in the order the config documents and messages list them.
const (
	MaxFileBytes   Key = "max-file-bytes"
	MaxFileDepth   Key = "max-file-depth"
	MaxFileValues  Key = "max-file-values"
	MaxFileTools   Key = "max-file-tools"
	MaxSchemaDepth Key = "max-schema-depth"
	MaxSubschemas  Key = "max-subschemas"
	SchemaTimeout  Key = "schema-timeout"
	RegexTimeout   Key = "regex-timeout"
	FileTimeout    Key = "file-timeout"
	RunTimeout     Key = "run-timeout"
)

// Spec is one bound: its key and whether its value is a duration (text
// like 5s) rather than a positive whole number.
type Spec struct {
	Key      Key
	Duration bool
}

// All is every bound, in order.
var All = []Spec{
	{MaxFileBytes, false},
	{MaxFileDepth, false},
	{MaxFileValues, false},
	{MaxFileTools, false},
	{MaxSchemaDepth, false},
	{MaxSubschemas, false},
	{SchemaTimeout, true},
	{RegexTimeout, true},
	{FileTimeout, true},
	{RunTimeout, true},
}

// Config is the key as a config path: "limits.max-file-tools".
func (k Key) Config() string {
	if k == "" {
		return ""
	}
	return "limits." + string(k)
}

// Raise is the advice a bound's message ends with: "raise
// limits.max-file-tools in the config".
func (k Key) Raise() string { return "raise " + k.Config() + " in the config" }

// Or returns v, or def when v is not positive: a bound left unset (or set
// to a value no bound can have) takes its default.
func Or[T ~int | ~int64](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}
