// Package layers holds no code: its test keeps the imports between
// mcpschema's packages to the allowed arrows between layers (see
// ARCHITECTURE.md). From the bottom up: the kernel under internal/, in
// three floors (base: limits, rules, suggest, pool, uritemplate, tokens;
// model: report, mcpdesc; reading: source, schema, load, deprecation,
// serverjson), each importing only itself and the floors below; the
// validation checks (validate) and the breaking-change judge (diffcheck),
// side by side and blind to each other; above them, under cmd/internal, the
// one pipeline (pipeline) and the application service (service); the
// renderers and publishers (annotate, annotate/ghsink); the clients
// (cmd/internal/app, the CLI; cmd/internal/action, the GitHub Action;
// cmd/internal/snapshot; cmd/internal/cmdenv) and main. Test support
// (internal/testsupport/...) is imported by tests only.
package layers
