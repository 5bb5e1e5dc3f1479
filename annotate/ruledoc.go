package annotate

import "github.com/mcpschema/mcpschema/internal/rules"

// RuleDocsPage is the page that documents every rule: its table has one
// anchor per rule (RuleAnchor). Rule pages that move change this line and
// RuleAnchor only.
const RuleDocsPage = ToolURI + "/blob/main/docs/rules.md"

// RuleAnchor is the fragment of a rule's entry on RuleDocsPage
// ("rule-compat.input.required-added").
func RuleAnchor(id string) string { return "rule-" + id }

// RuleDocURL is the address of a rule's documentation: SARIF helpUri, the
// help's link and the links of summaries all use it.
func RuleDocURL(id string) string { return RuleDocsPage + "#" + RuleAnchor(id) }

// ruleHelpMarkdown is a rule's SARIF help.markdown: what the rule wants,
// why, how to fix a finding, and the link to its documentation. The
// registry's texts are written as Markdown (code in backticks).
func ruleHelpMarkdown(r *rules.Rule) string {
	s := "**" + r.Summary + "**"
	if r.Doc != "" && r.Doc != r.Summary {
		s += "\n\n" + r.Doc
	}
	if r.Fix != "" {
		s += "\n\nHow to fix: " + r.Fix
	}
	return s + "\n\n[" + mdCode(r.ID) + " in the rule documentation](" + RuleDocURL(r.ID) + ")"
}
