package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// anyArguments is the schema a base tool with no inputSchema, or true,
// acts as: MCP arguments are a JSON object (tools/call params.arguments),
// and any object was accepted.
func anyArguments() map[string]any { return map[string]any{"type": "object"} }

// compareBaseNotSchema judges a head inputSchema against a base tool
// whose inputSchema is no schema object. Missing or
// true, it accepted any arguments object, and is compared as that;
// false accepted nothing, so nothing can break. Any other value (null, a
// string, a number, a reference that selects nothing) cannot be
// interpreted: unless head accepts every arguments object, which rules a
// break out, the change is reported as not compared, an error.
func (c *comparer) compareBaseNotSchema(p pair, h *side) {
	v, present := p.base.tool.Value["inputSchema"]
	ptr := p.base.tool.Pointer
	if present {
		ptr = source.Join(ptr, "inputSchema")
	}
	what := "had no inputSchema"
	switch x := v.(type) {
	case bool:
		if !x {
			return
		}
		what = "had inputSchema true"
	case nil:
		if present {
			what = ""
		}
	default:
		what = ""
	}
	acts := &side{tool: p.base, ptr: ptr, raw: anyArguments(), acts: true,
		node: &node{ptr: ptr, types: tObject, kwPtr: map[string]string{}, raw: anyArguments()}}
	if what == "" {
		if newJudge(dirInput).covers(acts.node, h.node) {
			return
		}
		c.add(draft{rule: RuleInputUndecidable, severity: rules.Error, tool: p.head, at: loc{file: p.head.file, ptr: h.ptr},
			base: &loc{file: p.base.file, ptr: ptr}, before: canonical(v), after: canonical(h.raw), incomplete: true,
			msg: fmt.Sprintf("inputSchema of tool %q was not compared: at base it is %s, no schema, so what the tool accepted is unknown and a breaking change cannot be ruled out; review it by hand, and accept it with an ignore with a reason", p.head.name(), notSchema(v))})
		return
	}
	first := len(c.findings)
	j := newJudge(dirInput)
	j.sub(acts.node, h.node, nil)
	c.report(j, acts, h)
	c.unjudgedRefs(j, acts, h)
	for i := first; i < len(c.findings); i++ {
		c.findings[i].Message += fmt.Sprintf("; tool %q %s at base, so it accepted any arguments object", p.head.name(), what)
	}
}

// notSchema describes a base inputSchema that is no schema object.
func notSchema(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "a reference that selects nothing"
	case bool:
		return "a boolean"
	}
	return "a number"
}
