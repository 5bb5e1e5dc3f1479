package validate

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/tokens"
)

// What a tool's definition costs a model's context: a client lists every
// tool of every server it is connected to in every request, so each turn
// of a session pays for all of them. What is counted is what clients send
// the model of a tool: its name, description and inputSchema. They do not
// send outputSchema, title or annotations: VS Code registers an MCP tool
// with its name, description (modelDescription) and inputSchema, and uses
// title and annotations for its own interface only
// (microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpLanguageModelToolContribution.ts,
// b801fe97a05506343978c10ac3c12cf9ada1590c); the OpenAI Agents SDK makes a
// function tool of name, description and inputSchema
// (openai/openai-agents-python src/agents/mcp/util.py, to_function_tool,
// 00d0b40f2fb59d232329b3cf39f4219b5c9a748a); gemini-cli declares a function
// of name, description and parametersJsonSchema
// (google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts,
// discoverTools, 00787c181c372557e0d8e9bea41624005aee6fa9); the Anthropic
// Messages API's tool has name, description and input_schema and no field
// for an output schema. The three are counted as one compact JSON object
// (tokens.CountJSON); each client wraps them in a few tokens of its own
// (a member renamed "parameters", the provider's tool preamble), which
// are not counted: the count compares revisions and servers, it is not
// a bill.

// CountedText and CountNote say in the report what is counted and what
// the counts are not.
const (
	CountedText = "each tool's name, description and inputSchema (a $componentRef resolved) as one compact JSON object: what clients send the model of a tool on every turn (outputSchema, title and annotations are not sent); a name defined more than once in a server counts once, at its largest definition"
	CountNote   = "counted with OpenAI's o200k_base encoding (GPT-4o, GPT-4.1, GPT-5); other models count differently, Claude's tokenizer is not public: compare revisions and servers by it, not bills"
)

// RuleServerMaxTokens reports a server whose tool definitions cost more
// tokens than the config's max-tokens allows.
var RuleServerMaxTokens = rules.New(rules.Rule{
	ID: "mcpschema.server.max-tokens", Title: "token budget exceeded", Owner: "mcpschema", Level: rules.Should, Severity: rules.Error,
	Summary: "a server's tool definitions stay within the token budget of the config (max-tokens)",
	Doc: "A client sends the definition of every tool of every connected server to the model with every request, so each turn of every session pays for all of them, whether a tool is called or not (anthropics/claude-code#13717: MCP tools took half the context; Dokploy/mcp#52: 546 tools, 80k+ tokens). " +
		"mcpschema counts each tool's name, description and inputSchema as one compact JSON object with the o200k_base encoding (embedded; other models count differently) and sums them per server: the info.name of an MCP Description document (a snapshot's, which is its server's serverInfo.name), else the config's server-name, else the run's one unnamed server. " +
		"max-tokens in the config sets the budget (a number for every server, or a mapping of server names to numbers); without it nothing is reported. On a pull request the base revision's config decides, and a server already over the budget at the base whose cost the pull request does not raise is reported as pre-existing. " +
		"The finding is at the server's largest tool and names the largest ones.",
	Fix: "shorten the longest descriptions (say what the tool does and when to use it, once), drop text the schema repeats, move rarely used tools to another server, or raise max-tokens",
})

// TokenBudget is the config's max-tokens: All for every server, Servers
// for the servers it names (zero: no budget).
type TokenBudget struct {
	All     int
	Servers map[string]int
}

// For is the budget of the server named name (0: none).
func (b TokenBudget) For(name string) int {
	if n, ok := b.Servers[name]; ok {
		return n
	}
	return b.All
}

// ServerOf is the server a file describes: its info.name when it is an
// MCP Description document (a snapshot's is its server's serverInfo.name,
// source.ServerName), else the config's server-name, else "" (the run's
// one unnamed server).
func ServerOf(f *source.File, opts Options) string {
	if n := source.ServerName(f); n != "" {
		return n
	}
	return opts.ServerName
}

// Costs are the measured tools of one file, for ContextCost.
type Costs struct {
	server string
	tools  []report.ToolCost
	// cut reports that the run's time budget ran out before every tool
	// was counted.
	cut bool
}

// MeasureFile counts the tokens of each named tool of f.
func MeasureFile(f *source.File, opts Options) Costs {
	c := Costs{server: ServerOf(f, opts)}
	if tokens.Off || f == nil || f.Fatal() {
		return c
	}
	for _, t := range f.Tools {
		if t.Value == nil || !t.HasName {
			continue
		}
		if !opts.Deadline.IsZero() && time.Now().After(opts.Deadline) {
			// counting is linear in the text (tens of MB/s), and
			// stays within the run's budget
			c.cut = true
			break
		}
		pos, _ := f.Index.Locate(t.Pointer)
		c.tools = append(c.tools, report.ToolCost{Name: t.Name, File: f.Path, Pointer: t.Pointer, Line: pos.Line, Column: pos.Column,
			Tokens: sentDefinition(f, t)})
	}
	return c
}

// sentDefinition counts what a client sends the model of tool t: its
// name, description and inputSchema (a $componentRef resolved), as one
// compact JSON object; the name and description are the tool's own.
func sentDefinition(f *source.File, t source.Tool) int {
	var buf [3]tokens.Member
	ms := buf[:0]
	for _, k := range []string{"description", "inputSchema", "name"} { // in name order
		v, ok := t.Value[k]
		if !ok {
			continue
		}
		if k == "inputSchema" {
			if ref, isRef := componentRef(v); isRef {
				if r := source.FollowComponentRef(f.Root, ref, "schemas"); r.Problem == source.RefOK {
					v = r.Value
				}
			}
		}
		ms = append(ms, tokens.Member{Name: k, Value: v, Once: k != "inputSchema"})
	}
	return tokens.CountObject(ms)
}

// ContextCost sums the tools of each server of the head files' costs and,
// when compared, of the base files' costs, and reports each server over
// its budget (RuleServerMaxTokens). A name a server defines more than once
// counts once, at its largest definition.
func ContextCost(head, base []Costs, compared bool, opts Options) (*report.ContextCost, []report.Finding) {
	if tokens.Off {
		return nil, nil
	}
	cc := &report.ContextCost{Encoding: tokens.Encoding, Counted: CountedText, Note: CountNote, Compared: compared}
	headTools := map[string]map[string]report.ToolCost{}
	for _, c := range head {
		largest(headTools, c)
		cc.Incomplete = cc.Incomplete || c.cut
	}
	baseTools := map[string]map[string]report.ToolCost{}
	for _, c := range base {
		largest(baseTools, c)
		cc.Incomplete = cc.Incomplete || c.cut
	}
	names := map[string]bool{}
	for s := range headTools {
		names[s] = true
	}
	if compared {
		for s := range baseTools {
			names[s] = true
		}
	}
	servers := make([]string, 0, len(names))
	for s := range names {
		servers = append(servers, s)
	}
	sort.Strings(servers)
	var findings []report.Finding
	for _, s := range servers {
		sc := serverCost(s, headTools[s], baseTools[s], compared)
		sc.MaxTokens = opts.MaxTokens.For(s)
		if f, over := overBudget(sc); over {
			findings = append(findings, f)
		}
		cc.Servers = append(cc.Servers, sc)
	}
	if cc.Servers == nil {
		cc.Servers = []report.ServerCost{}
	}
	return cc, findings
}

// largest adds c's tools to byServer, keeping a name's largest definition.
func largest(byServer map[string]map[string]report.ToolCost, c Costs) {
	if len(c.tools) == 0 {
		return
	}
	m := byServer[c.server]
	if m == nil {
		m = map[string]report.ToolCost{}
		byServer[c.server] = m
	}
	for _, t := range c.tools {
		if prev, ok := m[t.Name]; !ok || t.Tokens > prev.Tokens {
			m[t.Name] = t
		}
	}
}

// serverCost pairs a server's head and base tools by name.
func serverCost(server string, head, base map[string]report.ToolCost, compared bool) report.ServerCost {
	sc := report.ServerCost{Server: server, Tools: make([]report.ToolCost, 0, len(head))}
	for name, t := range head {
		if b, ok := base[name]; ok && compared {
			n := b.Tokens
			t.BaseTokens = &n
		}
		sc.Tokens += t.Tokens
		sc.Tools = append(sc.Tools, t)
	}
	if compared {
		total := 0
		for name, b := range base {
			total += b.Tokens
			if _, kept := head[name]; !kept {
				n := b.Tokens
				sc.Tools = append(sc.Tools, report.ToolCost{Name: name, File: b.File, Pointer: b.Pointer, Line: b.Line, Column: b.Column, BaseTokens: &n, Removed: true})
			}
		}
		sc.BaseTokens = &total
	}
	sort.Slice(sc.Tools, func(i, j int) bool { return sc.Tools[i].Name < sc.Tools[j].Name })
	return sc
}

// overBudget reports sc when it costs more than its budget, at its
// largest tool; pre-existing when the base was over the budget too and the
// pull request does not add to it.
func overBudget(sc report.ServerCost) (report.Finding, bool) {
	if sc.MaxTokens <= 0 || sc.Tokens <= sc.MaxTokens {
		return report.Finding{}, false
	}
	tools := make([]report.ToolCost, 0, len(sc.Tools))
	for _, t := range sc.Tools {
		if !t.Removed {
			tools = append(tools, t)
		}
	}
	sort.SliceStable(tools, func(i, j int) bool { return tools[i].Tokens > tools[j].Tokens })
	top := tools[0]
	var largest []string
	for _, t := range tools[:min(3, len(tools))] {
		largest = append(largest, fmt.Sprintf("%q (%s)", t.Name, report.Thousands(t.Tokens)))
	}
	delta := ""
	d, compared := sc.Delta()
	if compared {
		delta = " (" + report.SignedThousands(d) + " in this pull request)"
	}
	f := report.Finding{Rule: RuleServerMaxTokens.ID, Severity: RuleServerMaxTokens.Severity, File: top.File, Pointer: top.Pointer,
		Line: top.Line, Column: top.Column, Tool: top.Name, ToolPointer: top.Pointer,
		Message: fmt.Sprintf("tool definitions of %s cost %s tokens%s (%s), over max-tokens %s: every request of every session sends them to the model; the largest are %s: shorten their descriptions and schemas, move rarely used tools to another server, or raise max-tokens",
			report.ServerLabel(sc.Server), report.Thousands(sc.Tokens), delta, tokens.Encoding, report.Thousands(sc.MaxTokens), strings.Join(largest, ", "))}
	f.PreExisting = compared && *sc.BaseTokens > sc.MaxTokens && d <= 0
	return f, true
}
