//go:build mcpschema_notokens

package tokens

// Off reports whether counting is left out of this build (see off.go).
const Off = true
