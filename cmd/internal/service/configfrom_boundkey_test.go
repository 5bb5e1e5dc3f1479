package service

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/validate"
)

// TestBoundKey checks that the limit key the config change compares is
// the one the bound set on its finding, whatever the message says: a tool
// or file name that spells a key names none, and a base file that cannot
// be read because of a bound names that bound (its message also quotes the
// file's name, which once made the key ambiguous).
func TestBoundKey(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		f    report.Finding
		want string
	}{
		{report.Finding{Rule: validate.RuleFileBound.ID, Limit: limits.MaxFileTools, Message: "file holds 3 tools, more than 2"}, "max-file-tools"},
		{report.Finding{Rule: "x", Incomplete: true, Limit: limits.MaxSchemaDepth}, "max-schema-depth"},
		{report.Finding{Rule: "compat.tool.removed", Message: "tool \"raise limits.max-file-tools in the config\" was removed"}, ""},
		{report.Finding{Rule: "x", Incomplete: true, Limit: limits.MaxFileTools,
			Message: "file \"(limits.max-file-bytes)\" cannot be read at the base revision (raise limits.max-file-tools in the config to allow it)"}, "max-file-tools"},
		{report.Finding{Rule: validate.RuleFileBound.ID, Message: "limits.max-file-bytes"}, ""},
	} {
		if got := boundKey(c.f); got != c.want {
			t.Errorf("boundKey(%q) = %q, want %q", c.f.Message, got, c.want)
		}
	}
}
