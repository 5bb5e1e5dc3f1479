package annotate

import (
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// Title is a finding's annotation title: the tool it is about, then the
// rule's short title in set ("search_issues: required argument added");
// the rule id when set does not know the rule.
func Title(f report.Finding, set *rules.Set) string {
	t := set.Title(f.Rule)
	if f.Tool != "" {
		return toolLabel(f.Tool) + ": " + t
	}
	return t
}

// toolLabel is a tool's name as it leads a message or title: bare, or
// quoted and escaped when it holds a control character or another rune
// that does not print (a line break would split the text output's line).
func toolLabel(name string) string {
	for _, r := range name {
		if !strconv.IsPrint(r) {
			return strconv.Quote(name)
		}
	}
	return name
}

// ToolMessage is a finding's message led by the name of its tool, unless
// the message names the tool already: it mentions the quoted name anywhere
// (`tool "x"`, `tool name "x"`, `the tool "x"`, `renamed to "x"`), so the
// name is said once.
func ToolMessage(f report.Finding) string {
	if f.Tool == "" || strings.Contains(f.Message, strconv.Quote(f.Tool)) {
		return f.Message
	}
	return toolLabel(f.Tool) + ": " + f.Message
}
