// Package diffcheck pairs every tool with its version at a base revision and
// judges each pair for changes that break callers (input side) or consumers
// (output side), proving each break with a witness value.
//
// Pairing is by name (and protocol scope), then by an equivalent inputSchema
// for renames; aliases override the guess. Both schemas of a pair are
// normalised (key order, boolean schemas, nullable spellings, local
// references, draft-07 and 2020-12 equivalents, integer inside number) and
// compared in lockstep: inputSchema contravariantly, outputSchema
// covariantly. Every breaking finding carries a witness value that the real
// validator accepts on one side and rejects on the other.
package diffcheck

import (
	"context"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Options configure a comparison.
type Options struct {
	// Aliases maps a head tool name to the base tool name it replaces.
	Aliases map[string]string
	// Schema bounds the work spent on each schema (zero fields: schema.DefaultLimits).
	Schema schema.Limits
	// Each calls work(i) for every i below n, possibly at once (the
	// pipeline passes its worker pool's Each); nil: one at a time.
	Each func(n int, work func(i int))
	// StrictOutputs makes an output change that only adds (a closed
	// object gains a member, an enum or const gains a value) an error, as
	// a confirmed witness would; by default it is a warning, whatever its
	// witness, since only consumers that pin the old schema break.
	StrictOutputs bool
	// Context, when not nil, stops the witness searches once it is done
	// (Ctrl-C): the changes left say that the run was interrupted, and
	// the pipeline reports no result of an interrupted run.
	Context context.Context
	// Now is the run's clock: a removal of an item deprecated at the base
	// is judged against its sunset on Now's day in UTC (zero: today).
	Now time.Time
}

// each returns opts.Each, or a loop when it is nil.
func (o Options) each() func(n int, work func(i int)) {
	if o.Each != nil {
		return o.Each
	}
	return func(n int, work func(i int)) {
		for i := range n {
			work(i)
		}
	}
}

// comparer holds what one Compare call shares.
type comparer struct {
	eng        *schema.Engine
	findings   []report.Finding
	headByPath map[string]*source.File
	// strictOutputs: Options.StrictOutputs.
	strictOutputs bool
	// ctx: Options.Context (nil: never done).
	ctx context.Context
	// day: the day deprecations are judged on (Options.Now).
	day string
}

// interrupted reports whether the comparison's context is done.
func (c *comparer) interrupted() bool {
	return c.ctx != nil && c.ctx.Err() != nil
}

// Compare returns the findings of every base/head tool pair, sorted. It
// pairs and judges the files of each path first and the tree after (see
// Differ), which gives the pairs that pairing all tools at once gives; the
// paths and pairs are worked on with opts.Each (one at a time when nil).
func Compare(base, head []*source.File, opts Options) []report.Finding {
	d := NewDiffer(opts, nil)
	type unit struct {
		path         string
		bases, heads []sideIn
	}
	units := map[string]*unit{}
	var order []*unit
	get := func(path string) *unit {
		u, ok := units[path]
		if !ok {
			u = &unit{path: path}
			units[path] = u
			order = append(order, u)
		}
		return u
	}
	for i, f := range base {
		if f != nil {
			u := get(f.Path)
			u.bases = append(u.bases, sideIn{f, i})
		}
	}
	for i, f := range head {
		if f != nil {
			u := get(f.Path)
			u.heads = append(u.heads, sideIn{f, i})
		}
	}
	opts.each()(len(order), func(i int) { d.addUnit(order[i].path, order[i].bases, order[i].heads) })
	out, _ := d.Finish(func(isBase bool, seq int) (*source.File, error) {
		if isBase {
			return base[seq], nil
		}
		return head[seq], nil
	})
	return out
}

// judgePairs judges the pairs with each (see Options.Each) and returns
// the findings of each pair.
func (c *comparer) judgePairs(pairs []pair, each func(n int, work func(i int))) [][]report.Finding {
	found := make([][]report.Finding, len(pairs))
	each(len(pairs), func(i int) {
		pc := &comparer{eng: c.eng, headByPath: c.headByPath, strictOutputs: c.strictOutputs, ctx: c.ctx, day: c.day}
		pc.judgePair(pairs[i])
		found[i] = pc.findings
	})
	return found
}

// judgePair judges a pair unless both sides are the same tool: the same
// entry of the same file, or equal tool objects that reference nothing
// outside themselves (see unchangedTool). An unchanged tool has nothing
// to report. It reports whether the pair was judged.
func (c *comparer) judgePair(p pair) bool {
	if !p.renamed && unchangedTool(p.base, p.head) {
		return false
	}
	c.comparePair(p)
	return true
}

// comparePair judges one pair: name, inputs, outputs, annotations, examples.
func (c *comparer) comparePair(p pair) {
	if p.renamed {
		c.toolRenamed(p)
	}
	from := len(c.findings)
	c.compareInputs(p)
	c.compareOutputs(p)
	c.pairLifecycle(p, from)
	c.compareAnnotations(p)
	c.compareExamples(p)
}

// schemaStatus says whether a tool has a schema under a key that can be compared.
type schemaStatus int

const (
	// schemaAbsent: the tool has no such key.
	schemaAbsent schemaStatus = iota
	// schemaUnusable: the key holds no schema object (null, a boolean or
	// another value, or a $componentRef that selects nothing); validation
	// reports it, so the diff does not.
	schemaUnusable
	// schemaUsable: a schema object, possibly a component.
	schemaUsable
)

// schemaOf returns the schema under key of a tool: the pointer of the schema
// object in its file and its value. A Reference Object to
// #/components/schemas/<name> ($componentRef) is followed as validation
// follows it, and so is a lone local $ref.
func schemaOf(t *toolRef, key string) (ptr string, value any, status schemaStatus) {
	v, ok := t.tool.Value[key]
	if !ok {
		return "", nil, schemaAbsent
	}
	ptr = source.Join(t.tool.Pointer, key)
	if ct := source.ResolveComponentRef(t.file.Root, v, "schemas"); ct.IsRef {
		if !ct.Found {
			return ptr, nil, schemaUnusable
		}
		ptr, v = ct.Pointer, ct.Value
	}
	m, ok := v.(map[string]any)
	if !ok {
		return ptr, v, schemaUnusable
	}
	if tptr, target, ok := source.ResolveLoneRef(t.file.Root, m); ok {
		if _, isObj := target.(map[string]any); isObj {
			return tptr, target, schemaUsable
		}
	}
	return ptr, v, schemaUsable
}

// equivalentInputs reports whether two tools accept the same arguments.
func (c *comparer) equivalentInputs(a, b *toolRef) bool {
	ap, _, as := schemaOf(a, "inputSchema")
	bp, _, bs := schemaOf(b, "inputSchema")
	if as != schemaUsable || bs != schemaUsable {
		return false
	}
	na, nb := normalize(a.file.Root, ap), normalize(b.file.Root, bp)
	if na == nil || nb == nil {
		return false
	}
	return sameMembers(na, nb) && newJudge(dirInput).equivalent(na, nb)
}

// sameMembers reports whether two object schemas declare and require the
// same members: open objects accept undeclared members, so equivalence
// alone would pair unrelated tools.
func sameMembers(a, b *node) bool {
	if len(a.props) != len(b.props) || len(a.required) != len(b.required) {
		return false
	}
	for k := range a.props {
		if _, ok := b.props[k]; !ok {
			return false
		}
	}
	for k := range a.required {
		if !b.required[k] {
			return false
		}
	}
	return true
}
