package validate

import (
	"sort"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// FileCheck is the body of a check run once per file (after the tool checks).
type FileCheck func(*FileContext)

// ToolCheck is the body of a check run once per tool entry.
type ToolCheck func(*ToolContext)

// ServerCheck is the body of a check run once per MCP Registry server.json
// (a file of shape source.ShapeServerJSON), instead of the tool and file checks.
type ServerCheck func(*FileContext)

// Check is one validation check: a name, the rules it reports, and its body.
// Exactly one of Tool, File and Server is set. Rules is the explicit link from a
// rule to the code that reports it: every validation rule is owned by
// exactly one check or listed in EmittedElsewhere, and a check reports only
// the rules it owns or shares (all tested).
type Check struct {
	// Name is kebab-case and unique, e.g. "tool-name-format".
	Name string
	// Rules are the rules the check owns.
	Rules []*rules.Rule
	// Shares are rules owned by another check that this one also reports,
	// for the same text applied to another place (e.g. _meta keys of examples).
	Shares []*rules.Rule
	// Tool runs once per tool entry.
	Tool ToolCheck
	// File runs once per file, after every tool check.
	File FileCheck
	// Server runs once per server.json file, and only there.
	Server ServerCheck
}

// checks are every check, in the order they run: each tool check on every
// tool of a file, then the file checks (on a server.json, only the
// Server checks). A new check is a line here, next to its kind.
var checks = []Check{
	// tool checks
	{Name: "annotations", Rules: []*rules.Rule{RuleToolAnnotations}, Shares: []*rules.Rule{RuleExtensionPlacement}, Tool: checkAnnotations},
	{Name: "client-anthropic", Rules: []*rules.Rule{ClientAnthropicCombinator.Rule, ClientAnthropicPropertyKey.Rule}, Tool: checkClientAnthropic},
	{Name: "client-gemini", Rules: []*rules.Rule{ClientGeminiKeyword.Rule, ClientGeminiTypeArray.Rule, ClientGeminiEnum.Rule}, Tool: checkClientGemini},
	{Name: "client-tool-name-length", Rules: []*rules.Rule{ClientCursorToolName.Rule, ClientVSCodeToolName.Rule}, Tool: checkClientToolNames},
	{Name: "client-openai-strict", Rules: []*rules.Rule{ClientOpenAIAdditionalProperties.Rule, ClientOpenAIRequiredAll.Rule, ClientOpenAIFormat.Rule, ClientOpenAIRootProperties.Rule}, Tool: checkClientOpenAIStrict},
	{Name: "client-mcp-ts-sdk", Rules: []*rules.Rule{ClientTSSDKInputRoot.Rule, ClientTSSDKOutputRoot.Rule, ClientTSSDKBooleanProperty.Rule}, Tool: checkClientTSSDK},
	{Name: "component-refs", Rules: []*rules.Rule{RuleComponentRef}, Tool: checkComponentRefs},
	{Name: "deprecation", Rules: []*rules.Rule{RuleDeprecationIncomplete, RuleDeprecationSunsetPassed, RuleDeprecationMarker}, Tool: checkToolDeprecation},
	{Name: "tool-closed", Shares: []*rules.Rule{RuleDocCollection, RuleDocUnknown}, Tool: checkToolClosed},
	{Name: "examples", Rules: []*rules.Rule{RuleExampleShape, RuleExampleName, RuleExampleInput, RuleExampleIncomplete, RuleExampleResult, RuleExampleStructured, RuleExampleContent, RuleExtensionPlacement}, Shares: []*rules.Rule{RuleComponentRef, RuleMetaKey, RuleMetaReserved, RuleMetaReservedUse, RuleDocUnknown}, Tool: checkExamples},
	{Name: "execution", Rules: []*rules.Rule{RuleToolTaskSupport}, Tool: checkExecution},
	{Name: "headers", Rules: []*rules.Rule{RuleHeaderToken, RuleHeaderUnique, RuleHeaderPlacement, RuleHeaderVersion}, Tool: checkHeaders},
	{Name: "icons", Rules: []*rules.Rule{RuleToolIcons}, Tool: checkIcons},
	{Name: "interaction-examples", Rules: []*rules.Rule{RuleInteractionShape, RuleInteractionStep}, Shares: []*rules.Rule{RuleExampleName, RuleExampleInput, RuleExampleIncomplete, RuleExampleResult, RuleExampleStructured, RuleExampleContent, RuleMetaKey, RuleMetaReserved, RuleMetaReservedUse, RuleDocUnknown, RuleExtensionPlacement}, Tool: checkInteractionExamples},
	{Name: "legacy-shape", Rules: []*rules.Rule{RuleLegacyShape, RuleLegacyDialect}, Tool: checkLegacyShape},
	{Name: "tool-meta", Rules: []*rules.Rule{RuleMetaKey, RuleMetaReserved, RuleMetaReservedUse}, Shares: []*rules.Rule{RuleExtensionPlacement}, Tool: checkToolMeta},
	{Name: "native-shape", Rules: []*rules.Rule{RuleNativeShape}, Tool: checkNativeShape},
	{Name: "tool-scope", Rules: []*rules.Rule{RuleToolScope}, Tool: checkToolScope},
	{Name: "field-versions", Rules: []*rules.Rule{RuleFieldVersion}, Tool: checkFieldVersions},
	{Name: "quality-description", Rules: qualityRules[:1], Tool: checkQualityDescription},
	{Name: "quality-parameters", Rules: qualityRules[1:3], Tool: checkQualityParameters},
	{Name: "quality-default", Rules: qualityRules[3:4], Tool: checkQualityDefaults},
	{Name: "quality-read-only", Rules: qualityRules[4:5], Tool: checkQualityReadOnly},
	{Name: "risky-text", Rules: textRules, Tool: checkToolText},
	{Name: "tool-entry", Rules: []*rules.Rule{RuleToolObject, RuleToolName, RuleToolInputSchema, RuleToolOutputSchema}, Tool: checkToolEntry},
	{Name: "tool-strings", Rules: []*rules.Rule{RuleToolTitle, RuleToolDescription}, Tool: checkToolStrings},
	{Name: "tool-name-format", Rules: []*rules.Rule{RuleToolNameFormat}, Tool: checkToolNameFormat},
	{Name: "tool-schema-valid", Rules: []*rules.Rule{RuleToolSchemaValid}, Tool: checkToolSchemaValid},
	{Name: "tool-tags", Rules: []*rules.Rule{RuleToolTags}, Tool: checkToolTags},
	{Name: "tool-deprecated", Rules: []*rules.Rule{RuleToolDeprecated}, Tool: checkToolDeprecated},

	// file and server.json checks, after every tool check
	{Name: "deprecation-document", Shares: []*rules.Rule{RuleDeprecationIncomplete, RuleDeprecationSunsetPassed, RuleDeprecationMarker}, File: checkDocumentDeprecation},
	{Name: "capabilities", Rules: []*rules.Rule{RuleCapShape, RuleCapScope, RuleCapVersion, RuleCapAdvice, RuleCapUsage}, Shares: []*rules.Rule{RuleDocUnknown}, File: checkCapabilities},
	{Name: "client-requirements", Rules: []*rules.Rule{RuleClientReqShape, RuleClientReqDeprecated, RuleClientReqInteraction}, File: checkClientRequirements},
	{Name: "completion-examples", Rules: []*rules.Rule{RuleCompletionExample, RuleCompletionVersion}, File: checkCompletionExamples},
	{Name: "components", Rules: []*rules.Rule{RuleComponentName, RuleComponentsRef, RuleComponentValue}, Shares: []*rules.Rule{RuleExtensionPlacement}, File: checkComponents},
	{Name: "elicitations", Rules: []*rules.Rule{RuleElicitationDecl, RuleElicitationVersion, RuleElicitationSchema}, Shares: []*rules.Rule{RuleDocUnknown, RuleDeclScope}, File: checkElicitations},
	{Name: "prompts", Rules: []*rules.Rule{RulePromptShape, RulePromptUnique, RulePromptExample}, Shares: []*rules.Rule{RuleDocUnknown, RuleExtensionPlacement, RuleDocMetaKey, RuleMetaReserved, RuleMetaReservedUse}, File: checkPrompts},
	{Name: "resources", Rules: []*rules.Rule{RuleResourceShape, RuleResourceURI, RuleTemplateSyntax, RuleResourceMime, RuleResourceAnnotations, RuleResourceUnique, RuleResourceExampleConsistency, RuleResourceExample, RuleDocMetaKey}, Shares: []*rules.Rule{RuleDocUnknown, RuleExtensionPlacement, RuleMetaReserved, RuleMetaReservedUse}, File: checkResources},
	{Name: "security", Rules: []*rules.Rule{RuleSecurityScheme, RuleSecurityRequirement, RuleSecurityScope}, Shares: []*rules.Rule{RuleExtensionPlacement}, File: checkSecurity},
	{Name: "document-tags", Rules: []*rules.Rule{RuleDocTags}, Shares: []*rules.Rule{RuleDocUnknown}, File: checkDocTags},
	{Name: "transports", Rules: []*rules.Rule{RuleTransportShape, RuleTransportCoverage, RuleTransportVersion, RuleTransportLegacy, RuleDeclScope}, Shares: []*rules.Rule{RuleDocUnknown}, File: checkTransports},
	{Name: "document", Rules: []*rules.Rule{RuleDocVersion, RuleDocInfo, RuleDocVersions, RuleDocCollection, RuleDocUnknown, RuleDocComponents}, File: checkDocument},
	{Name: "legacy-incomplete", Rules: []*rules.Rule{RuleLegacyIncomplete}, File: checkLegacyIncomplete},
	{Name: "server-json", Rules: append([]*rules.Rule{RuleServerSchemaVersion, RuleServerSchemaDeprecated, RuleServerSchema}, registryRules...), Server: checkServerJSON},
	{Name: "risky-document-text", Rules: []*rules.Rule{}, Shares: textRules, File: checkDocumentText},
	{Name: "tool-names-unique", Rules: []*rules.Rule{RuleToolNameUnique}, File: checkToolNamesUnique},
}

// toolChecks and fileChecks are the checks by kind, each in the order of
// checks (runChecks runs them so).
var toolChecks, fileChecks = byKind(checks)

// byKind splits cs into the tool checks and the file and server.json
// checks, keeping their order; it panics on a check without a name, its
// rules or exactly one body.
func byKind(cs []Check) (tool, file []*Check) {
	for i := range cs {
		c := &cs[i]
		switch {
		case c.Name == "" || len(c.Rules)+len(c.Shares) == 0 || bodies(*c) != 1:
			panic("validate: check " + c.Name + " needs a name, its rules and exactly one of Tool, File and Server")
		case c.Tool != nil:
			tool = append(tool, c)
		default:
			file = append(file, c) // server.json checks too: runChecks picks them
		}
	}
	return tool, file
}

// bodies counts the bodies a check sets.
func bodies(c Check) int {
	n := 0
	for _, set := range []bool{c.Tool != nil, c.File != nil, c.Server != nil} {
		if set {
			n++
		}
	}
	return n
}

// runChecks runs every tool check on each tool of fc, then every file
// check; on a server.json, only the server.json checks.
func runChecks(fc *FileContext, tools, files []*Check) {
	if fc.File.Shape == source.ShapeServerJSON {
		for _, check := range files {
			if check.Server != nil {
				fc.check = check
				check.Server(fc)
			}
		}
		fc.check = nil
		return
	}
	for _, tc := range fc.Tools {
		if fc.skipTools != nil && fc.skipTools(tc.Tool) {
			continue
		}
		for _, check := range tools {
			fc.check = check
			check.Tool(tc)
		}
	}
	for _, check := range files {
		if check.File != nil {
			fc.check = check
			check.File(fc)
		}
	}
	fc.check = nil
}

// Checks returns every check: tool checks first, then file
// checks, each in the order they run.
func Checks() []Check {
	out := make([]Check, 0, len(toolChecks)+len(fileChecks))
	for _, c := range toolChecks {
		out = append(out, *c)
	}
	for _, c := range fileChecks {
		out = append(out, *c)
	}
	return out
}

// EmittedElsewhere lists the validation rules of this package that no check
// owns, with the reason.
var EmittedElsewhere = map[*rules.Rule]string{
	RuleFileSyntax:       "reported from the loader's problems by reportSourceProblems, before any check and also for files the checks skip",
	RuleFileDuplicateKey: "reported from the loader's problems by reportSourceProblems",
	RuleFileBOM:          "reported from the loader's problems by reportSourceProblems",
	RuleFileBound:        "reported from the loader's problems by reportSourceProblems",
	RuleFileNotJSON:      "reported from the loader's problems by reportSourceProblems",
	RuleFileEmpty:        "reported from the loader's problems by reportSourceProblems",
	RuleFileUnreadable:   "reported from the loader's problems by reportSourceProblems (and by the CLI for paths it cannot read)",
	RuleFileShape:        "reported by reportSourceProblems when the loader recognises no shape",
	RuleFileYAMLAlias:    "reported from the loader's YAML profile pass by reportSourceProblems, before any value is built",
	RuleFileYAMLAnchor:   "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileYAMLMergeKey: "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileYAMLBoolWord: "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileYAMLTag:      "reported from the loader's YAML profile pass by reportSourceProblems",
	RuleFileNoTools:      "reported by AssembleWith once the whole run is known (a notice when another file holds tools)",
	RuleTimeBudget:       "reported by the file's budget after every check ran (reportBudget), naming the tools left unchecked",

	ClientCursorToolCount.Rule: "reported by AssembleWith once every file of the run is known (checkServerLimits)",
	ClientVSCodeToolCount.Rule: "reported by AssembleWith once every file of the run is known (checkServerLimits)",
	RuleServerMaxTokens:        "reported once every file's tools are counted (ContextCost)",
	RuleQualityNearDuplicate:   "reported by AssembleWith once every file of the run is known (checkNearDuplicates)",
	RuleToolNameAcrossFiles:    "reported by AssembleWith once every file of the run is known (checkToolNamesAcrossFiles)",
	RuleVersionMismatch:        "reported by the pipeline once every file of the run is read (VersionAgreement)",
}

// Rules returns every validation rule of the package, sorted by id: the
// rules the checks own or share and those EmittedElsewhere lists.
func Rules() []*rules.Rule {
	seen := map[*rules.Rule]bool{}
	var out []*rules.Rule
	add := func(rs []*rules.Rule) {
		for _, r := range rs {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	for _, c := range Checks() {
		add(c.Rules)
		add(c.Shares)
	}
	for r := range EmittedElsewhere {
		add([]*rules.Rule{r})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
