package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about the result of a tool example.
var (
	RuleExampleResult = rules.New(rules.Rule{
		ID: "mcpdesc.tool.example.result", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "example result invalid",
		Summary: "a tool example's result is a completed Tool Result for every protocol version in scope",
		Doc: "MCP Description 0.8.0 sections 9.3 and 9.4 (examples and the terminal result of interaction examples) and the MCP CallToolResult per version: result holds content (an array of content blocks the versions support: audio from 2025-03-26, resource_link from 2025-06-18); " +
			"for 2026-07-28 it holds resultType \"complete\" and earlier versions MUST NOT hold resultType; isError is a boolean, and an execution error (isError true) has no structuredContent; " +
			"structuredContent exists from 2025-06-18 and is an object before 2026-07-28 (any JSON value from 2026-07-28); the JSON-RPC envelope (jsonrpc, id, result, error) is not part of an example.",
		Fix: "give the result the completed Tool Result shape of every version in the tool's scope, or split the tool into protocol-scoped variants",
	})
	RuleExampleStructured = rules.New(rules.Rule{
		ID: "mcpdesc.tool.example.structured-content", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "example structuredContent invalid",
		Summary: "a successful example of a tool with an outputSchema carries structuredContent that validates",
		Doc:     "MCP Description 0.8.0 section 9.3: if the tool declares outputSchema, a successful result (isError absent or false) MUST contain structuredContent, which MUST validate against the outputSchema; unstructured content stays required beside it. Each validation error is reported at its exact place inside structuredContent.",
		Fix:     "add structuredContent that matches the outputSchema to the example result, or fix the outputSchema",
	})
)

// contentSince gives the first protocol version that defines each content block type.
var contentSince = map[string]string{
	"text":          "2024-11-05",
	"image":         "2024-11-05",
	"resource":      "2024-11-05",
	"audio":         "2025-03-26",
	"resource_link": "2025-06-18",
}

// checkExampleResult applies the result rules for the tool's versions.
func checkExampleResult(c *ToolContext, ex toolExample) {
	res, isObj := ex.value["result"].(map[string]any)
	if !isObj {
		return
	}
	rptr := source.Join(ex.ptr, "result")
	_, hasContent := res["content"]
	if _, rpc := res["jsonrpc"]; rpc || (!hasContent && (res["result"] != nil || res["error"] != nil)) {
		c.Report(RuleExampleResult, rptr, nil,
			"%s result is a JSON-RPC message, not a Tool Result: keep only the result payload (content, structuredContent, isError, resultType)", ex.label())
		return
	}
	if closedObjects(c.FileContext) {
		reportNotCompleted(c, RuleExampleResult, res, rptr, ex.label())
		reportCarriedExtensions(c, res, rptr, "a tool result")
	}
	checkResultContent(c, ex, res, rptr)
	checkResultType(c, ex, res, rptr)
	checkResultMeta(c, res, rptr)
	isError := false
	if v, has := res["isError"]; has {
		b, isBool := v.(bool)
		if !isBool {
			c.Report(RuleExampleResult, source.Join(rptr, "isError"), nil,
				"%s isError is %s, not a boolean: use true for an execution error, or remove it", ex.label(), jsonType(v))
		}
		isError = b
	}
	sc, hasSC := res["structuredContent"]
	scPtr := source.Join(rptr, "structuredContent")
	if hasSC {
		if isError {
			c.Report(RuleExampleResult, scPtr, nil,
				"%s is an execution error (isError true) but has structuredContent: remove structuredContent, errors carry only content", ex.label())
		}
		if old := c.Among(versionsBefore("2025-06-18")); len(old) > 0 {
			c.Report(RuleExampleResult, scPtr, old,
				"%s has structuredContent, which %s: remove it, or narrow the tool's protocolVersions", ex.label(), versionsDoNotDefine(old))
		}
		if _, obj := sc.(map[string]any); !obj {
			if vs := c.Among([]string{"2025-06-18", "2025-11-25"}); len(vs) > 0 {
				c.Report(RuleExampleResult, scPtr, vs,
					"%s structuredContent is %s, but %s an object: wrap the value in an object, or %s", ex.label(), jsonType(sc), versionsRequire(vs), narrowTo(c, []string{"2026-07-28"}))
			}
		}
	}
	if isError {
		return
	}
	out, outPtr, ok := c.Schema("outputSchema")
	if _, isSchema := out.(map[string]any); !ok || !isSchema {
		return
	}
	if !hasSC {
		c.Report(RuleExampleStructured, rptr, nil,
			"%s is a successful result of a tool with an outputSchema but has no structuredContent: add structuredContent that matches the outputSchema", ex.label())
		return
	}
	if dialect := c.Among(rules.DialectVersions); len(dialect) > 0 {
		validateExample(c, RuleExampleStructured, ex, "structuredContent", "outputSchema", out, outPtr, sc, scPtr, dialect)
	}
}

// checkResultContent requires content, an array of blocks every version in scope supports.
func checkResultContent(c *ToolContext, ex toolExample, res map[string]any, rptr string) {
	raw, has := res["content"]
	if !has {
		c.Report(RuleExampleResult, rptr, nil,
			"%s result has no \"content\": add the unstructured content array (for example [{\"type\": \"text\", \"text\": \"...\"}])", ex.label())
		return
	}
	cptr := source.Join(rptr, "content")
	list, ok := raw.([]any)
	if !ok {
		c.Report(RuleExampleResult, cptr, nil, "%s content is %s, not an array: write it as an array of content blocks", ex.label(), jsonType(raw))
		return
	}
	for i, b := range list {
		bptr := cptr + "/" + itoa(i)
		block, isObj := b.(map[string]any)
		if !isObj {
			c.Report(RuleExampleResult, bptr, nil, "%s content block is %s, not an object: write it as {\"type\": \"text\", \"text\": \"...\"}", ex.label(), jsonType(b))
			continue
		}
		t, _ := block["type"].(string)
		since, known := contentSince[t]
		if _, has := block["type"]; !has {
			c.Report(RuleExampleResult, bptr, nil,
				"%s content block has no \"type\": add one of \"text\", \"image\", \"audio\", \"resource\" or \"resource_link\"", ex.label())
			continue
		}
		if !known {
			c.Report(RuleExampleResult, source.Join(bptr, "type"), nil,
				"%s content block type %s is not a content type: use \"text\", \"image\", \"audio\", \"resource\" or \"resource_link\"", ex.label(), compactJSON(block["type"]))
			continue
		}
		if old := c.Among(versionsBefore(since)); len(old) > 0 {
			c.Report(RuleExampleResult, source.Join(bptr, "type"), old,
				"%s content block type %q is not defined by %s: use another content type, or narrow the tool's protocolVersions", ex.label(), t, versionsText(old))
		}
		if closedObjects(c.FileContext) {
			reportCarriedExtensions(c, block, bptr, "a content block")
		}
		checkContentBlock(c, ex, block, bptr, t)
	}
}

// checkResultType requires resultType "complete" for 2026-07-28 and forbids it before.
func checkResultType(c *ToolContext, ex toolExample, res map[string]any, rptr string) {
	rt, has := res["resultType"]
	tptr := source.Join(rptr, "resultType")
	if c.Has("2026-07-28") {
		vs := []string{"2026-07-28"}
		switch {
		case !has:
			c.Report(RuleExampleResult, rptr, vs,
				"%s result has no \"resultType\", which protocol version \"2026-07-28\" requires: add \"resultType\": \"complete\"", ex.label())
		case rt != "complete":
			c.Report(RuleExampleResult, tptr, vs,
				"%s resultType is %s, but an example is a completed result: use \"resultType\": \"complete\"", ex.label(), compactJSON(rt))
		}
	}
	if old := c.Among(versionsBefore("2026-07-28")); has && len(old) > 0 {
		c.Report(RuleExampleResult, tptr, old,
			"%s result has \"resultType\", which %s: remove it, or %s", ex.label(), versionsDoNotDefine(old), narrowTo(c, []string{"2026-07-28"}))
	}
}
