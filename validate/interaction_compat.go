package validate

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// Checks of interaction steps against protocol versions, roots and the
// tool's elicitation declarations (mcpdesc.tool.interaction-example.step).

// checkStepVersions reports step forms the tool's versions do not define:
// sampling tools and url-mode elicitation begin with 2025-11-25.
func checkStepVersions(c *ToolContext, ex toolExample, kind string, req map[string]any, ptr string) {
	old := c.Among(versionsBefore("2025-11-25"))
	if len(old) == 0 {
		return
	}
	switch {
	case kind == "sampling" && req["tools"] != nil:
		c.Report(RuleInteractionStep, source.Join(ptr, "request", "tools"), old,
			"%s sampling request has \"tools\", which %s: remove it, or %s", ex.label(), versionsDoNotDefine(old), narrowTo(c, versionsFrom("2025-11-25")))
	case kind == "elicitation" && req["mode"] == "url":
		c.Report(RuleInteractionStep, source.Join(ptr, "request", "mode"), old,
			"%s url-mode elicitation is not defined by %s: use a form elicitation, or %s", ex.label(), versionsText(old), narrowTo(c, versionsFrom("2025-11-25")))
	}
}

// checkRootURI requires a root's uri to be a file:// URI.
func checkRootURI(c *ToolContext, ex toolExample, uri, ptr string) {
	if !strings.HasPrefix(uri, "file://") {
		c.Report(RuleInteractionStep, source.Join(ptr, "uri"), nil,
			"%s root uri %q is not a file:// URI, which MCP requires of every root: write it as \"file:///path\"", ex.label(), uri)
	}
}

// declaredElicitation returns the tool's elicitation declaration named name.
func declaredElicitation(c *ToolContext, name string) (map[string]any, string, bool) {
	decls, _ := c.Tool.Value["elicitations"].([]any)
	for i, e := range decls {
		if obj, ok := e.(map[string]any); ok && obj["name"] == name {
			return obj, c.Ptr("elicitations", itoa(i)), true
		}
	}
	return nil, "", false
}

// checkStepAgainstDeclaration requires an elicitation step that names a
// declaration to use its mode and to request only what its requestedSchema
// declares.
func checkStepAgainstDeclaration(c *ToolContext, ex toolExample, step, req map[string]any, ptr string) {
	name, _ := step["declaration"].(string)
	decl, dptr, ok := declaredElicitation(c, name)
	if !ok {
		return
	}
	mode, _ := req["mode"].(string)
	if mode == "" {
		mode = "form"
	}
	if dmode, _ := decl["mode"].(string); dmode != "" && dmode != mode {
		c.Report(RuleInteractionStep, source.Join(ptr, "request"), nil,
			"%s elicitation request is %s mode, but declaration %q is %s mode: request the mode the declaration states", ex.label(), quote(mode), name, quote(dmode))
		return
	}
	reqSchema, _ := req["requestedSchema"].(map[string]any)
	declSchema, _ := decl["requestedSchema"].(map[string]any)
	if ref, isRef := componentRef(declSchema); isRef {
		v, _, found := c.resolveComponent(ref, "schemas")
		declSchema, _ = v.(map[string]any)
		if !found {
			return
		}
	}
	if reqSchema == nil || declSchema == nil {
		return
	}
	declProps, _ := declSchema["properties"].(map[string]any)
	reqProps, _ := reqSchema["properties"].(map[string]any)
	sptr := source.Join(ptr, "request", "requestedSchema")
	for _, p := range sortedKeys(reqProps) {
		dp, declared := declProps[p]
		if !declared {
			c.Report(RuleInteractionStep, source.Join(sptr, "properties", p), nil,
				"%s requests property %q, which declaration %q (%s) does not declare: request only what the declaration's requestedSchema declares", ex.label(), p, name, dptr)
			continue
		}
		rt, _ := reqProps[p].(map[string]any)
		dt, _ := dp.(map[string]any)
		if a, b := rt["type"], dt["type"]; a != nil && b != nil && compactJSON(a) != compactJSON(b) {
			c.Report(RuleInteractionStep, source.Join(sptr, "properties", p, "type"), nil,
				"%s requests property %q of type %s, but declaration %q declares type %s: use the declaration's type", ex.label(), p, compactJSON(a), name, compactJSON(b))
		}
	}
	reqRequired, _ := reqSchema["required"].([]any)
	for i, r := range reqRequired {
		if s, isStr := r.(string); isStr && declProps != nil && declProps[s] == nil {
			c.Report(RuleInteractionStep, source.Join(sptr, "required", itoa(i)), nil,
				"%s requires property %q, which declaration %q does not declare: require only declared properties", ex.label(), s, name)
		}
	}
}
