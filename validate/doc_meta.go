package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleDocMetaKey checks the _meta objects of resources, resource templates,
// prompts and their example results (tools: mcp.tool.meta.key).
var RuleDocMetaKey = rules.New(rules.Rule{
	ID: "mcp.meta.key", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
	Versions: versionsFrom("2025-06-18"),
	Title:    "bad _meta key",
	Summary:  "a resource, resource template or prompt _meta, and the _meta of their example results, is an object with keys in the MCP key format",
	Doc: "MCP 2025-06-18 and later (basic/index.mdx, General fields, _meta; MCP Description 0.8.0 sections 3.5, 10.4.4 and 11.3): _meta is an object whose keys are an optional prefix (dot-separated labels, then a slash) and a name of letters, digits, hyphens, underscores and dots that starts and ends with a letter or digit. " +
		"Checked on Resource, Resource Template and Prompt declarations, on their example results, on resource contents and on prompt message content; tools have mcp.tool.meta.key. _meta before 2025-06-18 is reported by the declaration's shape rule.",
	Fix: "rename the key to prefix/name form, for example \"com.example/owner\", or a plain name such as \"owner\"",
})

// checkMetaKeys checks one _meta object found on what for the versions vs.
func checkMetaKeys(fc *FileContext, raw any, ptr string, vs []string, what string) {
	vs = intersect(vs, RuleDocMetaKey.Versions)
	if len(vs) == 0 {
		return
	}
	obj, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RuleDocMetaKey, ptr, vs, "%s _meta is %s, not an object: write it as {\"com.example/key\": ...}, or remove it", what, jsonType(raw))
		return
	}
	for _, k := range sortedKeys(obj) {
		if isExtension(k) {
			reportCarriedExtension(fc, k, ptr, "a _meta object")
			continue
		}
		if !metaKeyRe.MatchString(k) {
			fc.Report(RuleDocMetaKey, source.Join(ptr, k), vs,
				"_meta key %q is not a valid key name: use an optional prefix of dot-separated labels ending in \"/\" and a name of letters, digits, -, _ and . that starts and ends with a letter or digit", k)
			continue
		}
		// reserved keys, as on tools (mcpdesc.tool.meta.reserved and -use).
		checkReservedMeta(fc, "the declaration's protocolVersions", k, obj[k], source.Join(ptr, k), vs, what)
	}
}
