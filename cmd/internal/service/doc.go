// Package service is the application service of mcpschema: one run from a
// directory, patterns and revisions to a finished report (Run). It loads
// and validates the config (or the trusted config at a revision, with the
// note of what the working tree's config would change), turns the patterns
// into files, runs cmd/internal/pipeline, finalizes the report once with the
// config applied, and decides fail-on. The CLI and the GitHub Action
// (cmd/internal/app) are its clients.
package service
