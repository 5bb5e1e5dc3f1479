package validate

import (
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
)

// Rules for the x-mcp-header annotation of MCP 2026-07-28.
var (
	RuleHeaderToken = rules.New(rules.Rule{
		ID: "mcp.tool.header.token", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2026-07-28"},
		Title:    "x-mcp-header not a field name",
		Summary:  "an x-mcp-header value is a non-empty HTTP field-name token",
		Doc:      "MCP 2026-07-28 (server/tools.mdx, SEP-2243; MCP Description 0.8.0 section 9.2): an inputSchema property MAY map its value to an HTTP header with x-mcp-header, whose value MUST NOT be empty, MUST be an RFC 9110 token (letters, digits and !#$%&'*+-.^_`|~) and MUST NOT contain CR, LF or other control characters. Streamable-HTTP clients drop tools that break this.",
		Fix:      "use a header name made of letters, digits and !#$%&'*+-.^_`|~, such as \"X-Tenant-Id\"",
	})
	RuleHeaderUnique = rules.New(rules.Rule{
		ID: "mcp.tool.header.unique", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2026-07-28"},
		Title:    "x-mcp-header name repeated",
		Summary:  "x-mcp-header names are unique case-insensitively within an inputSchema",
		Doc:      "MCP 2026-07-28: each x-mcp-header value MUST be unique, compared case-insensitively, within one inputSchema, since HTTP field names are case-insensitive and two properties cannot own one header. The later occurrence in the file is reported.",
		Fix:      "give each property its own header name",
	})
	RuleHeaderPlacement = rules.New(rules.Rule{
		ID: "mcp.tool.header.placement", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2026-07-28"},
		Title:    "x-mcp-header misplaced",
		Summary:  "x-mcp-header appears only on string, integer or boolean properties reachable through properties",
		Doc:      "MCP 2026-07-28 and MCP Description 0.8.0 section 9.2: x-mcp-header is valid only on a property whose type is \"string\", \"integer\" or \"boolean\" (not \"number\") and that is statically reachable from the inputSchema root through properties chains alone; it MUST NOT be used at the root, on a property reached through arrays, composition (allOf, anyOf, oneOf, not), conditionals, $defs or $ref, or in an outputSchema.",
		Fix:      "move x-mcp-header to a string, integer or boolean property reached from the root through properties only, or remove it",
	})
	RuleHeaderVersion = rules.New(rules.Rule{
		ID: "mcp.tool.header.version", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"},
		Title:    "x-mcp-header outside 2026-07-28",
		Summary:  "x-mcp-header is used only by tools scoped to 2026-07-28",
		Doc:      "x-mcp-header is defined by MCP 2026-07-28 only; for an earlier protocol version the annotation has no meaning and MCP Description 0.8.0 reports it as field-not-supported-by-version. Checked in MCP Description documents only: elsewhere the annotation is an unknown keyword that earlier clients ignore.",
		Fix:      "remove x-mcp-header, or narrow the tool's protocolVersions to 2026-07-28",
	})
)

const headerKey = "x-mcp-header"

// headerUse is one x-mcp-header keyword found in a schema.
type headerUse struct {
	ptr       string
	value     any
	reachable bool
	propType  any
}

// checkHeaders finds every x-mcp-header keyword in both schemas and judges it.
func checkHeaders(c *ToolContext) {
	old := c.Among(RuleHeaderVersion.Versions)
	has2026 := c.Has("2026-07-28")
	for _, key := range []string{"inputSchema", "outputSchema"} {
		schema, ptr, ok := c.Schema(key)
		if !ok {
			continue
		}
		var uses []headerUse
		walkHeaders(schema, &headerPath{base: ptr}, key == "inputSchema", true, 0, &uses)
		sort.Slice(uses, func(i, j int) bool { return c.positionBefore(uses[i].ptr, uses[j].ptr) })
		first := map[string]string{}
		for _, u := range uses {
			if len(old) > 0 && closedObjects(c.FileContext) {
				c.Report(RuleHeaderVersion, u.ptr, old,
					"x-mcp-header is not defined by %s: remove it, or %s", versionsText(old), narrowTo(c, []string{"2026-07-28"}))
			}
			if !has2026 {
				continue
			}
			vs := []string{"2026-07-28"}
			if !u.reachable {
				where := "here"
				if key == "outputSchema" {
					where = "in an outputSchema"
				}
				c.Report(RuleHeaderPlacement, u.ptr, vs,
					"x-mcp-header is not allowed %s: it belongs only on a string, integer or boolean inputSchema property reached from the root through properties alone; move or remove it", where)
			} else if t, ok := u.propType.(string); !ok || (t != "string" && t != "integer" && t != "boolean") {
				what := "declares no single \"type\""
				if u.propType != nil {
					what = "has \"type\" " + compactJSON(u.propType)
				}
				c.Report(RuleHeaderPlacement, u.ptr, vs,
					"x-mcp-header is on a property that %s: use it only on a property with \"type\" \"string\", \"integer\" or \"boolean\"", what)
			}
			name, isStr := u.value.(string)
			if msg := headerTokenProblem(u.value); msg != "" {
				c.Report(RuleHeaderToken, u.ptr, vs, "%s", msg)
				continue
			}
			if !isStr || !u.reachable || key != "inputSchema" {
				continue
			}
			lower := strings.ToLower(name)
			if prev, dup := first[lower]; dup {
				c.Report(RuleHeaderUnique, u.ptr, vs,
					"x-mcp-header %q repeats the header of %q (names compare case-insensitively): give each property its own header name", name, prev)
				continue
			}
			first[lower] = u.ptr
		}
	}
}

// headerPath is the way from the schema root (at base) down to the schema
// walkHeaders visits: its pointer is built only for a header found, so a
// long name above many schemas costs nothing.
type headerPath struct {
	base   string
	tokens []string
}

func (p *headerPath) push(tokens ...string) { p.tokens = append(p.tokens, tokens...) }
func (p *headerPath) pop(n int)             { p.tokens = p.tokens[:len(p.tokens)-n] }

// walkHeaders collects x-mcp-header keywords of schema at path. propChain is
// true while the schema is the root or reached through properties only.
func walkHeaders(schema any, path *headerPath, propChain, isRoot bool, depth int, out *[]headerUse) {
	obj, ok := schema.(map[string]any)
	if !ok || depth > 256 {
		return
	}
	if v, has := obj[headerKey]; has {
		*out = append(*out, headerUse{ptr: joinPtr(path.base, append(path.tokens[:len(path.tokens):len(path.tokens)], headerKey)...),
			value: v, reachable: propChain && !isRoot, propType: obj["type"]})
	}
	for _, k := range sortedKeys(obj) {
		v := obj[k]
		switch k {
		case "properties":
			if m, ok := v.(map[string]any); ok {
				for _, name := range sortedKeys(m) {
					path.push(k, name)
					walkHeaders(m[name], path, propChain, false, depth+1, out)
					path.pop(2)
				}
			}
		case "$defs", "definitions", "patternProperties", "dependentSchemas", "dependencies":
			if m, ok := v.(map[string]any); ok {
				for _, name := range sortedKeys(m) {
					path.push(k, name)
					walkHeaders(m[name], path, false, false, depth+1, out)
					path.pop(2)
				}
			}
		case "allOf", "anyOf", "oneOf", "prefixItems", "items", "additionalItems":
			if list, ok := v.([]any); ok {
				for i, e := range list {
					path.push(k, itoa(i))
					walkHeaders(e, path, false, false, depth+1, out)
					path.pop(2)
				}
			} else {
				path.push(k)
				walkHeaders(v, path, false, false, depth+1, out)
				path.pop(1)
			}
		case "not", "if", "then", "else", "contains", "propertyNames", "additionalProperties",
			"unevaluatedProperties", "unevaluatedItems", "contentSchema":
			path.push(k)
			walkHeaders(v, path, false, false, depth+1, out)
			path.pop(1)
		}
	}
}

// headerTokenProblem says what is wrong with an x-mcp-header value, or "".
func headerTokenProblem(v any) string {
	s, ok := v.(string)
	if !ok {
		return "x-mcp-header is " + jsonType(v) + ", not a header name: give an HTTP field name such as \"X-Tenant-Id\""
	}
	if s == "" {
		return "x-mcp-header is empty: give an HTTP field name such as \"X-Tenant-Id\""
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return "x-mcp-header " + quote(s) + " contains a control character: use only letters, digits and !#$%&'*+-.^_`|~"
		}
		if !isTChar(r) {
			return "x-mcp-header " + quote(s) + " contains " + quote(string(r)) + ", which an HTTP field name cannot hold: use only letters, digits and !#$%&'*+-.^_`|~"
		}
	}
	return ""
}

// isTChar reports whether r is an RFC 9110 tchar.
func isTChar(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune("!#$%&'*+-.^_`|~", r)
}
