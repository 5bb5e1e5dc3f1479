package diffcheck

import (
	"sort"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// judgeEntry is one judge of the package and the rules it reports.
type judgeEntry struct {
	// judge is the function, "(receiver).name" for a method.
	judge string
	rules []*rules.Rule
}

// judges is the rule → judge table: every function that reports a compat
// rule, with its rules (a judge's mirror, where it has one). Rules is the
// union of its rules, so a record reaches `mcpschema rules`, SARIF, the
// docs and config validation only through a line here, and
// TestEveryCompatRuleHasAJudge keeps the table equal to the functions that
// name each rule or its mirror in the package's sources.
var judges = []judgeEntry{
	// a tool as a whole (findings.go, schemas.go, base_not_schema.go, notcomparable.go, invalidhead.go)
	{"(comparer).baseUnreadable", []*rules.Rule{RuleBaseUnreadable}},
	{"(comparer).toolRemoved", []*rules.Rule{RuleToolRemoved}},
	{"(comparer).toolAdded", []*rules.Rule{RuleToolAdded}},
	{"(comparer).toolRenamed", []*rules.Rule{RuleToolRenamed}},
	{"(comparer).compareInputs", []*rules.Rule{RuleInputSchemaRemoved}},
	{"(comparer).compareOutputs", []*rules.Rule{RuleOutputSchemaAdded, RuleOutputSchemaRemoved}},
	{"(comparer).compareBaseNotSchema", []*rules.Rule{RuleInputUndecidable}},
	{"(comparer).baseNotComparable", []*rules.Rule{RuleBaseNotComparable}},
	{"NotComparedWhereInvalid", []*rules.Rule{RuleHeadInvalid}},

	// the schema judge, one pair of subschemas per direction (judge*.go)
	{"(judge).sub", []*rules.Rule{RuleOutputBecameTrue}},
	{"(judge).undecidableChange", undecidableRules.rules()},
	{"(judge).opaqueAdded", opaqueRef.rules()},
	{"(judge).becameFalse", rejectsAll.rules()},
	{"(judge).types", typeChange.rules()},
	{"(judge).enums", append(listedValue.rules(), listedAll.rules()...)},
	{"(judge).listedBranches", untakenValue.rules()},
	{"besideListed", []*rules.Rule{RuleInputAdditionalRestricted, RuleInputAllOfAdded, RuleInputConditionalAdded, RuleInputEnumValueRemoved, RuleInputRequiredAdded,
		RuleOutputAdditionalRelaxed, RuleOutputAllOfRemoved, RuleOutputConditionalRemoved, RuleOutputEnumValueAdded, RuleOutputRequiredRemoved}},
	{"(judge).boundChange", append(boundNew.rules(), boundMoved.rules()...)},
	{"(judge).strings", []*rules.Rule{RuleInputPatternAdded, RuleInputPatternChanged, RuleInputFormatAdded, RuleOutputPatternRemoved, RuleOutputFormatRemoved}},
	{"(judge).objects", []*rules.Rule{RuleInputRequiredAdded, RuleOutputBecameOptional, RuleOutputRequiredRemoved, RuleOutputPropertyRemoved}},
	{"(judge).memberGone", []*rules.Rule{RuleInputPropertyRemoved, RuleOutputAdditionalRelaxed}},
	{"(judge).undeclared", membersClosed.rules()},
	{"(judge).patternGone", patternTaken.rules()},
	{"(judge).unevaluated", append(unevaluatedMembers.rules(), unevaluatedElements.rules()...)},
	{"(judge).conditional", conditionNew.rules()},
	{"(judge).changed", conditionChanged.rules()},
	{"(judge).branches", []*rules.Rule{RuleInputBranchRemoved}},
	{"(judge).branchChange", append(branchGone.rules(), branchesWrapped.rules()...)},
	{"(judge).overlaps", overlapping.rules()},
	{"(judge).allOfMembers", allOfMember.rules()},
	{"(judge).defaults", defaultChanged.rules()},
	{"(comparer).unjudgedRefs", undecidableRules.rules()},
	{"genericRule", genericRuleSet()},

	// the tool's annotations and examples (annotations.go, examples.go)
	{"(comparer).compareAnnotations", []*rules.Rule{RuleReadOnlyRemoved, RuleDestructiveAdded, RuleIdempotentRemoved, RuleOpenWorldAdded}},
	{"(comparer).compareTrust", []*rules.Rule{RuleReadOnlyAdded, RuleDestructiveRemoved, RuleIdempotentAdded, RuleOpenWorldRemoved}},
	{"(comparer).compareExamples", []*rules.Rule{RuleExampleInputInvalid, RuleExampleResultInvalid}},

	// the lifecycle of what the base deprecates (lifecycle.go)
	{"removedAfterSunset", []*rules.Rule{RuleRemovedAfterSunset}},
	{"(comparer).sunsetEarlier", []*rules.Rule{RuleSunsetEarlier}},
	{"documentLifecycle", []*rules.Rule{RuleSunsetEarlier}},

	// the rest of an MCP Description document (document*.go)
	{"(docCmp).compareVersions", []*rules.Rule{RuleProtocolVersionRemoved}},
	{"(docCmp).undecidable", []*rules.Rule{RuleDocumentUndecidable}},
	{"(docCmp).compareSecurity", []*rules.Rule{RuleDocumentUndecidable}},
	{"(docCmp).addToolPrims", []*rules.Rule{RuleToolRemoved}},
	{"(docCmp).comparePrompts", []*rules.Rule{RulePromptRemoved}},
	{"(docCmp).comparePrompt", []*rules.Rule{RulePromptRenamed, RulePromptArgumentRemoved, RulePromptArgumentRequiredAdded}},
	{"(docCmp).compareResources", []*rules.Rule{RuleResourceRemoved, RuleResourceMimeTypeChanged}},
	{"(docCmp).compareTemplates", []*rules.Rule{RuleTemplateRemoved, RuleTemplateMimeTypeChanged}},
	{"(docCmp).compareTemplate", []*rules.Rule{RuleTemplateVariableRemoved, RuleTemplateURIChanged}},
	{"(docCmp).pairSchemes", []*rules.Rule{RuleSecuritySchemeRemoved, RuleSecuritySchemeChanged}},
	{"(docCmp).compareRequirement", []*rules.Rule{RuleSecurityScopeAdded, RuleSecurityRequirementAdded}},
	{"(docCmp).compareCapabilities", []*rules.Rule{RuleCapabilityRemoved}},
	{"(docCmp).compareClientRequirements", []*rules.Rule{RuleClientRequirementAdded}},
	{"(docCmp).compareTransports", []*rules.Rule{RuleTransportRemoved}},
}

// Rules returns every compat rule, sorted by id: the rules of the judge table.
func Rules() []*rules.Rule {
	seen := map[*rules.Rule]bool{}
	var out []*rules.Rule
	for _, e := range judges {
		for _, r := range e.rules {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
