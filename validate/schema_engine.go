package validate

// Dialect is the JSON Schema dialect a tool schema is read under.
type Dialect string

// Dialects mcpschema knows.
const (
	Dialect2020        Dialect = "2020-12"
	DialectDraft7      Dialect = "draft-07"
	DialectUnsupported Dialect = "unsupported"
)

// SchemaProblemKind classifies a problem of one schema.
type SchemaProblemKind string

// Kinds of schema problems.
const (
	// SchemaDialect: the declared $schema is not a supported dialect (or not a string).
	SchemaDialect SchemaProblemKind = "dialect"
	// SchemaInvalid: the schema breaks its dialect's meta-schema or cannot be compiled.
	SchemaInvalid SchemaProblemKind = "invalid"
	// SchemaUnresolvedRef: a local $ref (starting with #) selects nothing.
	SchemaUnresolvedRef SchemaProblemKind = "unresolved-ref"
	// SchemaExternalRef: a $ref to another document, never fetched; the check is incomplete.
	SchemaExternalRef SchemaProblemKind = "external-ref"
	// SchemaBound: a configured bound (depth, subschema count, time) was exceeded.
	SchemaBound SchemaProblemKind = "bound"
)

// SchemaProblem is one problem of a schema; Pointer is relative to the schema root.
type SchemaProblem struct {
	Kind    SchemaProblemKind
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

// CheckedSchema is the outcome of checking one schema.
type CheckedSchema struct {
	Dialect Dialect
	// Problems, sorted by pointer.
	Problems []SchemaProblem
	// Complete is false when external references or a bound kept the check from being complete.
	Complete bool
}

// SchemaEngine compiles tool schemas, once per distinct content, and is
// safe for concurrent use.
type SchemaEngine struct {
	limits Limits
}

// NewSchemaEngine returns an engine bounded by l.
func NewSchemaEngine(l Limits) *SchemaEngine { return &SchemaEngine{limits: l.WithDefaults()} }

// Check checks schema under its declared dialect ($schema) or 2020-12.
// STUB: replaced by the real engine.
func (e *SchemaEngine) Check(schema any) *CheckedSchema {
	return &CheckedSchema{Dialect: Dialect2020, Complete: true}
}

// Validate checks instance against the schema. ok is false when the schema
// could not be compiled (or was not complete), so no verdict is possible.
// STUB: replaced by the real engine.
func (cs *CheckedSchema) Validate(instance any) (errs []InstanceError, ok bool) {
	return nil, false
}
