// Package serverjson is the one model of an MCP Registry server.json: the
// registry's published JSON Schemas of every dated version (embedded,
// never fetched), what a "$schema" value names, whether a document is a
// registry server.json at all, and the registry's documented constants.
//
// The schemas are the files static.modelcontextprotocol.io serves (see
// schemas/README.md for their provenance, hashes and MIT licence). Each is
// decoded once per process, on first use; compiling it is the schema
// engine's, once per run (schema.Engine caches by content) and lazily.
package serverjson

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

//go:embed schemas/*.json
var bundled embed.FS

// Versions are the dated schema versions bundled, oldest first.
var Versions = []string{"2025-07-09", "2025-09-16", "2025-09-29", "2025-10-11", "2025-10-17", "2025-12-11"}

// Current is the newest bundled version: the one the registry's publisher
// accepted when it was bundled (older ones it refuses as deprecated).
func Current() string { return Versions[len(Versions)-1] }

// SchemaURL is the registry's URL of version v's schema.
func SchemaURL(v string) string {
	return "https://static.modelcontextprotocol.io/schemas/" + v + "/server.schema.json"
}

// PublisherKey is the one _meta member the official registry keeps.
const PublisherKey = "io.modelcontextprotocol.registry/publisher-provided"

// MaxPublisherBytes bounds PublisherKey's value, marshalled as JSON.
const MaxPublisherBytes = 4096

// Ref is what a "$schema" value names.
type Ref struct {
	// Version is the dated version the URL names ("" none).
	Version string
	// Known reports whether Version is bundled.
	Known bool
	// Canonical reports whether the URL is the registry's URL of Version
	// exactly (SchemaURL).
	Canonical bool
	// Draft reports whether the URL names the registry's undated draft.
	Draft bool
	// Legacy reports whether the URL is of the pre-release form
	// (modelcontextprotocol.io/schemas/draft/<date>/server.json).
	Legacy bool
	// Registry reports whether the URL is one of the registry's server
	// schema URLs at all.
	Registry bool
}

var (
	staticRe = regexp.MustCompile(`^https?://static\.modelcontextprotocol\.io/schemas/([^/]+)/server\.schema\.json$`)
	legacyRe = regexp.MustCompile(`^https?://(?:www\.)?modelcontextprotocol\.io/schemas/draft/([^/]+)/server\.json$`)
	dateRe   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
)

// ParseRef reads a "$schema" value.
func ParseRef(s string) Ref {
	s = strings.TrimSpace(s)
	if m := staticRe.FindStringSubmatch(s); m != nil {
		r := Ref{Registry: true}
		switch {
		case m[1] == "draft":
			r.Draft = true
		case dateRe.MatchString(m[1]):
			r.Version = m[1]
			r.Known = Known(m[1])
			r.Canonical = r.Known && s == SchemaURL(m[1])
		}
		return r
	}
	if m := legacyRe.FindStringSubmatch(s); m != nil {
		return Ref{Registry: true, Legacy: true, Version: m[1]}
	}
	return Ref{}
}

// Known reports whether v is a bundled version.
func Known(v string) bool {
	for _, x := range Versions {
		if x == v {
			return true
		}
	}
	return false
}

// Declares reports whether root is an object whose "$schema" is one of the
// registry's server schema URLs: the document says it is a server.json.
func Declares(root any) bool {
	obj, ok := root.(map[string]any)
	if !ok {
		return false
	}
	s, ok := obj["$schema"].(string)
	return ok && ParseRef(s).Registry
}

// Recognize reports whether root reads as a registry server.json: it
// declares so (Declares), or it is an object with the registry's required
// members (string name with a "/", description and version) and packages
// or remotes. A server.json found at the repository root is checked only
// when it is recognized (or named in the config).
func Recognize(root any) bool {
	if Declares(root) {
		return true
	}
	obj, ok := root.(map[string]any)
	if !ok {
		return false
	}
	name, _ := obj["name"].(string)
	_, hasDesc := obj["description"].(string)
	_, hasVersion := obj["version"].(string)
	_, hasPackages := obj["packages"]
	_, hasRemotes := obj["remotes"]
	return strings.Contains(name, "/") && hasDesc && hasVersion && (hasPackages || hasRemotes)
}

var (
	mu      sync.Mutex
	decoded = map[string]any{}
)

// Schema returns the bundled schema of version v as plain values (as
// internal/source decodes them: numbers as json.Number), decoded once per
// process and shared: callers must not modify it.
func Schema(v string) (any, bool) {
	if !Known(v) {
		return nil, false
	}
	mu.Lock()
	defer mu.Unlock()
	if s, ok := decoded[v]; ok {
		return s, true
	}
	data, err := bundled.ReadFile("schemas/" + v + ".json")
	if err != nil {
		panic(fmt.Sprintf("serverjson: bundled schema %s: %v", v, err))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var s any
	if err := dec.Decode(&s); err != nil {
		panic(fmt.Sprintf("serverjson: bundled schema %s: %v", v, err))
	}
	decoded[v] = s
	return s, true
}

// Bytes returns the bundled schema file of version v.
func Bytes(v string) ([]byte, bool) {
	if !Known(v) {
		return nil, false
	}
	data, err := bundled.ReadFile("schemas/" + v + ".json")
	return data, err == nil
}

// SnakeCase reports whether version v spells members in snake_case
// (registry_type, package_arguments): 2025-07-09 does; camelCase since
// 2025-09-16.
func SnakeCase(v string) bool { return v == "2025-07-09" }

// Member is the spelling of a camelCase member name under version v
// ("registryType", or "registry_type" under 2025-07-09).
func Member(v, camel string) string {
	if !SnakeCase(v) {
		return camel
	}
	var b strings.Builder
	for _, r := range camel {
		if 'A' <= r && r <= 'Z' {
			b.WriteByte('_')
			b.WriteRune(r + ('a' - 'A'))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
