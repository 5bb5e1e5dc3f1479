// Package diffcheck pairs every tool with its version at a base revision and
// judges each pair for changes that break callers (input side) or consumers
// (output side), proving each break with a witness value.
package diffcheck

import (
	"github.com/mcpschema/mcpschema/validate"
	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/source"
)

// Options configure a comparison.
type Options struct {
	// Aliases maps a head tool name to the base tool name it replaces.
	Aliases map[string]string
	// Validate carries the limits and default protocol versions.
	Validate validate.Options
}

// Compare returns the findings of every base/head tool pair. STUB.
func Compare(base, head []*source.File, opts Options) []report.Finding {
	return nil
}
