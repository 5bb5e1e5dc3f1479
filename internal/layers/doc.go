// Package layers holds no code: its test keeps the imports between
// mcpschema's packages to the allowed arrows between layers (see
// ARCHITECTURE.md). From the bottom up: the kernel (internal/source,
// schema, rules, report, pool, load, suggest); the validation checks
// (validate) and the breaking-change judge (diffcheck), side by side and
// blind to each other; the one pipeline above both (cmd/internal/pipeline);
// the application service above it (cmd/internal/service); the renderers and
// publishers (annotate, annotate/ghsink); the clients (cmd/internal/app,
// the CLI; cmd/internal/action, the GitHub Action; cmd/internal/snapshot)
// and main. Test support
// (internal/testsupport/...) is imported by tests only.
package layers
