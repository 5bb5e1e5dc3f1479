package validate

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// What OpenAI function calling rejects of a tool's parameters with
// "strict": true ("Invalid schema for function ...", HTTP 400, for the
// whole request). Checked only when clients: names openai-strict.
var (
	ClientOpenAIAdditionalProperties = registerClientConstraint(ClientConstraint{
		Profile: ProfileOpenAIStrict, Name: "additional-properties", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "an object schema without \"additionalProperties\": false",
		Sources: []ClientSource{
			{"github/github-mcp-server#376", "2025-05-05", "most tools lack additionalProperties: false at the top level; OpenAI requests fail with 400"},
			{"ravitemer/mcphub.nvim#124", "2025-05-10", "\"In context=('properties', 'tool_input'), 'additionalProperties' is required to be supplied and to be false\": nested objects too"},
			{"camel-ai/camel#2574", "2025-06-11", "the same 400 with strict=True for an MCP tool"},
			{"softwaremill/sttp-ai#521", "2026-07-20", "a bare {} root is rejected: \"additionalProperties is required to be supplied and to be false\""},
			{"spring-projects/spring-ai#6865", "2026-08-26", "strict mode demands additionalProperties: false on every object level; MCP tools are rejected"},
		},
	}, rules.Rule{
		Title: "rejected by OpenAI strict: open object", Direction: rules.Input,
		Summary: "every object schema of a tool's inputSchema has \"additionalProperties\": false",
		Doc:     "With \"strict\": true, OpenAI function calling requires \"additionalProperties\": false on every object of the parameters schema, the root and every nested object (properties, items, anyOf branches, $defs), and rejects the request otherwise: \"In context=(...), 'additionalProperties' is required to be supplied and to be false\". An object schema is the root, one whose type is or includes \"object\", or one with properties.",
		Fix:     "add \"additionalProperties\": false to the object (and list its members in properties)",
	})
	ClientOpenAIRequiredAll = registerClientConstraint(ClientConstraint{
		Profile: ProfileOpenAIStrict, Name: "required-all", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "an object schema whose \"required\" does not list every key of its \"properties\"",
		Sources: []ClientSource{
			{"openai/codex#824", "2025-05-10", "OpenAI's tool calling needs every parameter of a tool to be required"},
			{"posit-dev/chatlas#255", "2026-01-02", "strict mode: all properties must be in the required array; MCP tools with optional parameters fail"},
			{"anomalyco/opencode#45245", "2026-08-26", "strict validators reject a schema without required: \"'required' is required to be supplied and to be an array\""},
		},
	}, rules.Rule{
		Title: "rejected by OpenAI strict: optional property", Direction: rules.Input,
		Summary: "every object schema of a tool's inputSchema lists every property in \"required\"",
		Doc:     "With \"strict\": true, OpenAI function calling requires \"required\" to list every key of \"properties\" in every object of the parameters schema; an optional argument is written as required with a type that allows null. The request is rejected otherwise (\"'required' is required to be supplied and to be an array including every key in properties\").",
		Fix:     "list the property in required and let it be null when it is optional (\"type\": [\"string\", \"null\"])",
	})
	ClientOpenAIFormat = registerClientConstraint(ClientConstraint{
		Profile: ProfileOpenAIStrict, Name: "format", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "a \"format\" other than date-time, time, date, duration, email, hostname, ipv4, ipv6 and uuid",
		Sources: []ClientSource{
			{"pydantic/pydantic-ai#2420", "2025-08-04", "quotes OpenAI's structured-outputs documentation: the supported formats are date-time, time, date, duration, email, hostname, ipv4, ipv6 and uuid"},
			{"posit-dev/chatlas#255", "2026-01-02", "\"Invalid schema for function 'fetch': In context=('properties', 'url'), 'uri' is not a valid format\""},
			{"can1357/oh-my-pi#206", "2026-02-28", "the same 400 for Firecrawl's format uri through GitHub Copilot's strict OpenAI models"},
		},
	}, rules.Rule{
		Title: "rejected by OpenAI strict: format", Direction: rules.Input,
		Summary: "every format in a tool's inputSchema is one OpenAI strict mode supports",
		Doc:     "With \"strict\": true, OpenAI function calling accepts only the string formats date-time, time, date, duration, email, hostname, ipv4, ipv6 and uuid, and rejects the request for any other (\"'uri' is not a valid format\").",
		Fix:     "remove the format (say it in the description) or use a supported one",
	})
	ClientOpenAIRootProperties = registerClientConstraint(ClientConstraint{
		Profile: ProfileOpenAIStrict, Name: "root-properties", Consequence: RequestFails, Observed: "2026-12-03",
		Rejects: "a parameters root object without \"properties\"",
		Sources: []ClientSource{
			{"mark3labs/mcphost#88", "2025-06-26", "\"Invalid schema for function 'mcpserver__list_clusters': In context=(), object schema missing properties\""},
			{"github/github-mcp-server#1548", "2025-12-07", "the same 400 for get_me, whose inputSchema has no properties"},
		},
	}, rules.Rule{
		Title: "rejected by OpenAI: no properties", Direction: rules.Input,
		Summary: "a tool's inputSchema root has \"properties\", even when empty",
		Doc:     "OpenAI function calling rejects a parameters object without \"properties\" (\"In context=(), object schema missing properties\"), which tools without arguments often send as {\"type\": \"object\"}. Reported in non-strict requests too.",
		Fix:     "add \"properties\": {} (and \"additionalProperties\": false) to a tool without arguments",
	})
)

// openAIFormats are the formats strict mode supports.
var openAIFormats = map[string]bool{"date-time": true, "time": true, "date": true, "duration": true, "email": true,
	"hostname": true, "ipv4": true, "ipv6": true, "uuid": true}

// openAIFails is what follows from a schema strict mode rejects.
const openAIFails = "OpenAI function calling with \"strict\": true rejects the request (HTTP 400 \"Invalid schema for function\")"

// isObjectSchema reports whether obj describes an object: its type is or
// includes "object", or it has properties.
func isObjectSchema(obj map[string]any) bool {
	if _, has := obj["properties"]; has {
		return true
	}
	switch t := obj["type"].(type) {
	case string:
		return t == "object"
	case []any:
		for _, x := range t {
			if x == "object" {
				return true
			}
		}
	}
	return false
}

func checkClientOpenAIStrict(c *ToolContext) {
	if !c.Opts.clientActive(ProfileOpenAIStrict) {
		return
	}
	in, ptr, ok := c.Schema("inputSchema")
	if !ok {
		return
	}
	tool := quote(c.Tool.Label())
	w := newSchemaWalk(c, ptr)
	w.single = []string{"items", "additionalProperties"}
	w.lists = []string{"items", "prefixItems", "anyOf", "oneOf", "allOf"}
	w.maps = []string{"properties", "$defs", "definitions"}
	w.visit = func(w *schemaWalk, obj map[string]any) {
		where := func() string { return "inputSchema" + strings.TrimPrefix(w.at(), ptr) }
		if w.isRoot() {
			if _, has := obj["properties"]; !has {
				c.Report(ClientOpenAIRootProperties.Rule, w.at(), nil, "tool %s: inputSchema has no \"properties\", and %s (\"object schema missing properties\"): add \"properties\": {}", tool, openAIFails)
			}
		}
		if w.isRoot() || isObjectSchema(obj) {
			if ap, has := obj["additionalProperties"]; !has {
				c.Report(ClientOpenAIAdditionalProperties.Rule, w.at(), nil, "tool %s: the object at %s has no \"additionalProperties\": false, and %s: add \"additionalProperties\": false", tool, where(), openAIFails)
			} else if ap != false {
				c.Report(ClientOpenAIAdditionalProperties.Rule, w.at("additionalProperties"), nil, "tool %s: the object at %s has \"additionalProperties\": %s, not false, and %s: use \"additionalProperties\": false", tool, where(), compactJSON(ap), openAIFails)
			}
			props, _ := obj["properties"].(map[string]any)
			req := map[string]bool{}
			list, _ := obj["required"].([]any)
			for _, r := range list {
				if s, ok := r.(string); ok {
					req[s] = true
				}
			}
			for _, k := range sortedKeys(props) {
				if !req[k] {
					c.Report(ClientOpenAIRequiredAll.Rule, w.at("properties", k), nil, "tool %s: property %s is not in \"required\", and strict mode requires every property to be, so %s: list it in required and let it be null when it is optional", tool, quote(k), openAIFails)
				}
			}
		}
		if f, ok := obj["format"].(string); ok && !openAIFormats[f] {
			c.Report(ClientOpenAIFormat.Rule, w.at("format"), nil, "tool %s: format %s is not one strict mode supports (date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid), and %s: remove it and say it in the description", tool, quote(f), openAIFails)
		}
	}
	w.run(in)
}
