package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleInteractionShape checks the shape of a tool's interactionExamples.
var RuleInteractionShape = rules.New(rules.Rule{
	ID: "mcpdesc.tool.interaction-example.shape", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "malformed interactionExamples",
	Summary: "tool interactionExamples are a non-empty map of {input, steps, result} objects",
	Doc: "MCP Description 0.8.0 section 9.4: interactionExamples is a non-empty map (not an array) from a scenario name (^[A-Za-z0-9._-]+$, mcpdesc.tool.example.name) to a Tool Interaction Example Object, declared on the tool itself (0.8.0 has no components namespace for them, so a $componentRef is not allowed). " +
		"Each object has exactly input (an object), steps (a non-empty array of steps) and result (an object), plus x-* extensions. input and result follow the Tool Example rules (mcpdesc.tool.example.input, .result, .structured-content, .content-block). Checked in MCP Description documents only.",
	Fix: "write interactionExamples as {\"<name>\": {\"input\": {...}, \"steps\": [...], \"result\": {...}}}, or remove an empty map",
})

// interactionFields are the members of a Tool Interaction Example Object besides x-*.
var interactionFields = []string{"input", "steps", "result"}

// checkInteractionExamples checks every scenario: shape, steps, input and result.
func checkInteractionExamples(c *ToolContext) {
	if c.Tool.Value == nil || !closedObjects(c.FileContext) {
		return
	}
	raw, has := c.Tool.Value["interactionExamples"]
	if !has {
		return
	}
	ptr := c.Ptr("interactionExamples")
	m, ok := raw.(map[string]any)
	if !ok {
		c.Report(RuleInteractionShape, ptr, nil,
			"tool interactionExamples is %s, not a map: write it as {\"<name>\": {\"input\": {...}, \"steps\": [...], \"result\": {...}}}", jsonType(raw))
		return
	}
	if len(m) == 0 {
		c.Report(RuleInteractionShape, ptr, nil, "tool interactionExamples is an empty map, which MCP Description forbids: add a scenario or remove interactionExamples")
		return
	}
	for _, name := range sortedKeys(m) {
		eptr := source.Join(ptr, name)
		if !exampleNameRe.MatchString(name) {
			c.Report(RuleExampleName, eptr, nil,
				"interaction example name %q does not match ^[A-Za-z0-9._-]+$: rename it using only letters, digits, ., _ and -", name)
		}
		ex, ok := interactionExample(c, name, eptr, m[name])
		if !ok {
			continue
		}
		checkInteractionSteps(c, ex)
		checkExampleInput(c, ex)
		checkExampleResult(c, ex)
	}
}

// interactionExample checks one scenario's members and returns it.
func interactionExample(c *ToolContext, name, eptr string, val any) (toolExample, bool) {
	ex := toolExample{kind: "interaction example", name: name, ptr: eptr}
	obj, isObj := val.(map[string]any)
	if !isObj {
		c.Report(RuleInteractionShape, eptr, nil,
			"%s is %s, not an object: write it as {\"input\": {...}, \"steps\": [...], \"result\": {...}}", ex.label(), jsonType(val))
		return ex, false
	}
	if _, isRef := obj[componentRefKey]; isRef {
		c.Report(RuleInteractionShape, source.Join(eptr, componentRefKey), nil,
			"%s is a $componentRef, but MCP Description has no components namespace for interaction scenarios: write the scenario inline", ex.label())
		return ex, false
	}
	ex.value = obj
	reportUnknownMembers(c.FileContext, obj, eptr, interactionFields, "tool interaction example")
	for _, part := range interactionFields {
		v, has := obj[part]
		switch {
		case !has:
			c.Report(RuleInteractionShape, eptr, nil, "%s has no %q: add it", ex.label(), part)
		case part == "steps":
			switch list, isList := v.([]any); {
			case !isList:
				c.Report(RuleInteractionShape, source.Join(eptr, part), nil,
					"%s steps is %s, not an array: list the client interactions in order", ex.label(), jsonType(v))
			case len(list) == 0:
				c.Report(RuleInteractionShape, source.Join(eptr, part), nil,
					"%s steps is empty: list the client interactions in order, or move a scenario without any to examples", ex.label())
			}
		default:
			if _, isObj := v.(map[string]any); !isObj {
				c.Report(RuleInteractionShape, source.Join(eptr, part), nil,
					"%s %s is %s, not an object: give the complete %s object", ex.label(), part, jsonType(v), part)
			}
		}
	}
	return ex, true
}
