// Package mcpdesc is the one model of an MCP Description document's
// protocol scopes, read the same way by validation (validate) and by the
// breaking-change judge (diffcheck): which protocol versions the root
// describes and which ones each declaration (a transport, capabilities
// object, resource, resource template, prompt or tool) applies to.
//
// Before it, each package read protocolVersions on its own and the copies
// differed: validation trimmed surrounding spaces and kept a declaration's
// scope within its container's, the judge did neither, so a declaration
// validation accepted for a version could be judged as no longer serving
// it.
package mcpdesc

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// Version is the protocol version an entry of a protocolVersions list
// names: the string without surrounding spaces (ok false for a non-string).
// Whether it is a known version is rules.IsProtocolVersion's to say.
func Version(v any) (string, bool) {
	s, ok := v.(string)
	if !ok {
		return "", false
	}
	return strings.TrimSpace(s), true
}

// Strings are the versions a protocolVersions value names, in order, each
// trimmed (non-strings skipped; nil for a value that is not an array).
func Strings(v any) []string {
	list, _ := v.([]any)
	var out []string
	for _, e := range list {
		if s, ok := Version(e); ok {
			out = append(out, s)
		}
	}
	return out
}

// Known keeps the known protocol versions of list, once each, in
// rules.ProtocolVersions order (oldest first).
func Known(list []string) []string {
	var out []string
	for _, p := range rules.ProtocolVersions {
		for _, s := range list {
			if s == p {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// RootVersions are the known protocol versions a document root's
// protocolVersions lists, oldest first (the unknown ones are validation's
// to report).
func RootVersions(root map[string]any) []string {
	return Known(Strings(root["protocolVersions"]))
}

// Scope is a declaration's effective protocol scope within its
// container's scope: the known versions its own protocolVersions lists
// that the container also has, oldest first; the container's scope when
// it declares none (absent, or none of its entries usable: validation
// reports those).
func Scope(obj map[string]any, container []string) []string {
	raw, has := obj["protocolVersions"]
	if !has {
		return container
	}
	var own []string
	for _, s := range Known(Strings(raw)) {
		for _, c := range container {
			if s == c {
				own = append(own, s)
				break
			}
		}
	}
	if len(own) == 0 {
		return container
	}
	return own
}
