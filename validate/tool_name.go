package validate

import (
	"unicode/utf8"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// Rules about tool names.
var (
	RuleToolNameFormat = rules.New(rules.Rule{
		ID: "mcp.tool.name.format", Owner: "mcp", Level: rules.Should, Severity: rules.Warning,
		Versions: []string{"2025-11-25", "2026-07-28"},
		Title:    "tool name not allowed",
		Summary:  "a tool name has 1 to 128 characters, only letters, digits, underscore, hyphen and dot",
		Doc:      "From MCP 2025-11-25 (server/tools.mdx, \"Tool Names\", unchanged in 2026-07-28): tool names SHOULD be between 1 and 128 characters long and SHOULD use only A-Z, a-z, 0-9, underscore, hyphen and dot, with no spaces, commas or other special characters (SEP-986 as merged). Clients and aggregators rely on this to route and prefix names. Earlier protocol versions set no rule, so the check applies only to tools scoped to 2025-11-25 or later.",
		Fix:      "rename the tool using only letters, digits, _, - and ., at most 128 characters, or narrow the tool's protocolVersions",
	})
	RuleToolNameUnique = rules.New(rules.Rule{
		ID: "mcpdesc.tool.name.unique", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "tool declared twice",
		Summary: "tools with the same name have disjoint protocol scopes",
		Doc:     "MCP Description 0.8.0 section 9.5: tools with the same name MUST have pairwise-disjoint effective protocol scopes, so that projection to one protocol version yields at most one declaration for that name; an omitted scope covers every root version. MCP itself says tool names SHOULD be unique within a server. In a tools/list result, array or snapshot every tool has the file's scope, so a repeated name is always reported.",
		Fix:     "rename one of the tools, or give the same-name variants protocolVersions that do not overlap",
	})
)

// checkToolNameFormat warns about names outside the MCP naming rules.
func checkToolNameFormat(c *ToolContext) {
	if !c.Tool.HasName {
		return
	}
	vs := c.Among(RuleToolNameFormat.Versions)
	if len(vs) == 0 {
		return
	}
	name := c.Tool.Name
	n := utf8.RuneCountInString(name)
	switch {
	case n == 0:
		c.Report(RuleToolNameFormat, c.Ptr("name"), vs,
			"tool name is empty, which the MCP naming rules for %s do not allow: give it 1 to 128 characters from A-Z, a-z, 0-9, _, - and .", versionsText(vs))
	case n > 128:
		c.Report(RuleToolNameFormat, c.Ptr("name"), vs,
			"tool name has %d characters, more than the 128 the MCP naming rules for %s allow: shorten it", n, versionsText(vs))
	default:
		if bad, ok := badNameChar(name); ok {
			c.Report(RuleToolNameFormat, c.Ptr("name"), vs,
				"tool name %q contains %q, which the MCP naming rules for %s do not allow: use only A-Z, a-z, 0-9, _, - and .", name, string(bad), versionsText(vs))
		}
	}
}

// badNameChar returns the first character of name outside A-Za-z0-9_-. .
func badNameChar(name string) (rune, bool) {
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.':
		default:
			return r, true
		}
	}
	return 0, false
}

// checkToolNamesUnique reports each tool whose name repeats an earlier
// tool's with overlapping effective protocol scopes, at the later name.
func checkToolNamesUnique(fc *FileContext) {
	byName := map[string][]*ToolContext{}
	for _, b := range fc.Tools {
		if !b.Tool.HasName {
			continue
		}
		earlier := byName[b.Tool.Name]
		for _, a := range earlier {
			overlap := intersect(a.Versions, b.Versions)
			if len(overlap) == 0 {
				continue
			}
			b.Report(RuleToolNameUnique, b.Ptr("name"), overlap,
				"tool name %q is already used by the tool at %q for %s: rename one of them or give them protocolVersions that do not overlap",
				b.Tool.Name, a.Tool.Pointer, versionsText(overlap))
			break
		}
		byName[b.Tool.Name] = append(earlier, b)
	}
}
