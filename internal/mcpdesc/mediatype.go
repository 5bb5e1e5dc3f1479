package mcpdesc

import "strings"

// MediaType is a mimeType's essence, type/subtype without parameters, in
// lower case and without surrounding spaces ("Application/JSON;
// charset=utf-8" → "application/json"): what validation checks contents
// against and what the judge compares between base and head.
func MediaType(s string) string {
	s, _, _ = strings.Cut(s, ";")
	return strings.ToLower(strings.TrimSpace(s))
}
