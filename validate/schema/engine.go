// Package schema checks and compiles JSON Schemas offline under the
// 2020-12 and draft-07 dialects, within bounds, and validates values against them.
package schema

import "time"

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
}

// InstanceError is one reason a value fails a schema; Pointer is the
// location in the value, Keyword the location in the schema (both relative).
type InstanceError struct {
	Pointer string
	Keyword string
	Message string
}

// Checked is the outcome of checking one schema.
type Checked struct {
	Dialect Dialect
	// Problems, sorted by pointer.
	Problems []Problem
	// Complete is false when external references or a bound kept the check from being complete.
	Complete bool
}

// Engine compiles tool schemas, once per distinct content, and is
// safe for concurrent use.
type Engine struct {
	limits Limits
}

// NewEngine returns an engine bounded by l.
func NewEngine(l Limits) *Engine { return &Engine{limits: l} }

// Check checks schema under its declared dialect ($schema) or 2020-12.
// STUB: replaced by the real engine.
func (e *Engine) Check(schema any) *Checked {
	return &Checked{Dialect: Dialect2020, Complete: true}
}

// Validate checks instance against the schema. ok is false when the schema
// could not be compiled (or was not complete), so no verdict is possible.
// STUB: replaced by the real engine.
func (cs *Checked) Validate(instance any) (errs []InstanceError, ok bool) {
	return nil, false
}
