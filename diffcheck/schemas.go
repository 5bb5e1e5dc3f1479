package diffcheck

import (
	"encoding/json"
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
)

// side is one normalised schema of a tool.
type side struct {
	tool *toolRef
	ptr  string
	raw  any
	node *node
	// acts: the tool has no schema there (or true); raw is what it acts as.
	acts bool
}

// sideOf returns the normalised schema of a tool under key; status says
// why there is none.
func sideOf(t *toolRef, key string) (*side, schemaStatus) {
	ptr, raw, status := schemaOf(t, key)
	if status != schemaUsable {
		return nil, status
	}
	n := normalize(t.file.Root, ptr)
	if n == nil {
		return nil, schemaUnusable
	}
	return &side{tool: t, ptr: ptr, raw: raw, node: n}, schemaUsable
}

// A tool's inputSchema or outputSchema as a whole (compareInputs, compareOutputs).
var (
	RuleInputSchemaRemoved = compatRule{
		ID: "compat.input.schema-removed", Level: rules.Must, Severity: rules.Warning,
		Title:   "inputSchema removed",
		Summary: "a tool keeps its inputSchema",
		Doc:     "MCP requires inputSchema; its absence says nothing about what the tool accepts, so the comparison cannot be made. A head inputSchema that is present but no schema object (null, a boolean, a `$componentRef` that selects nothing) is reported by validation alone (`mcp.tool.input-schema.required`, `mcpdesc.tool.component-ref`).",
		Fix:     "restore the inputSchema",
	}.rule()

	RuleOutputSchemaRemoved = compatRule{
		ID: "compat.output.schema-removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: "warning when no result the base admits is shown to be dropped",
		Title:   "outputSchema removed",
		Summary: "a tool keeps its outputSchema",
		Doc:     "Without outputSchema the server no longer promises structuredContent of any shape; consumers that relied on it break. A head outputSchema that is present but no schema object (null, a boolean) is reported by validation alone (`mcp.tool.output-schema.object`)." + outputDoc,
		Fix:     "restore the outputSchema",
	}.rule()

	RuleOutputSchemaAdded = compatRule{
		ID: "compat.output.schema-added", Level: rules.May, Severity: rules.Notice,
		Title:   "outputSchema added",
		Summary: "an outputSchema was added",
		Doc:     "The server now promises structuredContent of that shape; nothing breaks. A base outputSchema that is absent or no schema object (null, a string, a boolean) promised no shape either, so giving one at head is listed here, not judged as a break.",
		Fix:     "nothing to fix",
	}.rule()
)

// compareInputs judges the inputSchemas of a pair. A head schema that is
// not a schema object is left to validation (mcp.tool.input-schema.required),
// which reports it as an error already.
func (c *comparer) compareInputs(p pair) {
	b, bs := sideOf(p.base, "inputSchema")
	h, hs := sideOf(p.head, "inputSchema")
	bok, hok := bs == schemaUsable, hs == schemaUsable
	switch {
	case bok && hok:
		j := newJudge(dirInput)
		j.sub(b.node, h.node, nil)
		c.report(j, b, h)
		c.unjudgedRefs(j, b, h)
	case hok:
		c.compareBaseNotSchema(p, h)
	case bok && hs == schemaAbsent:
		c.add(draft{rule: RuleInputSchemaRemoved, tool: p.head, at: loc{file: p.head.file, ptr: p.head.tool.Pointer},
			base: &loc{file: p.base.file, ptr: b.ptr}, removed: true, before: canonical(b.raw),
			msg: fmt.Sprintf("inputSchema of tool %q was removed: what the tool accepts is unknown now, so the change cannot be judged; restore it", p.head.name())})
	}
}

// compareOutputs judges the outputSchemas of a pair. A head schema that is
// not a schema object is left to validation (mcp.tool.output-schema.object).
func (c *comparer) compareOutputs(p pair) {
	b, bs := sideOf(p.base, "outputSchema")
	h, hs := sideOf(p.head, "outputSchema")
	bok, hok := bs == schemaUsable, hs == schemaUsable
	switch {
	case bok && hok:
		j := newJudge(dirOutput)
		j.sub(h.node, b.node, nil)
		c.report(j, b, h)
		c.unjudgedRefs(j, b, h)
	case bok && hs == schemaAbsent:
		w, note := c.outputRemovedWitness(b)
		d := draft{rule: RuleOutputSchemaRemoved, tool: p.head, at: loc{file: p.head.file, ptr: p.head.tool.Pointer},
			base: &loc{file: p.base.file, ptr: b.ptr}, removed: true, before: canonical(b.raw), witness: w,
			msg: fmt.Sprintf("outputSchema of tool %q was removed: structuredContent is no longer promised to have any shape%s; restore it", p.head.name(), note)}
		if w == nil {
			// base may admit everything: not certain to break anyone.
			d.severity = rules.Warning
		}
		c.add(d)
	case hok:
		c.add(draft{rule: RuleOutputSchemaAdded, tool: p.head, at: loc{file: p.head.file, ptr: h.ptr}, after: canonical(h.raw),
			msg: fmt.Sprintf("outputSchema of tool %q was added: the server now promises structuredContent of that shape", p.head.name())})
	}
}

type verdict int

const (
	unknown verdict = iota
	yes
	no
)

func accepts(cs *schema.Checked, v any) verdict {
	errs, ok := cs.Validate(v)
	switch {
	case !ok:
		return unknown
	case len(errs) == 0:
		return yes
	}
	return no
}

// outputRemovedWitness finds a value the base outputSchema rejects: with no
// head schema, head admits anything.
func (c *comparer) outputRemovedWitness(b *side) (any, string) {
	bc := c.eng.Check(b.raw)
	if !bc.Complete {
		return nil, " (it may break, but it is a warning, not an error, since no witness could be confirmed: the base schema is not complete offline)"
	}
	for _, v := range []any{"unexpected", json.Number("0"), nil, map[string]any{freshKey: true}, []any{}, map[string]any{}} {
		if accepts(bc, v) == no {
			return v, fmt.Sprintf(" (for example %s, which base rejects)", display(v))
		}
	}
	return nil, " (it may break, but it is a warning, not an error, since no witness could be confirmed: no value tried is rejected by the base schema)"
}
