package annotate

import (
	"encoding/json"
	"io"

	"github.com/mcpschema/mcpschema/internal/report"
)

// RenderJSON writes the report as indented JSON in the stable version 1
// shape; files and findings are always arrays, never null.
func RenderJSON(w io.Writer, rep *report.Report) error {
	out := *rep
	if out.Version == 0 {
		out.Version = 1
	}
	if out.Files == nil {
		out.Files = []report.FileSummary{}
	}
	if out.Findings == nil {
		out.Findings = []report.Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(&out)
}
