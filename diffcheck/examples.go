package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// example is one named MCP Description Tool Example.
type example struct {
	ptr    string
	input  any
	result map[string]any
}

// examplesOf returns a tool's named examples, Reference Objects to
// #/components/toolExamples/<name> ($componentRef) followed.
func examplesOf(t *toolRef) map[string]example {
	m, ok := t.tool.Value["examples"].(map[string]any)
	if !ok {
		return nil
	}
	out := map[string]example{}
	for _, name := range sortedKeys(m) {
		ptr := source.Join(t.tool.Pointer, "examples", name)
		v := m[name]
		if ct := source.ResolveComponentRef(t.file.Root, v, "toolExamples"); ct.IsRef {
			if !ct.Found {
				continue // validation reports the reference
			}
			ptr, v = ct.Pointer, ct.Value
		} else if tptr, target, ok := source.ResolveLocalRef(t.file.Root, v); ok {
			ptr, v = tptr, target
		}
		obj, ok := v.(map[string]any)
		if !ok {
			continue
		}
		ex := example{ptr: ptr, input: obj["input"]}
		ex.result, _ = obj["result"].(map[string]any)
		out[name] = ex
	}
	return out
}

// The tool example rules (MCP Description `examples`): compareExamples.
var (
	RuleExampleInputInvalid = compatRule{
		ID: "compat.example.input-invalid", Level: rules.May, Severity: rules.Notice,
		Title:   "example input invalid",
		Summary: "a tool example input that validated at base still validates at head",
		Doc:     "An MCP Description Tool Example is a real invocation; when its input validated against the base inputSchema and fails the head one, the change rejects that call. The example input is the witness.",
		Fix:     "update the example, or keep accepting calls like it",
	}.rule()

	RuleExampleResultInvalid = compatRule{
		ID: "compat.example.result-invalid", Level: rules.May, Severity: rules.Notice,
		Title:   "example result invalid",
		Summary: "a tool example result that validated at base still validates at head",
		Doc:     "When the structuredContent of an example result validated against the base outputSchema and fails the head one, the change alters the promised result shape.",
		Fix:     "update the example result",
	}.rule()
)

// compareExamples reports base examples that validated at base and fail at head.
func (c *comparer) compareExamples(p pair) {
	bex := examplesOf(p.base)
	if len(bex) == 0 {
		return
	}
	hex := examplesOf(p.head)
	bi, bis := sideOf(p.base, "inputSchema")
	hi, his := sideOf(p.head, "inputSchema")
	bo, bos := sideOf(p.base, "outputSchema")
	ho, hos := sideOf(p.head, "outputSchema")
	bok, hok := bis == schemaUsable, his == schemaUsable
	boOK, hoOK := bos == schemaUsable, hos == schemaUsable
	for _, name := range sortedKeys(bex) {
		ex := bex[name]
		at := func(sub string, fallback string) loc {
			if h, ok := hex[name]; ok {
				ptr := source.Join(h.ptr, sub)
				if _, ok := p.head.file.Index.Value(ptr); ok {
					return loc{file: p.head.file, ptr: ptr}
				}
				return loc{file: p.head.file, ptr: h.ptr}
			}
			return loc{file: p.head.file, ptr: fallback}
		}
		if bok && hok && ex.input != nil && c.breaks(bi, hi, ex.input) {
			c.add(draft{rule: RuleExampleInputInvalid, tool: p.head, at: at("input", hi.ptr),
				base: &loc{file: p.base.file, ptr: source.Join(ex.ptr, "input")}, before: name, witness: ex.input,
				msg: fmt.Sprintf("example %q of tool %q no longer validates: its input %s matched the base inputSchema and fails the head one; update the example or keep accepting calls like it", name, p.head.name(), display(ex.input))})
		}
		sc, has := ex.result["structuredContent"]
		if boOK && hoOK && has && c.breaks(bo, ho, sc) {
			c.add(draft{rule: RuleExampleResultInvalid, tool: p.head, at: at("result", ho.ptr),
				base: &loc{file: p.base.file, ptr: source.Join(ex.ptr, "result", "structuredContent")}, before: name, witness: sc,
				msg: fmt.Sprintf("example %q of tool %q no longer validates: its structuredContent matched the base outputSchema and fails the head one; update the example result", name, p.head.name())})
		}
	}
}

// breaks reports whether v validates against base and fails head.
func (c *comparer) breaks(b, h *side, v any) bool {
	bc, hc := c.eng.Check(b.raw), c.eng.Check(h.raw)
	if !bc.Complete || !hc.Complete {
		return false
	}
	return accepts(bc, v) == yes && accepts(hc, v) == no
}
