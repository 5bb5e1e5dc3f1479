package annotate

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
)

// CompactJSON renders v as compact JSON without HTML escaping; values that
// cannot be encoded are rendered with %v.
func CompactJSON(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(bytes.TrimRight(b.Bytes(), "\n"))
}

// Position renders file:line:col, leaving out the parts that are unknown.
func Position(file string, line, col int) string {
	s := file
	if line > 0 {
		s += fmt.Sprintf(":%d", line)
		if col > 0 {
			s += fmt.Sprintf(":%d", col)
		}
	}
	return s
}

// BaseText renders a finding's base location, e.g. `tools.json:3:5 (/tools/0/inputSchema)`.
func BaseText(b *report.Location) string {
	s := Position(b.File, b.Line, b.Column)
	if b.Pointer != "" {
		s += " (" + b.Pointer + ")"
	}
	return s
}
