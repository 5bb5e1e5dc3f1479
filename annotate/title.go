package annotate

import (
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/validate/report"
	"github.com/mcpschema/mcpschema/validate/rules"
)

// Title is a finding's annotation title: the tool it is about, then the
// rule's short title ("search_issues: required argument added"); the rule
// id when the rule is unknown.
func Title(f report.Finding) string {
	t := f.Rule
	if r, ok := rules.Lookup(f.Rule); ok {
		t = r.ShortTitle()
	}
	if f.Tool != "" {
		return f.Tool + ": " + t
	}
	return t
}

// ToolMessage is a finding's message led by the name of its tool, unless
// the message names the tool already: it mentions the quoted name anywhere
// (`tool "x"`, `tool name "x"`, `the tool "x"`, `renamed to "x"`), so the
// name is said once.
func ToolMessage(f report.Finding) string {
	if f.Tool == "" || strings.Contains(f.Message, strconv.Quote(f.Tool)) {
		return f.Message
	}
	return f.Tool + ": " + f.Message
}
