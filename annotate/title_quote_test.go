package annotate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

// TestToolNameWithControlCharactersIsQuoted: a tool name is hostile input;
// one holding a line break or another control character leads a message or
// title quoted and escaped (`"evil\n::error…": …`), so that the text
// output keeps one line per finding and the name reads as what it is.
// Plain names are left bare.
func TestToolNameWithControlCharactersIsQuoted(t *testing.T) {
	f := report.Finding{Rule: "json-schema.tool-schema.valid", Tool: "evil\n::error file=a::X", Message: `"type" must be a string`}
	want := `"evil\n::error file=a::X": "type" must be a string`
	if got := ToolMessage(f); got != want {
		t.Errorf("ToolMessage = %q, want %q", got, want)
	}
	if got := Title(f, sampleRules); !strings.HasPrefix(got, `"evil\n::error file=a::X": `) {
		t.Errorf("Title = %q: want the name quoted", got)
	}
	var b strings.Builder
	WriteTextFinding(&b, report.Finding{Rule: f.Rule, Tool: f.Tool, Message: f.Message, File: "a.json", Line: 1, Column: 1})
	if first, _, _ := strings.Cut(b.String(), "\n"); !strings.Contains(first, `must be a string [json-schema.tool-schema.valid]`) {
		t.Errorf("the finding's text line is broken by the name:\n%s", b.String())
	}
	f.Tool = "search_issues"
	if got := ToolMessage(f); got != `search_issues: "type" must be a string` {
		t.Errorf("plain name: %q", got)
	}
}
