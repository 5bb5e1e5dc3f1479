package validate

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// Quality lints (issue 31 item 1): a tool can be valid and still hard for
// a model to use. Each lint is a registry rule quality.<...>, a notice or
// a warning, except where no call can succeed (an error), and each message
// says what to write instead. The counts per rule on the corpus are pinned
// in testdata/golden/text-corpus.txt (docs/text.md).

// qualityRule registers a quality.* rule (owner "quality").
func qualityRule(r rules.Rule) *rules.Rule {
	r.Owner, r.Level = "quality", rules.Should
	return rules.New(r)
}

// The quality rules.
var (
	RuleQualityDescription = qualityRule(rules.Rule{
		ID: "quality.tool.description", Title: "tool description missing or too short",
		Severity: rules.Warning, Also: []rules.Severity{rules.Notice}, Varies: "notice when there is a description, but it is too short, repeats the name or is a message key",
		Summary: "every tool has a description that says what it does",
		Doc: "The model chooses a tool by its description. A tool without one (a warning) is chosen by its name alone; a description of fewer than three words, one that only repeats the name, or a message key never replaced by its text (\"TOOL_GET_ISSUE_DESCRIPTION\", 77 tools of one corpus server) says no more (a notice). " +
			"Hasan et al., \"MCP Tool Descriptions Are Smelly!\" (arXiv 2602.14878, 2026) found at least one smell in 97.1% of 856 tools of 103 servers, 56% not stating their purpose clearly, and better descriptions raising task success.",
		Fix: "write one or two sentences: what the tool does, what it returns, and when to use it",
	})
	RuleQualityParameterDescription = qualityRule(rules.Rule{
		ID: "quality.tool.input-schema.parameter-description", Title: "parameter without a description",
		Severity: rules.Notice,
		Summary:  "every parameter of a tool says what it is",
		Doc:      "A top-level property of the inputSchema without a description (or title) leaves the model to guess what to pass from its name and type: the format of an id, the unit of a number, whether a path is absolute. A property given by \"$ref\" is not reported (its description may be at the target).",
		Fix:      "add \"description\": what the parameter is, its format or unit, and an example value",
	})
	RuleQualityRequiredUndeclared = qualityRule(rules.Rule{
		ID: "quality.tool.input-schema.required-undeclared", Title: "required property not declared",
		Severity: rules.Warning, Also: []rules.Severity{rules.Error}, Varies: "error when \"additionalProperties\": false means no call can succeed",
		Summary: "every property a tool's inputSchema requires is declared in its properties",
		Doc: "\"required\" naming a property that \"properties\" does not declare tells the model a name but neither its type nor its meaning (a warning). When the same object has \"additionalProperties\": false and no \"patternProperties\", the property is both required and rejected, so no object is valid: at the inputSchema's root, or under properties that are themselves required all the way up, no call can succeed (an error); deeper, no value of that parameter can be (a warning). That error is reported in every run; the warnings, like every quality lint, with quality: on. " +
			"An open object whose properties may be declared elsewhere (allOf, anyOf, oneOf, $ref, if/then/else, dependentSchemas) is not reported.",
		Fix: "declare the property under \"properties\" with its type and description, or remove it from \"required\"",
	})
	RuleQualityDefaultInvalid = qualityRule(rules.Rule{
		ID: "quality.tool.default-invalid", Title: "default or example the schema rejects",
		Severity: rules.Warning,
		Summary:  "every default and example in a tool's schemas is valid against its own schema",
		Doc: "A \"default\" or an entry of \"examples\" that its own schema rejects (\"default\": \"kelvin\" beside \"enum\": [\"metric\", \"imperial\"]) tells the model to send a value the server will refuse, or a client that fills in defaults sends it on its own. " +
			"The value is validated against the schema it sits in, with the real validator; a schema with a \"$ref\" inside is not judged (its target may depend on the document).",
		Fix: "make the default or example one of the values the schema accepts, or widen the schema to accept it",
	})
	RuleQualityReadOnlyDestructive = qualityRule(rules.Rule{
		ID: "quality.tool.annotations.read-only-destructive", Title: "read-only tool that deletes or sends", Direction: rules.Annotation,
		Severity: rules.Warning,
		Summary:  "a tool whose name or description says it deletes, removes, drops or sends does not claim readOnlyHint: true",
		Doc:      "Clients skip the confirmation of tools that declare \"readOnlyHint\": true and run them freely. A tool named delete_..., ..._remove, drop_... or send_..., or whose description starts with \"Deletes\", \"Removes\", \"Drops\" or \"Sends\", changes the world; claiming it only reads lets it run unasked.",
		Fix:      "set \"readOnlyHint\": false (and \"destructiveHint\": true for a tool that deletes), or rename the tool if it only reads",
	})
	RuleQualityNearDuplicate = qualityRule(rules.Rule{
		ID: "quality.tool.name.near-duplicate", Title: "tool names that differ only by case or - and _",
		Severity: rules.Warning,
		Summary:  "the tools of one server differ by more than case or \"-\" and \"_\"",
		Doc: "Two tools of one server whose names differ only by case or by \"-\" against \"_\" (create_issue and Create-Issue) are one name to a model and to users who type it, and clients that normalise names (case-insensitive matching, \"-\" mapped to \"_\") see one tool where there are two. " +
			"The servers are those of mcpschema.tool.name.unique-across-files; reported once per pair, at the later tool.",
		Fix: "rename one of the tools so the names differ in words, or remove the copy",
	})
)

// qualityRules are the rules the quality checks own (near-duplicate is
// reported by AssembleWith).
var qualityRules = []*rules.Rule{RuleQualityDescription, RuleQualityParameterDescription, RuleQualityRequiredUndeclared, RuleQualityDefaultInvalid, RuleQualityReadOnlyDestructive}

// IsQualityRule reports whether id names a quality.* lint.
func IsQualityRule(id string) bool { return strings.HasPrefix(id, "quality.") }

func isQualityRule(id string) bool { return IsQualityRule(id) }
