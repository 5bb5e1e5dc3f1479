// Package schema checks and compiles JSON Schemas offline under the
// 2020-12 and draft-07 dialects, within bounds, and validates values against them.
//
// A schema is checked in this order, each step bounded: its dialect
// ($schema), its size and depth (an iterative walk that stops at the
// bound), its references (every local $ref and $dynamicRef is resolved,
// including in unused definitions; references to other documents are never
// loaded and are stubbed out), the size it expands to once references are
// followed, and finally its meta-schema and compilation with
// santhosh-tekuri/jsonschema (a loader that refuses everything, ECMA-262
// regular expressions with a match timeout, a compile time budget).
//
// Format: 2020-12 schemas treat "format" as an annotation (the default
// format-annotation vocabulary); draft-07 schemas assert the formats the
// library knows, as draft-07 validators commonly do.
package schema

import (
	"time"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// Limits bound the work spent on one schema.
type Limits struct {
	// MaxDepth is the deepest nesting accepted inside one schema.
	MaxDepth int
	// MaxSubschemas is the largest number of objects and arrays accepted in one schema.
	MaxSubschemas int
	// Timeout is the time budget for compiling one schema.
	Timeout time.Duration
	// RegexTimeout bounds one regular expression match.
	RegexTimeout time.Duration
	// Deadline, when not zero, stops every Validate at that time as
	// ValidateBy does (the run's time budget, limits.run-timeout).
	Deadline time.Time
}

// Dialect is the JSON Schema dialect a tool schema is read under.
type Dialect string

// Dialects mcpschema knows.
const (
	Dialect2020        Dialect = "2020-12"
	DialectDraft7      Dialect = "draft-07"
	DialectUnsupported Dialect = "unsupported"
)

// ProblemKind classifies a problem of one schema.
type ProblemKind string

// Kinds of schema problems.
const (
	// SchemaDialect: the declared $schema is not a supported dialect (or not a string).
	SchemaDialect ProblemKind = "dialect"
	// SchemaInvalid: the schema breaks its dialect's meta-schema or cannot be compiled.
	SchemaInvalid ProblemKind = "invalid"
	// SchemaUnresolvedRef: a local $ref (starting with #) selects nothing.
	SchemaUnresolvedRef ProblemKind = "unresolved-ref"
	// SchemaExternalRef: a $ref to another document, never fetched; the check is incomplete.
	SchemaExternalRef ProblemKind = "external-ref"
	// SchemaBound: a configured bound (depth, subschema count, time) was exceeded.
	SchemaBound ProblemKind = "bound"
)

// Problem is one problem of a schema; Pointer is relative to the schema root.
type Problem struct {
	Kind    ProblemKind
	Pointer string
	Message string
	// Limit is the configured bound crossed, for a SchemaBound problem
	// one produced ("" for a bound that is not configurable).
	Limit limits.Key
}

// InstanceError is one reason a value fails a schema; Pointer is the
// location in the value, Keyword the location in the schema (both relative).
type InstanceError struct {
	Pointer string
	Keyword string
	Message string
	// Limit is the configured bound that stopped validation, when one did.
	Limit limits.Key
}

// Checked is the outcome of checking one schema. It is immutable and safe
// for concurrent use.
type Checked struct {
	Dialect Dialect
	// Problems, sorted by pointer.
	Problems []Problem
	// Complete is false when external references or a bound kept the check from being complete.
	Complete bool

	comp      *compiled
	lazy      *lazyCompile      // set when compiling waits for the first validation
	resources map[string]string // base URI → pointer of its resource root
	limits    Limits
}

// Engine compiles tool schemas, once per distinct content, and is
// safe for concurrent use.
type Engine struct {
	limits Limits
	cache  *cache
}

// NewEngine returns an engine bounded by l.
func NewEngine(l Limits) *Engine {
	return &Engine{limits: l, cache: newCache(cacheSize)}
}

// Spent reports whether the engine's Deadline (the run's time budget) has
// passed: every validation then stops at once, so work that only prepares
// validations (a witness search) should not start either.
func (e *Engine) Spent() bool {
	return !e.limits.Deadline.IsZero() && !time.Now().Before(e.limits.Deadline)
}

// Check checks schema under its declared dialect ($schema) or 2020-12.
// Equal schemas (same content and dialect) are checked once per engine and
// share the result.
func (e *Engine) Check(schema any) *Checked {
	d, p := detectDialect(schema)
	if p != nil {
		return &Checked{Dialect: d, Problems: []Problem{*p}, Complete: true, limits: e.limits}
	}
	if p := checkBounds(schema, e.limits); p != nil {
		return &Checked{Dialect: d, Problems: []Problem{*p}, limits: e.limits}
	}
	k, ok := keyOf(schema, d)
	if !ok {
		return e.check(schema, d)
	}
	return e.cache.get(k, schema, func() *Checked { return e.check(schema, d) })
}

// check does the work of Check for a schema within the bounds.
func (e *Engine) check(schema any, d Dialect) *Checked {
	cs := &Checked{Dialect: d, Complete: true, limits: e.limits}
	ix := buildIndex(schema, d)
	targets := ix.checkRefs()
	cs.resources = ix.resources
	cs.Problems = append(cs.Problems, ix.problems...)
	for _, p := range ix.problems {
		if p.Kind == SchemaExternalRef {
			cs.Complete = false
		}
	}
	if p := ix.checkExpansion(targets, expansionFactor*e.limits.MaxSubschemas); p != nil {
		cs.Problems = append(cs.Problems, *p)
		cs.Complete = false
		sortProblems(cs.Problems)
		return cs
	}
	if len(ix.problems) == 0 && certainlyValid(schema, d, e.limits) {
		// Nothing for compiling to report: compile on first validation.
		cs.lazy = &lazyCompile{doc: schema, dialect: d}
		return cs
	}
	comp, inTime := compile(stubbed(schema, ix.strip, d), d, e.limits)
	switch {
	case !inTime:
		cs.Problems = append(cs.Problems, timeoutProblem(e.limits.Timeout))
		cs.Complete = false
	case comp.err != nil:
		cs.Problems = append(cs.Problems, compileProblems(comp.err, ix.resources)...)
	default:
		cs.comp = comp
	}
	sortProblems(cs.Problems)
	cs.Problems = dedupeProblems(cs.Problems)
	return cs
}

// expansionFactor scales MaxSubschemas into the bound on the subschemas a
// schema expands to once references are followed.
const expansionFactor = 10

// hasErrors reports whether a problem other than an external reference was found.
func (cs *Checked) hasErrors() bool {
	for _, p := range cs.Problems {
		if p.Kind != SchemaExternalRef {
			return true
		}
	}
	return false
}
