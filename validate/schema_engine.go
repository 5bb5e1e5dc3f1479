package validate

// SchemaEngine compiles tool schemas, once per distinct content, and is
// safe for concurrent use. (Placeholder: implemented in schema_*.go.)
type SchemaEngine struct {
	limits Limits
}

// NewSchemaEngine returns an engine bounded by l.
func NewSchemaEngine(l Limits) *SchemaEngine { return &SchemaEngine{limits: l.WithDefaults()} }
