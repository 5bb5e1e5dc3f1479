package toolrepo

// ChangelogBase has three tools; ChangelogHead removes "gone", adds a
// required argument "scope", an optional "limit" and a result field
// "total" to "search", keeps "same" and adds "fetch".
const (
	ChangelogBase = `{"tools": [
  {"name": "gone", "inputSchema": {"type": "object"}},
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
  {"name": "same", "inputSchema": {"type": "object"}}
]}
`
	ChangelogHead = `{"tools": [
  {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}, "scope": {"type": "string"}}, "required": ["scope"]},
   "outputSchema": {"type": "object", "properties": {"total": {"type": "integer"}}}},
  {"name": "same", "inputSchema": {"type": "object"}},
  {"name": "fetch", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}}
]}
`
)
