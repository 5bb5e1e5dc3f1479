package annotate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

func intp(n int) *int { return &n }

// TestContextCostMarkdown: the summary and the pull request comment say
// what the tool definitions cost, the delta of the pull request, the
// encoding, and the tools that changed most; a hostile tool name stays code.
func TestContextCostMarkdown(t *testing.T) {
	t.Parallel()
	one := &report.ContextCost{Encoding: "o200k_base", Compared: true, Servers: []report.ServerCost{{
		Server: "", Tokens: 12400, BaseTokens: intp(10100), MaxTokens: 20000,
		Tools: []report.ToolCost{
			{Name: "create_issue", Tokens: 3100, BaseTokens: intp(1900)},
			{Name: "search", Tokens: 900},
			{Name: "old`</details>", Tokens: 0, BaseTokens: intp(400), Removed: true},
			{Name: "same", Tokens: 50, BaseTokens: intp(50)},
		}}}}
	md := Markdown(&report.Report{Context: one}, SummaryOptions{})
	for _, want := range []string{
		"**Tool definitions: 12,400 tokens (+2,300 in this pull request) of max-tokens 20,000**",
		"**, sent to the model on every turn (counted with `o200k_base`; other models count differently).",
		"Largest changes: `create_issue` +1,200, `search` +900 (new), ``old`</details>`` -400 (removed).",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
	if strings.Contains(md, "`same`") {
		t.Errorf("an unchanged tool is listed among the changes:\n%s", md)
	}
	two := &report.ContextCost{Encoding: "o200k_base", Servers: []report.ServerCost{{Server: "", Tokens: 40}, {Server: "alpha", Tokens: 1234567}}}
	md = Markdown(&report.Report{Context: two}, SummaryOptions{})
	for _, want := range []string{"- the run's unnamed server: 40 tokens\n", "- server `alpha`: 1,234,567 tokens\n"} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
	if strings.Contains(md, "in this pull request") || strings.Contains(md, "Largest changes") {
		t.Errorf("no base, yet a delta:\n%s", md)
	}
	if md := Markdown(&report.Report{}, SummaryOptions{}); strings.Contains(md, "Tool definitions") {
		t.Errorf("nothing counted, yet a cost:\n%s", md)
	}
}
