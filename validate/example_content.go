package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleExampleContent checks the members of example content blocks.
var RuleExampleContent = rules.New(rules.Rule{
	ID: "mcpdesc.tool.example.content-block", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "malformed content block",
	Summary: "every content block of an example result has the members its type requires",
	Doc: "MCP Description 0.8.0 section 9.3 (content blocks MAY use any form every applicable revision supports) and the MCP content types per version (schema.ts): " +
		"a text block has a string text; image and audio blocks have string data (base64) and a string mimeType; a resource_link block has a string uri and a string name; an embedded resource block has a resource object with a string uri and either a string text or a string blob. " +
		"_meta on a content block exists from 2025-06-18. Which types a version supports is mcpdesc.tool.example.result. Applies to examples and interaction examples in MCP Description documents.",
	Fix: "add the members the block's type requires (for example {\"type\": \"text\", \"text\": \"...\"}), or use another content type",
})

// contentRequired lists, per content type, the string members a block needs.
var contentRequired = map[string][]string{
	"text":          {"text"},
	"image":         {"data", "mimeType"},
	"audio":         {"data", "mimeType"},
	"resource_link": {"uri", "name"},
}

// checkContentBlock checks the members of one block of a known type t.
func checkContentBlock(c *ToolContext, ex toolExample, block map[string]any, bptr, t string) {
	for _, m := range contentRequired[t] {
		requireString(c, ex, block, bptr, t, m)
	}
	if t == "resource" {
		checkEmbeddedResource(c, ex, block, bptr)
	}
	if meta, has := block["_meta"]; has {
		if old := c.Among(versionsBefore("2025-06-18")); len(old) > 0 {
			c.Report(RuleExampleContent, source.Join(bptr, "_meta"), old,
				"%s content block has _meta, which %s on content: remove it, or narrow the tool's protocolVersions", ex.label(), versionsDoNotDefine(old))
		}
		if vs := c.Among(versionsFrom("2025-06-18")); len(vs) > 0 {
			checkMeta(c, meta, source.Join(bptr, "_meta"), vs, "content block")
		}
	}
}

// requireString reports a missing or non-string member m of a block of type t.
func requireString(c *ToolContext, ex toolExample, obj map[string]any, ptr, t, m string) {
	v, has := obj[m]
	if !has {
		c.Report(RuleExampleContent, ptr, nil,
			"%s %q content block has no %q: add it as a string", ex.label(), t, m)
		return
	}
	if _, isStr := v.(string); !isStr {
		c.Report(RuleExampleContent, source.Join(ptr, m), nil,
			"%s %q content block %s is %s, not a string: give it as a string", ex.label(), t, m, jsonType(v))
	}
}

// checkEmbeddedResource checks an embedded resource block's resource contents.
func checkEmbeddedResource(c *ToolContext, ex toolExample, block map[string]any, bptr string) {
	raw, has := block["resource"]
	if !has {
		c.Report(RuleExampleContent, bptr, nil,
			"%s \"resource\" content block has no \"resource\": add {\"uri\": \"...\", \"text\": \"...\"} or {\"uri\": \"...\", \"blob\": \"<base64>\"}", ex.label())
		return
	}
	rptr := source.Join(bptr, "resource")
	res, ok := raw.(map[string]any)
	if !ok {
		c.Report(RuleExampleContent, rptr, nil,
			"%s embedded resource is %s, not an object: write it as {\"uri\": \"...\", \"text\": \"...\"}", ex.label(), jsonType(raw))
		return
	}
	requireString(c, ex, res, rptr, "resource", "uri")
	text, hasText := res["text"]
	blob, hasBlob := res["blob"]
	switch {
	case !hasText && !hasBlob:
		c.Report(RuleExampleContent, rptr, nil,
			"%s embedded resource has neither \"text\" nor \"blob\": add its text, or its base64 blob", ex.label())
	case hasText && hasBlob:
		c.Report(RuleExampleContent, source.Join(rptr, "blob"), nil,
			"%s embedded resource has both \"text\" and \"blob\": keep only one", ex.label())
	case hasText:
		if _, isStr := text.(string); !isStr {
			c.Report(RuleExampleContent, source.Join(rptr, "text"), nil,
				"%s embedded resource text is %s, not a string: give it as a string", ex.label(), jsonType(text))
		}
	default:
		if _, isStr := blob.(string); !isStr {
			c.Report(RuleExampleContent, source.Join(rptr, "blob"), nil,
				"%s embedded resource blob is %s, not a string: give the base64 data as a string", ex.label(), jsonType(blob))
		}
	}
	if meta, has := res["_meta"]; has {
		if vs := c.Among(versionsFrom("2025-06-18")); len(vs) > 0 {
			checkMeta(c, meta, source.Join(rptr, "_meta"), vs, "resource contents")
		}
	}
}

// checkResultMeta checks the example result's own _meta.
func checkResultMeta(c *ToolContext, res map[string]any, rptr string) {
	if meta, has := res["_meta"]; has && len(c.Versions) > 0 {
		checkMeta(c, meta, source.Join(rptr, "_meta"), c.Versions, "result")
	}
}
