package validate

import (
	"regexp"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// Rules about _meta objects on tools and on example results.
var (
	RuleMetaKey = rules.New(rules.Rule{
		ID: "mcp.tool.meta.key", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Versions: versionsFrom("2025-06-18"),
		Title:    "bad _meta key",
		Summary:  "_meta is an object whose key names follow the MCP key format",
		Doc: "MCP 2025-06-18 and later (basic/index.mdx, General fields, _meta; MCP Description 0.8.0 section 3.5): _meta is an object. A key is an optional prefix and a name. " +
			"The prefix, when present, is dot-separated labels followed by a slash; each label starts with a letter, ends with a letter or digit and holds only letters, digits and hyphens. The name, unless empty, starts and ends with a letter or digit and holds only letters, digits, hyphens, underscores and dots. " +
			"Checked on a tool's _meta in every file shape, and on the _meta of example results, content blocks and embedded resource contents in MCP Description documents.",
		Fix: "rename the key to prefix/name form, for example \"com.example/owner\", or a plain name such as \"owner\"",
	})
	RuleMetaReserved = rules.New(rules.Rule{
		ID: "mcpdesc.tool.meta.reserved", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Title:   "unknown reserved _meta key",
		Summary: "a _meta key under an MCP-reserved prefix is one the protocol versions in scope recognise",
		Doc: "MCP reserves every _meta prefix whose labels include modelcontextprotocol or mcp (io.modelcontextprotocol/, dev.mcp/, mcp.dev/ ...). MCP Description 0.8.0 section 3.5: a valid but unrecognised key under an MCP-reserved prefix MUST be preserved and SHOULD produce a warning, since only the protocol may define what it means. " +
			"mcpschema recognises io.modelcontextprotocol/serverInfo on an example result for 2026-07-28 (section 9.3). Checked in MCP Description documents only, on tools and their example results, and on resources, resource templates, prompts, their example results, resource contents and prompt content blocks.",
		Fix: "use a prefix of your own, such as \"com.example/\", or narrow the tool's protocolVersions to those that define the key",
	})
	RuleMetaReservedUse = rules.New(rules.Rule{
		ID: "mcpdesc.tool.meta.reserved-use", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "reserved _meta key misused",
		Summary: "a reserved _meta key appears only where MCP allows it, with the value MCP defines",
		Doc: "MCP Description 0.8.0 sections 3.5 and 9.3: each reserved _meta key, its use and its value MUST follow every applicable MCP revision, and a recognised violation is an error. " +
			"Request-only keys such as progressToken are invalid on a tool, a resource, a resource template, a prompt, an example result or a content block; io.modelcontextprotocol/serverInfo belongs only on a result (2026-07-28) and its value is an MCP Implementation, an object with a string name and a string version. Checked in MCP Description documents only.",
		Fix: "remove the key, or move it to the object MCP defines it on and give it the value MCP defines",
	})
)

var (
	metaLabel = `[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?`
	metaKeyRe = regexp.MustCompile(`^(?:` + metaLabel + `(?:\.` + metaLabel + `)*/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$`)
)

const serverInfoKey = "io.modelcontextprotocol/serverInfo"

// metaRequestOnly are reserved _meta keys that only requests carry.
var metaRequestOnly = []string{"progressToken"}

// checkToolMeta checks the tool's own _meta.
func checkToolMeta(c *ToolContext) {
	if c.Tool.Value == nil {
		return
	}
	raw, has := c.Tool.Value["_meta"]
	vs := c.Among(RuleMetaKey.Versions)
	if has && len(vs) > 0 {
		checkMeta(c, raw, c.Ptr("_meta"), vs, "tool")
	}
}

// checkMeta checks one _meta object found on where ("tool", "result",
// "content block" or "resource contents") for the versions vs.
func checkMeta(c *ToolContext, raw any, ptr string, vs []string, where string) {
	obj, ok := raw.(map[string]any)
	if !ok {
		c.Report(RuleMetaKey, ptr, vs, "%s _meta is %s, not an object: write it as {\"com.example/key\": ...}, or remove it", where, jsonType(raw))
		return
	}
	for _, k := range sortedKeys(obj) {
		kptr := joinPtr(ptr, k)
		if !metaKeyRe.MatchString(k) {
			c.Report(RuleMetaKey, kptr, vs,
				"_meta key %q is not a valid key name: use an optional prefix of dot-separated labels ending in \"/\" and a name of letters, digits, -, _ and . that starts and ends with a letter or digit", k)
			continue
		}
		if closedObjects(c.FileContext) && isExtension(k) {
			reportCarriedExtension(c, k, ptr, "a _meta object")
			continue
		}
		if closedObjects(c.FileContext) {
			checkReservedMeta(c, versionsPlace(c), k, obj[k], kptr, vs, where)
		}
	}
}

// checkReservedMeta judges one well-formed key against the reserved keys;
// place names where the versions vs come from (for messages).
func checkReservedMeta(c reporter, place, k string, v any, kptr string, vs []string, where string) {
	switch {
	case contains(metaRequestOnly, k):
		c.Report(RuleMetaReservedUse, kptr, vs,
			"_meta key %q is request metadata, which %s cannot carry: remove it", k, withArticle(where))
	case k == serverInfoKey && !isResultPlace(where):
		c.Report(RuleMetaReservedUse, kptr, vs,
			"_meta key %q belongs on a result, not on %s: remove it, or move it to an example result", k, withArticle(where))
	case k == serverInfoKey:
		if old := intersect(vs, versionsBefore("2026-07-28")); len(old) > 0 {
			c.Report(RuleMetaReserved, kptr, old,
				"_meta key %q is reserved by MCP but %s it: remove it, or narrow %s to \"2026-07-28\"", k, versionsDoNotDefine(old), place)
		}
		if contains(vs, "2026-07-28") && !isImplementation(v) {
			c.Report(RuleMetaReservedUse, kptr, []string{"2026-07-28"},
				"_meta key %q is %s, not an MCP Implementation: write it as {\"name\": \"<server>\", \"version\": \"<version>\"}", k, jsonType(v))
		}
	case reservedMetaPrefix(k):
		c.Report(RuleMetaReserved, kptr, vs,
			"_meta key %q uses a prefix MCP reserves, and mcpschema knows no such key: use a prefix of your own, such as \"com.example/\"", k)
	}
}

// isResultPlace reports whether a _meta object found on where belongs to
// a result ("result", "prompt result", ...).
func isResultPlace(where string) bool {
	return where == "result" || strings.HasSuffix(where, " result")
}

// reservedMetaPrefix reports whether the key's prefix is reserved for MCP:
// two or more labels, one of them modelcontextprotocol or mcp.
func reservedMetaPrefix(k string) bool {
	i := strings.Index(k, "/")
	if i < 0 {
		return false
	}
	labels := strings.Split(k[:i], ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "modelcontextprotocol" || l == "mcp" {
			return true
		}
	}
	return false
}

// isImplementation reports whether v has the MCP Implementation shape.
func isImplementation(v any) bool {
	obj, ok := v.(map[string]any)
	if !ok {
		return false
	}
	_, name := obj["name"].(string)
	_, version := obj["version"].(string)
	return name && version
}

// withArticle prefixes a singular object name with "a" for messages.
func withArticle(where string) string {
	if strings.HasSuffix(where, "contents") {
		return where
	}
	return "a " + where
}
