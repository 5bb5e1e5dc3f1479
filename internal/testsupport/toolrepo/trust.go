package toolrepo

import "testing"

// TrustBaseTools has three tools; TrustHeadTools removes "delete", narrows
// "n" of "search" from integer-or-string to integer and adds a required
// argument "mode": three breaking changes.
const TrustBaseTools = `{
  "tools": [
    {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": ["integer", "string"]}}}},
    {"name": "fetch", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}},
    {"name": "delete", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
  ]
}
`

// TrustHeadTools is TrustBaseTools with three breaking changes.
const TrustHeadTools = `{
  "tools": [
    {"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "n": {"type": "integer"}, "mode": {"type": "string"}}, "required": ["mode"]}},
    {"name": "fetch", "inputSchema": {"type": "object", "properties": {"url": {"type": "string"}}}}
  ]
}
`

// TrustRepo builds a base commit (tools and, when baseCfg is not empty, a
// config .mcpschema.yaml), a head commit that breaks three tools and
// writes headCfg as the config ("" leaves it as at the base), and a merge
// commit (checked out).
func TrustRepo(t testing.TB, baseCfg, headCfg string) (repo, base, head, merge string) {
	t.Helper()
	repo = t.TempDir()
	Git(t, repo, "init", "-q", "-b", "main")
	files := map[string]string{"tools/tools.json": TrustBaseTools}
	if baseCfg != "" {
		files[".mcpschema.yaml"] = baseCfg
	}
	base = Commit(t, repo, "base", files)
	files = map[string]string{"tools/tools.json": TrustHeadTools}
	if headCfg != "" {
		files[".mcpschema.yaml"] = headCfg
	}
	head = Commit(t, repo, "head", files)
	merge = Commit(t, repo, "merge", nil)
	return repo, base, head, merge
}

// ExtRefTool is complete JSON with one external $ref: a warning that
// leaves the report incomplete, and no error.
const ExtRefTool = `{"name": "ext", "inputSchema": {"type": "object", "properties": {"q": {"$ref": "https://example.com/s.json"}}, "additionalProperties": false}}`
