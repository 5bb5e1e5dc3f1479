package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
)

// What the Gemini API rejects of a function declaration's "parameters":
// a Schema message of generativelanguage v1beta (the OpenAPI 3.0 subset),
// read as protobuf JSON, so an unknown member or a value of the wrong
// shape fails the whole request with HTTP 400 INVALID_ARGUMENT. Checked
// only when clients: names gemini. A missing "type" is not reported:
// gemini-cli dropped that check of its own as a false alarm (PR 9574).
var (
	ClientGeminiKeyword = registerClientConstraint(ClientConstraint{
		Profile: ProfileGemini, Name: "unknown-keyword", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "a schema keyword the Schema message does not have ($schema, $ref, $defs, additionalProperties, propertyNames, const, oneOf, allOf, exclusiveMinimum, ...)",
		Sources: []ClientSource{
			{"@google-ai/generativelanguage protos.google.ai.generativelanguage.v1beta.ISchema (3.7.0)", "2026-12-03", "the Schema fields: anyOf, default, description, enum, example, format, items, maximum, maxItems, maxLength, maxProperties, minimum, minItems, minLength, minProperties, nullable, pattern, properties, propertyOrdering, required, title, type"},
			{"router-for-me/CLIProxyAPI#97", "2025-10-07", "\"Invalid JSON payload received. Unknown name \\\"$schema\\\" at 'request.tools[0].function_declarations[0].parameters': Cannot find field\""},
			{"promptfoo/promptfoo#6902", "2026-01-01", "the same 400 for \"additionalProperties\" of MCP tools; Anthropic and OpenAI accept the server"},
			{"zendev-sh/zenflow#14", "2026-06-19", "the same 400 for \"propertyNames\" and \"exclusiveMinimum\" at nested positions"},
		},
	}, rules.Rule{
		Title: "rejected by Gemini: keyword", Direction: rules.Input,
		Summary: "a tool's inputSchema uses only keywords of the Gemini API's Schema",
		Doc: "The Gemini API reads a function declaration's parameters as its Schema message, a subset of the OpenAPI 3.0 schema: type, format, title, description, nullable, default, example, enum, properties, required, propertyOrdering, minProperties, maxProperties, items, minItems, maxItems, minLength, maxLength, pattern, minimum, maximum and anyOf. Any other member at a schema position ($schema, $ref, $defs, additionalProperties, const, oneOf, allOf, exclusiveMinimum, ...) fails the whole request (\"Unknown name ... Cannot find field\"). " +
			"The positions checked are the root, properties values, items and anyOf branches.",
		Fix: "remove the keyword, or inline what it says (a $ref's target, a const as a one-value enum) and say the rest in the description",
	})
	ClientGeminiTypeArray = registerClientConstraint(ClientConstraint{
		Profile: ProfileGemini, Name: "type-array", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "a \"type\" that is an array, such as [\"string\", \"null\"]",
		Sources: []ClientSource{
			{"zed-industries/zed#44875", "2026-02-14", "\"Invalid JSON payload received. Unknown name \\\"type\\\" at '...parameters.properties[3].value': Proto field is not repeating, cannot start list\""},
		},
	}, rules.Rule{
		Title: "rejected by Gemini: type list", Direction: rules.Input,
		Summary: "every type in a tool's inputSchema is a single type name",
		Doc:     "The Gemini API's Schema has one type; a JSON Schema type list such as [\"string\", \"null\"] fails the whole request (\"Proto field is not repeating, cannot start list\").",
		Fix:     "use one type and \"nullable\": true for null, or anyOf with one type per branch",
	})
	ClientGeminiEnum = registerClientConstraint(ClientConstraint{
		Profile: ProfileGemini, Name: "enum-string", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "an enum value that is not a string",
		Sources: []ClientSource{
			{"microsoft/azure-devops-mcp#139", "2025-06-26", "\"Invalid value at '...parameters.properties[12].value.enum[1]' (TYPE_STRING), 2\" for an integer enum"},
			{"microsoft/azure-devops-mcp#145", "2025-06-27", "the same for several tools in gemini-cli, which then sent parameters"},
			{"decolua/9router#380", "2026-03-21", "\"function declaration enum only allowed for STRING type\""},
		},
	}, rules.Rule{
		Title: "rejected by Gemini: enum value", Direction: rules.Input,
		Summary: "every enum value in a tool's inputSchema is a string",
		Doc:     "The Gemini API's Schema holds enum values as strings; an integer, boolean or null value fails the whole request (\"Invalid value at ... enum[1] (TYPE_STRING)\").",
		Fix:     "use string values (\"2\" for 2) and convert them in the handler, or drop the enum and say the values in the description",
	})
)

// geminiFields are the members of generativelanguage v1beta Schema, in
// their JSON names and their proto names.
var geminiFields = map[string]bool{
	"type": true, "format": true, "title": true, "description": true, "nullable": true, "default": true, "example": true,
	"enum": true, "properties": true, "required": true, "propertyOrdering": true, "property_ordering": true,
	"minProperties": true, "min_properties": true, "maxProperties": true, "max_properties": true,
	"items": true, "minItems": true, "min_items": true, "maxItems": true, "max_items": true,
	"minLength": true, "min_length": true, "maxLength": true, "max_length": true, "pattern": true,
	"minimum": true, "maximum": true, "anyOf": true, "any_of": true,
}

// geminiFails is what follows from a schema the Gemini API rejects.
const geminiFails = "the Gemini API rejects the whole request (HTTP 400 INVALID_ARGUMENT) for a host that sends it as the function's parameters"

func checkClientGemini(c *ToolContext) {
	if !c.Opts.clientActive(ProfileGemini) {
		return
	}
	in, ptr, ok := c.Schema("inputSchema")
	if !ok {
		return
	}
	tool := quote(c.Tool.Label())
	w := newSchemaWalk(c, ptr)
	w.single, w.lists, w.maps = []string{"items"}, []string{"anyOf"}, []string{"properties"}
	w.visit = func(w *schemaWalk, obj map[string]any) {
		for _, k := range sortedKeys(obj) {
			if !geminiFields[k] {
				c.Report(ClientGeminiKeyword.Rule, w.at(k), nil, "tool %s: keyword %s is not part of the Gemini API's Schema (\"Unknown name %s ... Cannot find field\"), and %s: remove it or inline what it says", tool, quote(k), k, geminiFails)
			}
		}
		if t, isList := obj["type"].([]any); isList {
			c.Report(ClientGeminiTypeArray.Rule, w.at("type"), nil, "tool %s: \"type\" is the list %s, and the Gemini API's Schema has one type (\"Proto field is not repeating\"), so %s: use one type and \"nullable\": true for null", tool, compactJSON(t), geminiFails)
		}
		if list, isList := obj["enum"].([]any); isList {
			for i, v := range list {
				if _, isStr := v.(string); !isStr {
					c.Report(ClientGeminiEnum.Rule, w.at("enum", itoa(i)), nil, "tool %s: enum value %s is not a string, and the Gemini API holds enum values as strings, so %s: use %s and convert it in the handler", tool, compactJSON(v), geminiFails, quote(compactJSON(v)))
					break
				}
			}
		}
	}
	w.run(in)
}
