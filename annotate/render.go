// Package annotate renders a report for people and machines: text, JSON,
// GitHub workflow commands, SARIF, check runs, job summaries and PR comments.
package annotate

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/mcpschema/mcpschema/validate/report"
)

// Formats lists the formats Render accepts.
var Formats = []string{"text", "json", "github", "sarif"}

// Render writes rep to w in format. STUB for text/json until the real renderers land.
func Render(w io.Writer, format string, rep *report.Report) error {
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	case "text":
		for _, f := range rep.Findings {
			fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Column, f.Severity, f.Message, f.Rule)
		}
		return nil
	}
	return fmt.Errorf("unknown format %q", format)
}
