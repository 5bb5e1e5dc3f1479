package schema

import (
	"fmt"
	"strings"
)

// detectDialect reads the root $schema of a schema. A schema that is not an
// object, or has no $schema, is read under 2020-12. Only the 2020-12 and
// draft-07 URIs (http or https, with or without a trailing "#") are
// supported; any other value yields DialectUnsupported and a problem.
func detectDialect(schema any) (Dialect, *Problem) {
	obj, ok := schema.(map[string]any)
	if !ok {
		return Dialect2020, nil
	}
	raw, ok := obj["$schema"]
	if !ok {
		return Dialect2020, nil
	}
	s, ok := raw.(string)
	if !ok {
		return DialectUnsupported, &Problem{Kind: SchemaDialect, Pointer: "/$schema",
			Message: fmt.Sprintf("\"$schema\" must be a string naming a dialect, got %s; use %q (or %q)", typeName(raw), uri2020, uriDraft7)}
	}
	if d, ok := dialectOf(s); ok {
		return d, nil
	}
	return DialectUnsupported, &Problem{Kind: SchemaDialect, Pointer: "/$schema",
		Message: fmt.Sprintf("dialect %q is not supported, so the schema cannot be checked; declare %q (or %q), or remove \"$schema\" to use 2020-12", s, uri2020, uriDraft7)}
}

const (
	uri2020   = "https://json-schema.org/draft/2020-12/schema"
	uriDraft7 = "http://json-schema.org/draft-07/schema#"
)

// dialectOf maps a $schema URI to a supported dialect.
func dialectOf(s string) (Dialect, bool) {
	u, ok := strings.CutPrefix(s, "https://")
	if !ok {
		u, ok = strings.CutPrefix(s, "http://")
	}
	if !ok {
		return "", false
	}
	switch strings.TrimSuffix(u, "#") {
	case "json-schema.org/draft/2020-12/schema":
		return Dialect2020, true
	case "json-schema.org/draft-07/schema":
		return DialectDraft7, true
	}
	return "", false
}

// typeName names the JSON type of a plain value.
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return "number"
}
