//go:build !mcpschema_notokens

package tokens

// Off reports whether counting is left out of this build: only
// .ci/bench builds a binary without it (-tags mcpschema_notokens), to
// measure what counting costs a run.
const Off = false
