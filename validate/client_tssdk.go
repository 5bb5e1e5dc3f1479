package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// What the MCP TypeScript SDK client rejects. Its Client.listTools parses
// the tools/list result with ListToolsResultSchema (zod) before the host
// sees it, so one tool that does not parse makes the whole result fail:
// the host gets none of the server's tools. Read in the SDK's source
// (src/types.ts, ToolSchema): 1.x speaks protocol versions up to
// 2025-11-25; 2.x keeps the inputSchema rule for 2026-07-28 and accepts
// any outputSchema root there (SEP-2106) and boolean properties.
var (
	// tsSDK1Versions are the protocol versions a 1.x client speaks.
	tsSDK1Versions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"}

	ClientTSSDKInputRoot = registerClientConstraint(ClientConstraint{
		Profile: ProfileTSSDK, Name: "input-schema-root", Consequence: ListRejected, Observed: "2026-12-03",
		Restates: []*rules.Rule{RuleNativeShape, RuleLegacyShape},
		Rejects:  "a tool whose inputSchema root is not the literal \"type\": \"object\"",
		Sources: []ClientSource{
			{"modelcontextprotocol/typescript-sdk src/types.ts (ToolSchema) at 1.13.0 and v1.29.0", "2026-03-30", "inputSchema: z.object({type: z.literal('object'), ...}) in every 1.x release"},
			{"modelcontextprotocol/typescript-sdk packages/core-internal/src/wire/rev2026-07-28/buildSchemas.ts", "2026-08-18", "2.x keeps inputSchema type: z.literal('object') for 2026-07-28"},
			{"modelcontextprotocol/typescript-sdk src/client/index.ts (listTools) at v1.29.0", "2026-03-30", "the result is parsed with ListToolsResultSchema: one bad tool fails the call"},
		},
	}, rules.Rule{
		Title: "tool list rejected by the TypeScript SDK: input root", Direction: rules.Input,
		Summary: "a tool's inputSchema root declares the literal \"type\": \"object\"",
		Doc:     "MCP TypeScript SDK clients (every 1.x release and 2.x) parse each tools/list result against a Tool type whose inputSchema must carry \"type\": \"object\" at its root (a string, not an array such as [\"object\", \"null\"], and not left to $ref or allOf). One tool without it makes the whole result fail to parse, so the host lists none of the server's tools.",
		Fix:     "add \"type\": \"object\" at the inputSchema root (beside $ref, allOf or anyOf when the root uses them)",
	})
	ClientTSSDKOutputRoot = registerClientConstraint(ClientConstraint{
		Profile: ProfileTSSDK, Name: "output-schema-root", Consequence: ListRejected, Observed: "2026-12-03",
		Restates: []*rules.Rule{RuleNativeShape, RuleLegacyShape, RuleToolOutputSchema},
		Rejects:  "a tool whose outputSchema root is not the literal \"type\": \"object\", for protocol versions up to 2025-11-25",
		Sources: []ClientSource{
			{"modelcontextprotocol/typescript-sdk src/types.ts (ToolSchema) at 1.13.0, 1.22.0 and v1.29.0", "2026-03-30", "outputSchema: z.object({type: z.literal('object'), ...}) since outputSchema exists (1.13.0, 2025-06-18)"},
			{"modelcontextprotocol/inspector#552", "2025-06-23", "an array outputSchema is refused: the SDK always expects type object"},
			{"modelcontextprotocol/typescript-sdk#1169", "2025-11-25", "FastMCP's anyOf output schemas without a root type are rejected by the TypeScript SDK's zod validation, so TypeScript clients lose the tools"},
			{"wevm/incur#170", "2026-06-22", "non-object output schemas omitted because some SDKs reject them during tool listing"},
		},
	}, rules.Rule{
		Title: "tool list rejected by the TypeScript SDK: output root", Direction: rules.Output, Versions: []string{"2025-06-18", "2025-11-25"},
		Summary: "a tool's outputSchema root declares the literal \"type\": \"object\" for protocol versions up to 2025-11-25",
		Doc:     "MCP 2026-07-28 lets an outputSchema have any root (SEP-2106), but the TypeScript SDK 1.x client, which speaks protocol versions up to 2025-11-25, parses every tools/list result against a Tool type whose outputSchema must carry \"type\": \"object\" at its root. One tool with an array, a primitive or a bare anyOf there, or with \"outputSchema\": null (the SDK's optional member takes an absent value, not null), makes the whole result fail to parse: the host lists none of the server's tools. Checked for tools scoped to 2025-06-18 or 2025-11-25 (outputSchema exists from 2025-06-18).",
		Fix:     "wrap the value in an object ({\"type\": \"object\", \"properties\": {\"result\": <schema>}, \"required\": [\"result\"]}) and return structuredContent {\"result\": ...}, as the SDK's own 2025 wire projection does, or scope the tool to 2026-07-28",
	})
	ClientTSSDKBooleanProperty = registerClientConstraint(ClientConstraint{
		Profile: ProfileTSSDK, Name: "boolean-property", Consequence: ListRejected, Observed: "2026-12-03",
		Restates: []*rules.Rule{RuleNativeShape, RuleLegacyShape},
		Rejects:  "a top-level inputSchema or outputSchema properties value that is not an object (true or false)",
		Sources: []ClientSource{
			{"modelcontextprotocol/typescript-sdk#1086 (commit f59996ae6, released in 1.22.0)", "2025-11-07", "properties: z.record(z.string(), AssertObjectSchema), which refuses anything but an object"},
			{"modelcontextprotocol/typescript-sdk src/types.ts at v1.29.0 and branch v1.x", "2026-07-27", "still AssertObjectSchema for both schemas; 2.x accepts any JSON value there"},
		},
	}, rules.Rule{
		Title: "tool list rejected by the TypeScript SDK: boolean property", Direction: rules.Tool, Versions: tsSDK1Versions,
		Summary: "every top-level properties value of a tool schema is an object, not true or false",
		Doc:     "A boolean schema is valid JSON Schema, but from 1.22.0 (2025-11-13) the TypeScript SDK 1.x client parses each top-level value of inputSchema.properties and outputSchema.properties as an object and fails the whole tools/list result on true or false: the host lists none of the server's tools. Nested properties are not checked by the SDK.",
		Fix:     "use {} instead of true and {\"not\": {}} instead of false",
	})
)

// tsSDKRejects is what follows from a tool the SDK's client refuses.
const tsSDKRejects = "clients built on the MCP TypeScript SDK (Claude Code among them) reject the server's whole tools/list result, so the host lists none of the server's tools"

func checkClientTSSDK(c *ToolContext) {
	if !c.Opts.clientActive(ProfileTSSDK) {
		return
	}
	if in, ptr, ok := c.Schema("inputSchema"); ok {
		if obj, isObj := in.(map[string]any); isObj {
			if t, has := obj["type"]; !has || t != "object" {
				at, what := ptr, "has no root \"type\""
				if has {
					at, what = source.Join(ptr, "type"), "declares root \"type\" "+compactJSON(t)
				}
				c.Report(ClientTSSDKInputRoot.Rule, at, nil, "tool %s: inputSchema %s, not \"object\", and %s: add \"type\": \"object\" at its root",
					quote(c.Tool.Label()), what, tsSDKRejects)
			}
			if vs := c.Among(tsSDK1Versions); len(vs) > 0 {
				tsSDKBooleanProperties(c, "inputSchema", obj, ptr, vs)
			}
		}
	}
	if out, ptr, ok := c.Schema("outputSchema"); ok {
		obj, isObj := out.(map[string]any)
		if !isObj {
			if vs := c.Among(ClientTSSDKOutputRoot.Rule.Versions); len(vs) > 0 {
				c.Report(ClientTSSDKOutputRoot.Rule, ptr, vs, "tool %s: outputSchema is %s, not a schema object, and the TypeScript SDK 1.x client accepts only an object with \"type\": \"object\" there (an absent outputSchema, not null): %s; remove outputSchema when the tool has no structured output",
					quote(c.Tool.Label()), jsonType(out), tsSDKRejects)
			}
			return
		}
		if vs := c.Among(ClientTSSDKOutputRoot.Rule.Versions); len(vs) > 0 {
			if t, has := obj["type"]; !has || t != "object" {
				at, what := ptr, "has no root \"type\""
				if has {
					at, what = source.Join(ptr, "type"), "declares root \"type\" "+compactJSON(t)
				}
				c.Report(ClientTSSDKOutputRoot.Rule, at, vs, "tool %s: outputSchema %s, not \"object\", and for %s the TypeScript SDK 1.x client requires \"type\": \"object\" there: %s; wrap the value as {\"type\": \"object\", \"properties\": {\"result\": ...}, \"required\": [\"result\"]}, or scope the tool to 2026-07-28",
					quote(c.Tool.Label()), what, versionsText(vs), tsSDKRejects)
			}
		}
		if vs := c.Among(tsSDK1Versions); len(vs) > 0 {
			tsSDKBooleanProperties(c, "outputSchema", obj, ptr, vs)
		}
	}
}

// tsSDKBooleanProperties reports the top-level properties values of
// schema that are not objects.
func tsSDKBooleanProperties(c *ToolContext, key string, schema map[string]any, ptr string, vs []string) {
	props, _ := schema["properties"].(map[string]any)
	for _, k := range sortedKeys(props) {
		v := props[k]
		if _, isObj := v.(map[string]any); isObj {
			continue
		}
		fix := "use {} instead"
		if v == false {
			fix = "use {\"not\": {}} instead"
		}
		c.Report(ClientTSSDKBooleanProperty.Rule, source.Join(ptr, "properties", k), vs,
			"tool %s: %s property %s is %s, not an object, and the TypeScript SDK 1.x client (from 1.22.0) requires an object there: %s; %s",
			quote(c.Tool.Label()), key, quote(k), compactJSON(v), tsSDKRejects, fix)
	}
}
