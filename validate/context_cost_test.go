package validate

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
	"github.com/mcpschema/mcpschema/internal/tokens"
)

func parseAll(t *testing.T, c *fixture.Case) []*source.File {
	t.Helper()
	var files []*source.File
	for _, name := range c.Order {
		files = append(files, source.Parse(name, c.Files[name], source.Limits{}))
	}
	return files
}

func loadCase(t *testing.T, name string) *fixture.Case {
	t.Helper()
	cases, err := fixture.Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no case %s", name)
	return nil
}

// TestContextCostPerServer: the costs of server-max-tokens.txtar per
// server, each tool counted as its name, description and inputSchema, a
// name two lists of one server define counted once.
func TestContextCostPerServer(t *testing.T) {
	t.Parallel()
	files := parseAll(t, loadCase(t, "server-max-tokens"))
	var costs []Costs
	for _, f := range files {
		costs = append(costs, MeasureFile(f, Options{}))
	}
	cc, over := ContextCost(costs, nil, false, Options{MaxTokens: TokenBudget{All: 60}})
	if cc.Encoding != "o200k_base" || cc.Compared || len(cc.Servers) != 2 {
		t.Fatalf("context cost %+v", cc)
	}
	unnamed, alpha := cc.Servers[0], cc.Servers[1]
	if unnamed.Server != "" || alpha.Server != "alpha" {
		t.Fatalf("servers %q, %q: want the unnamed one, then alpha", unnamed.Server, alpha.Server)
	}
	if len(unnamed.Tools) != 2 || unnamed.Tools[0].Name != "ping" || unnamed.Tools[1].Name != "status" {
		t.Fatalf("unnamed server's tools %+v: want ping once, then status", unnamed.Tools)
	}
	ping := tokens.CountJSON(map[string]any{"name": "ping", "description": "Check the server is up.", "inputSchema": map[string]any{"type": "object"}})
	if unnamed.Tools[0].Tokens != ping || unnamed.Tokens != ping+unnamed.Tools[1].Tokens {
		t.Errorf("ping costs %d (want %d), the server %d", unnamed.Tools[0].Tokens, ping, unnamed.Tokens)
	}
	if unnamed.Tokens > 60 || unnamed.Tokens+ping <= 60 || alpha.Tokens <= 60 || alpha.Tokens > 200 {
		t.Errorf("the fixtures' budgets no longer separate the cases: unnamed %d (ping %d), alpha %d", unnamed.Tokens, ping, alpha.Tokens)
	}
	if len(over) != 1 || over[0].Tool != "search_items" || !strings.Contains(over[0].Message, `server "alpha" cost`) {
		t.Fatalf("findings %+v", over)
	}
	t.Logf("%s", over[0].Message)
}

// TestContextCostDelta: against a base, each server's and tool's delta,
// tools only the base has, and a server over its budget at the base
// whose cost does not grow is pre-existing.
func TestContextCostDelta(t *testing.T) {
	t.Parallel()
	one := func(name, desc string) report.ToolCost {
		return report.ToolCost{Name: name, File: "t.json", Pointer: "/tools/0",
			Tokens: tokens.CountJSON(map[string]any{"name": name, "description": desc})}
	}
	base := []Costs{{server: "s", tools: []report.ToolCost{one("a", "Short."), one("gone", "Removed soon.")}}}
	head := []Costs{{server: "s", tools: []report.ToolCost{one("a", "A much longer description than before, with more words."), one("new", "Added.")}}}
	cc, over := ContextCost(head, base, true, Options{MaxTokens: TokenBudget{Servers: map[string]int{"s": 5}}})
	s := cc.Servers[0]
	d, ok := s.Delta()
	if !ok || d != s.Tokens-*s.BaseTokens || d <= 0 {
		t.Fatalf("delta %d %v of %+v", d, ok, s)
	}
	byName := map[string]report.ToolCost{}
	for _, tc := range s.Tools {
		byName[tc.Name] = tc
	}
	if byName["a"].BaseTokens == nil || byName["new"].BaseTokens != nil || !byName["gone"].Removed || byName["gone"].Tokens != 0 {
		t.Errorf("tools %+v", s.Tools)
	}
	if len(over) != 1 || over[0].PreExisting || !strings.Contains(over[0].Message, "in this pull request") {
		t.Errorf("a pull request that grows a server over its budget: %+v", over)
	}
	// the same server at the head as at the base, over budget: pre-existing
	_, over = ContextCost(base, base, true, Options{MaxTokens: TokenBudget{All: 5}})
	if len(over) != 1 || !over[0].PreExisting {
		t.Errorf("over budget at the base too and not grown: %+v", over)
	}
}

// TestContextCostWithinRunBudget: once the run's time budget has run out
// no more tools are counted, and the cost says its totals are partial.
func TestContextCostWithinRunBudget(t *testing.T) {
	t.Parallel()
	files := parseAll(t, loadCase(t, "server-max-tokens"))
	past := Options{Deadline: time.Now().Add(-time.Second)}
	var costs []Costs
	for _, f := range files {
		costs = append(costs, MeasureFile(f, past))
	}
	cc, _ := ContextCost(costs, nil, false, past)
	if !cc.Incomplete || len(cc.Servers) != 0 {
		t.Errorf("after the deadline: %+v, want incomplete and nothing counted", cc)
	}
}

// TestContextCostResolvesComponentRef: an inputSchema that is a
// $componentRef is counted as the schema it selects, the one a server
// sends; outputSchema, title and annotations are not counted.
func TestContextCostResolvesComponentRef(t *testing.T) {
	t.Parallel()
	schema := `{"type": "object", "properties": {"query": {"type": "string", "description": "Words to look for."}}}`
	inline := source.Parse("a.json", []byte(`{"tools": [{"name": "search", "description": "Search.", "inputSchema": `+schema+`}]}`), source.Limits{})
	ref := source.Parse("b.json", []byte(`{"mcpdesc": "0.9.0", "info": {"name": "s", "version": "1.0.0"}, "protocolVersions": ["2026-07-28"],
		"components": {"schemas": {"q": `+schema+`}},
		"tools": [{"name": "search", "description": "Search.", "inputSchema": {"$componentRef": "#/components/schemas/q"},
		  "title": "Search everything", "annotations": {"readOnlyHint": true}, "outputSchema": {"type": "object"}}]}`), source.Limits{})
	a, b := MeasureFile(inline, Options{}), MeasureFile(ref, Options{})
	if len(a.tools) != 1 || len(b.tools) != 1 || a.tools[0].Tokens != b.tools[0].Tokens || b.server != "s" {
		t.Errorf("inline %+v, by reference %+v: want the same count", a, b)
	}
}
