package validate

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// What the Anthropic Messages API rejects of a tool's input_schema. It
// validates the whole tools array of a request, so one tool it rejects
// fails every request of a session that lists it. Only the top level is
// checked: a combinator or key inside a property is accepted (the 400
// names input_schema and input_schema.properties, and decocms/studio PR
// 6874 rewrites only top-level keys for that reason).
var (
	ClientAnthropicCombinator = registerClientConstraint(ClientConstraint{
		Profile: ProfileAnthropic, Name: "input-schema-combinator", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "oneOf, allOf or anyOf at the top level of a tool's inputSchema",
		Sources: []ClientSource{
			{"anthropics/claude-code#657", "2025-03-30", "HTTP 400 \"tools.13.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level\" on every request"},
			{"anthropics/claude-code#5319", "2025-08-07", "the same 400 for tools.106"},
			{"anthropics/claude-code#5973", "2025-08-17", "any request fails until the MCP server is removed"},
			{"marianfoo/mcp-sap-docs#51", "2026-05-21", "a top-level anyOf fails every request in Claude Desktop and the Claude add-ins, not only calls of the tool; the rule moved to the handler"},
			{"mobile-next/mobile-mcp#344", "2026-05-30", "the whole request is rejected; Claude Code sub-agents fail before any tool call"},
			{"zereight/gitlab-mcp#551", "2026-06-22", "a zod union serialized as a root oneOf breaks the entire server; flattened into one object"},
			{"kenn-io/kata#365", "2026-09-14", "nine tools fixed with root \"not\" and \"if\"/\"then\"/\"else\", which the API accepts at the top level"},
		},
	}, rules.Rule{
		Title: "rejected by Claude: top-level combinator", Direction: rules.Input,
		Summary: "a tool's inputSchema has no oneOf, allOf or anyOf at its top level",
		Doc: "MCP allows a composition keyword at the inputSchema root (2026-07-28, SEP-2106), but the Anthropic Messages API rejects a tool whose input_schema has oneOf, allOf or anyOf at its top level, and it validates the whole tools array: every request of a Claude session fails with HTTP 400 while the tool is listed, not only calls of it. " +
			"Only the top level is checked (the resolved schema when the tool references a component): combinators inside a property are accepted, and so are a root \"not\" and a root \"if\"/\"then\"/\"else\".",
		Fix: "move the alternatives into a property, or keep the root an object with every property, say \"at least one of\" (anyOf) or \"exactly one of\" (oneOf) in the description and check it in the handler; merge allOf into the root; a root if/then/else or not is accepted",
	})
	ClientAnthropicPropertyKey = registerClientConstraint(ClientConstraint{
		Profile: ProfileAnthropic, Name: "property-key", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "a top-level inputSchema property key that does not match ^[a-zA-Z0-9_.-]{1,64}$",
		Sources: []ClientSource{
			{"freee/freee-mcp#35", "2025-08-21", "HTTP 400 \"tools.83.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'\" in Claude Code"},
			{"twilio-labs/mcp#42", "2025-10-08", "the same 400 on every Claude Code query, still reported in 2026-01 and 2026-02"},
			{"twilio-labs/mcp#55", "2026-02-08", "OpenAPI parameter names \"StartTime<\", \"DateCreated>\" as property keys: a hard 400 that crashes the entire Claude Code or Claude Desktop session"},
			{"twilio-labs/mcp#53", "2026-06-21", "still reproduces with Claude Code 2.1.185: 22 invalid keys in 9 of 197 tools"},
			{"erikmaday/unusual-whales-mcp#57", "2026-01-08", "keys \"rule_name[]\" and \"issue_types[]\" renamed"},
			{"beautyfree/appstore-connect-mcp#1", "2026-03-31", "keys like \"filter[bundleId]\": every API call fails, the session stays broken"},
			{"ComposioHQ/composio#3649", "2026-06-24", "\"$top\", \"@microsoft.graph.conflictBehavior\" and keys over 64 characters reject the entire tools array"},
			{"decocms/studio#6874", "2026-09-02", "one malformed key among 675 tools makes every run fail; only top-level keys are validated (custom.input_schema.properties)"},
			{"roychri/mcp-server-asana#16", "2025-04-18", "an earlier pattern without the dot, ^[a-zA-Z0-9_-]{1,64}$; the dot is accepted since (the pattern checked here)"},
		},
	}, rules.Rule{
		Title: "rejected by Claude: property key", Direction: rules.Input,
		Summary: "every top-level inputSchema property key matches ^[a-zA-Z0-9_.-]{1,64}$",
		Doc: "The Anthropic Messages API requires every key of a tool's top-level input_schema.properties to match ^[a-zA-Z0-9_.-]{1,64}$ (letters, digits, underscore, dot and hyphen, 1 to 64 characters) and rejects the whole request otherwise: every request of a Claude session fails while the tool is listed. " +
			"Keys of nested objects are not checked, as the API does not check them.",
		Fix: "rename the key to letters, digits, _, . and - (at most 64 characters) and map the new name back to the old one in the handler",
	})
)

// anthropicKey is the pattern the Messages API holds top-level property keys to.
var anthropicKey = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,64}$`)

// claudeFails is what follows from a tool the Messages API rejects.
const claudeFails = "the Anthropic Messages API rejects the whole tools array, so every request of a Claude session (Claude Code, Claude Desktop, claude.ai connectors) fails while this tool is listed, not only calls of it"

func checkClientAnthropic(c *ToolContext) {
	if !c.Opts.clientActive(ProfileAnthropic) {
		return
	}
	in, ptr, ok := c.Schema("inputSchema")
	obj, isObj := in.(map[string]any)
	if !ok || !isObj {
		return
	}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if alts, has := obj[k]; has {
			c.Report(ClientAnthropicCombinator.Rule, source.Join(ptr, k), nil,
				"tool %s: inputSchema has %q at its top level, and %s: %s", quote(c.Tool.Label()), k, claudeFails, combinatorFix(k, alts, obj))
		}
	}
	props, _ := obj["properties"].(map[string]any)
	for _, k := range sortedKeys(props) {
		if anthropicKey.MatchString(k) {
			continue
		}
		kp := source.Join(ptr, "properties", k)
		what := "has characters outside letters, digits, _, . and -"
		switch n := utf8.RuneCountInString(k); {
		case n == 0:
			what = "is empty"
		case n > 64 && anthropicKey.MatchString(k[:64]):
			what = fmt.Sprintf("has %d characters, more than 64", n)
		}
		f := reportFindingAt(ClientAnthropicPropertyKey.Rule, kp, nil, false,
			"tool %s: inputSchema property key %s %s (the Messages API requires ^[a-zA-Z0-9_.-]{1,64}$ of every top-level key), and %s: rename it, e.g. to %s, and map the new name back in the handler",
			quote(c.Tool.Label()), quote(k), what, claudeFails, quote(anthropicRename(k, props)))
		if pos, found := c.File.Index.Key(kp); found {
			f.Line, f.Column = pos.Line, pos.Column
		}
		c.ReportFinding(f)
	}
}

// combinatorFix says how to keep the meaning of a top-level combinator
// without it: the properties its branches require, named.
func combinatorFix(k string, alts any, root map[string]any) string {
	if k == "allOf" {
		return "merge the allOf schemas (their properties and required) into the root object"
	}
	var names []string
	seen := map[string]bool{}
	branches, _ := alts.([]any)
	for _, b := range branches {
		bo, _ := b.(map[string]any)
		req, _ := bo["required"].([]any)
		for _, r := range req {
			if s, ok := r.(string); ok && !seen[s] {
				seen[s] = true
				names = append(names, s)
			}
		}
	}
	rule := "at least one of"
	if k == "oneOf" {
		rule = "exactly one of"
	}
	if len(names) >= 2 {
		return fmt.Sprintf("keep the root an object with every property, say in the description that %s %s must be given and check it in the handler, or move the alternatives into a property (a root \"if\"/\"then\"/\"else\" or \"not\" is accepted)",
			rule, quoteAlternatives(names))
	}
	return fmt.Sprintf("move the alternatives into a property (\"value\": {%q: [...]}), or keep the root an object, state the rule (%s ...) in the description and check it in the handler (a root \"if\"/\"then\"/\"else\" or \"not\" is accepted)", k, rule)
}

// anthropicRename proposes a key the Messages API accepts: "filter[id]"
// becomes "filter.id", "tags[]" "tags", "StartTime<" "StartTime_lt" (as
// twilio-labs/mcp#54 does), any other character outside the pattern "_",
// cut to 64 characters and made unique among props.
func anthropicRename(k string, props map[string]any) string {
	s := strings.ReplaceAll(k, "[]", "")
	s = strings.NewReplacer("[", ".", "]", "", "<", "_lt", ">", "_gt").Replace(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', r == '_', r == '.', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s = strings.Trim(b.String(), ".")
	if s == "" {
		s = "value"
	}
	if len(s) > 64 {
		s = s[:64]
	}
	base := s
	for i := 2; ; i++ {
		if _, taken := props[s]; !taken {
			return s
		}
		suffix := fmt.Sprintf("_%d", i)
		s = base
		if len(s)+len(suffix) > 64 {
			s = s[:64-len(suffix)]
		}
		s += suffix
	}
}
