package validate

import (
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

func reportFinding(r *rules.Rule, p source.Problem) report.Finding {
	return report.Finding{Rule: r.ID, Severity: r.Severity, Pointer: p.Pointer, Line: p.Pos.Line, Column: p.Pos.Column, Message: p.Message, Limit: p.Limit, Folded: p.Folded}
}
