package validate

import (
	"net/url"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// RuleToolIcons checks the icons of a tool.
var RuleToolIcons = rules.New(rules.Rule{
	ID: "mcp.tool.icons.shape", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
	Versions: versionsFrom("2025-11-25"),
	Title:    "malformed icons",
	Summary:  "tool icons are an array of icon objects with a src URI, and optional string mimeType, string sizes and a light or dark theme",
	Doc: "MCP 2025-11-25 and later (schema.ts, interface Icon, SEP-973; MCP Description 0.8.0 section 9.1): icons is an array of Icon objects. " +
		"Each has src, a URI (an https: URL or a data: URI), and MAY have mimeType (a string), sizes (an array of strings such as \"48x48\" or \"any\") and theme (\"light\" or \"dark\"). " +
		"An icon without a usable src cannot be shown. Applies to every file shape; earlier versions define no icons (mcpdesc.tool.field-version reports them in documents), and an empty icons array in a document is mcpdesc.document.collection.",
	Fix: "give every icon a \"src\" URI and make mimeType a string, sizes an array of strings and theme \"light\" or \"dark\"",
})

// checkIcons checks every icon of the tool.
func checkIcons(c *ToolContext) {
	if c.Tool.Value == nil {
		return
	}
	raw, has := c.Tool.Value["icons"]
	vs := c.Among(RuleToolIcons.Versions)
	if !has || len(vs) == 0 {
		return
	}
	ptr := c.Ptr("icons")
	list, ok := raw.([]any)
	if !ok {
		c.Report(RuleToolIcons, ptr, vs,
			"tool icons is %s, not an array: write it as [{\"src\": \"https://example.com/icon.png\"}], or remove it", jsonType(raw))
		return
	}
	for i, e := range list {
		checkIcon(c, e, joinPtr(ptr, itoa(i)), vs)
	}
}

// checkIcon checks one Icon object.
func checkIcon(c *ToolContext, e any, ptr string, vs []string) {
	icon, ok := e.(map[string]any)
	if !ok {
		c.Report(RuleToolIcons, ptr, vs,
			"icon is %s, not an object: write it as {\"src\": \"https://example.com/icon.png\"}", jsonType(e))
		return
	}
	switch src, has := icon["src"]; {
	case !has:
		c.Report(RuleToolIcons, ptr, vs, "icon has no \"src\": add the icon's URI (an https: URL or a data: URI)")
	default:
		s, isStr := src.(string)
		if u, err := url.Parse(s); !isStr || err != nil || u.Scheme == "" {
			c.Report(RuleToolIcons, joinPtr(ptr, "src"), vs,
				"icon src %s is not a URI: use an absolute https: URL or a data: URI", compactJSON(src))
		}
	}
	if v, has := icon["mimeType"]; has {
		if _, isStr := v.(string); !isStr {
			c.Report(RuleToolIcons, joinPtr(ptr, "mimeType"), vs,
				"icon mimeType is %s, not a string: write a media type such as \"image/png\", or remove it", jsonType(v))
		}
	}
	if v, has := icon["sizes"]; has {
		sizes, isList := v.([]any)
		if !isList {
			c.Report(RuleToolIcons, joinPtr(ptr, "sizes"), vs,
				"icon sizes is %s, not an array: write it as [\"48x48\"] (or [\"any\"] for a scalable icon)", jsonType(v))
		}
		for j, s := range sizes {
			if _, isStr := s.(string); !isStr {
				c.Report(RuleToolIcons, joinPtr(ptr, "sizes", itoa(j)), vs,
					"icon size is %s, not a string: write it as \"48x48\" or \"any\"", jsonType(s))
			}
		}
	}
	if v, has := icon["theme"]; has && v != "light" && v != "dark" {
		c.Report(RuleToolIcons, joinPtr(ptr, "theme"), vs,
			"icon theme %s is not \"light\" or \"dark\": use one of them, or remove theme", compactJSON(v))
	}
}
