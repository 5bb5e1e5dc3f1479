package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about the structure of an MCP Description document around its tools.
// They apply only to files whose root holds "mcpdesc"; tools/list results,
// arrays and single-tool snapshots are not held to them.
var (
	RuleDocVersion = rules.New(rules.Rule{
		ID: "mcpdesc.document.version", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "unknown mcpdesc version",
		Summary: "the mcpdesc member names a known MCP Description version",
		Doc:     "MCP Description 0.8.0 sections 3.2, 4.1 and 4.8: every document has a root mcpdesc string naming the specification version it conforms to, and implementations reject an unrecognised version. mcpschema knows \"0.8.0\" and \"0.9.0\". In YAML, write it as a string (0.8.0 is read as one; 0.9 would be a number).",
		Fix:     "set \"mcpdesc\": \"0.8.0\" (or \"0.9.0\")",
	})
	RuleDocInfo = rules.New(rules.Rule{
		ID: "mcpdesc.document.info", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "info missing or malformed",
		Summary: "an MCP Description document has an info object with a string name and version",
		Doc:     "MCP Description 0.8.0 sections 3.2, 3.9 and 4.10: info, the Info Object, is required at the root; it is unscoped document-wide metadata and holds at least the server's name and version, both strings (in YAML quote a version such as \"1.0\", which would otherwise be a number).",
		Fix:     "add \"info\": {\"name\": \"<server>\", \"version\": \"<version>\"} at the root",
	})
	RuleDocVersions = rules.New(rules.Rule{
		ID: "mcpdesc.document.protocol-versions", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad root protocolVersions",
		Summary: "the root protocolVersions is a non-empty list of unique known MCP versions",
		Doc:     "MCP Description 0.8.0 sections 3.2 and 4.9: the root protocolVersions is required, non-empty, holds unique values, and every value is one of 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25 and 2026-07-28; an unknown or later revision is invalid because the specification cannot validate its semantics. In YAML the unquoted 2026-07-28 is read as the string.",
		Fix:     "list the MCP protocol versions the document describes, for example \"protocolVersions\": [\"2025-11-25\", \"2026-07-28\"]",
	})
	RuleDocCollection = rules.New(rules.Rule{
		ID: "mcpdesc.document.collection", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad declaration collection",
		Summary: "a present declaration collection has the right type and is not empty",
		Doc:     "MCP Description 0.8.0 section 3.3: an optional ordinary collection (root tools, transports, capabilities, resources, resourceTemplates, prompts, tags, securitySchemes, the components object and its namespaces, a tool's icons, tags and elicitations, info.icons) MUST contain at least one entry when present, and a consumer MUST reject a present empty collection. A producer omits it instead. Embedded JSON Schemas and literal example values are not constrained.",
		Fix:     "remove the empty collection, or add its entries",
	})
	RuleDocUnknown = rules.New(rules.Rule{
		ID: "mcpdesc.document.unknown-property", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "unknown property",
		Summary: "closed MCP Description objects hold only defined properties and x-* extensions",
		Doc:     "MCP Description 0.8.0 sections 3.7, 3.8, 9.1 and 9.3: properties not defined by the specification and not matching ^x- MUST NOT appear on the root or another closed object (the Tool Object and the Tool Example Object among them), and implementations MUST reject them. A misspelt member (inputschema, outputschema, example) is otherwise silently ignored.",
		Fix:     "remove the property, fix its spelling, or rename it with an x- prefix to keep it as an extension",
	})
)

var (
	rootFields = []string{"$schema", "mcpdesc", "info", "protocolVersions", "instructions", "transports", "securitySchemes",
		"security", "components", "capabilities", "tools", "resources", "resourceTemplates", "prompts", "tags"}
	toolFields = []string{"protocolVersions", "name", "title", "description", "inputSchema", "outputSchema", "annotations",
		"execution", "examples", "interactionExamples", "icons", "tags", "elicitations", "deprecated", "_meta", "security", "clientRequirements"}
	// rootArrays and rootMaps are the root collections that must not be empty.
	rootArrays = []string{"transports", "capabilities", "tools", "resources", "resourceTemplates", "prompts", "tags"}
	rootMaps   = []string{"securitySchemes", "components"}
	toolArrays = []string{"icons", "tags", "elicitations"}
)

// knownDescVersions are the MCP Description versions mcpschema reads.
var knownDescVersions = []string{"0.8.0", "0.9.0"}

// closedObjects reports whether the file is an MCP Description document, the
// only shape held to the document-structure rules.
func closedObjects(fc *FileContext) bool { return fc.File.Shape == source.ShapeDescription }

// checkDocument checks the root of an MCP Description document.
func checkDocument(fc *FileContext) {
	root, ok := fc.File.Root.(map[string]any)
	if !ok || !closedObjects(fc) {
		return
	}
	switch v := root["mcpdesc"].(type) {
	case string:
		if !contains(knownDescVersions, v) {
			fc.Report(RuleDocVersion, "/mcpdesc", nil, "mcpdesc version %q is not one mcpschema knows: use %s", v, quoteAlternatives(knownDescVersions))
		}
	default:
		fc.Report(RuleDocVersion, "/mcpdesc", nil, "mcpdesc is %s, not a version string: write it as \"0.8.0\" (quoted in YAML when needed)", jsonType(v))
	}
	switch info, has := root["info"]; {
	case !has:
		fc.Report(RuleDocInfo, "", nil, "document has no \"info\": add \"info\": {\"name\": \"<server>\", \"version\": \"<version>\"} at the root")
	default:
		if obj, isObj := info.(map[string]any); isObj {
			checkInfo(fc, obj)
		} else {
			fc.Report(RuleDocInfo, "/info", nil, "info is %s, not an object: write it as {\"name\": \"<server>\", \"version\": \"<version>\"}", jsonType(info))
		}
	}
	checkRootVersions(fc, root)
	for _, k := range rootArrays {
		checkCollection(fc, root, "", k, false)
	}
	for _, k := range rootMaps {
		checkCollection(fc, root, "", k, true)
	}
	if comp, ok := root["components"].(map[string]any); ok {
		checkComponentNamespaces(fc, comp)
		for _, ns := range sortedKeys(comp) {
			if !isExtension(ns) {
				checkCollection(fc, comp, "/components", ns, true)
			}
		}
	}
	reportUnknownMembers(fc, root, "", rootFields, "document root")
}

// checkRootVersions checks the root protocolVersions.
func checkRootVersions(fc *FileContext, root map[string]any) {
	raw, has := root["protocolVersions"]
	const ptr = "/protocolVersions"
	if !has {
		fc.Report(RuleDocVersions, "", nil, "document has no \"protocolVersions\": list the MCP protocol versions it describes, for example [\"2025-11-25\", \"2026-07-28\"]")
		return
	}
	list, ok := raw.([]any)
	if !ok {
		fc.Report(RuleDocVersions, ptr, nil, "protocolVersions is %s, not an array: list the MCP protocol versions the document describes", jsonType(raw))
		return
	}
	if len(list) == 0 {
		fc.Report(RuleDocVersions, ptr, nil, "protocolVersions is empty: list at least one of %s", quoteAlternatives(rules.ProtocolVersions))
		return
	}
	seen := map[string]bool{}
	for i, e := range list {
		ep := ptr + "/" + itoa(i)
		s, isStr := e.(string)
		switch {
		case !isStr:
			fc.Report(RuleDocVersions, ep, nil, "protocol version is %s, not a string: write it as a version such as \"2025-11-25\"", jsonType(e))
		case seen[s]:
			fc.Report(RuleDocVersions, ep, nil, "protocol version %q is listed twice: remove the repeat", s)
		case !rules.IsProtocolVersion(s):
			fc.Report(RuleDocVersions, ep, nil, "protocol version %q is not one MCP Description 0.8.0 knows: use %s", s, quoteAlternatives(rules.ProtocolVersions))
		}
		if isStr {
			seen[s] = true
		}
	}
}

// checkCollection reports a present collection of the wrong type or empty.
func checkCollection(fc *FileContext, parent map[string]any, ptr, key string, isMap bool) {
	v, has := parent[key]
	if !has {
		return
	}
	p := source.Join(ptr, key)
	kind, n := "", 0
	switch v := v.(type) {
	case []any:
		kind, n = "array", len(v)
	case map[string]any:
		kind, n = "map", len(v)
	}
	want, article := "array", "an"
	if isMap {
		want, article = "map", "a"
	}
	switch {
	case kind != want:
		fc.Report(RuleDocCollection, p, nil, "%q is %s, not %s %s: write it as a non-empty %s or remove it", key, jsonType(v), article, want, want)
	case n == 0:
		fc.Report(RuleDocCollection, p, nil, "%q is empty, which MCP Description forbids for a present collection: remove it or add its entries", key)
	}
}

// checkToolClosed checks a document tool's members and collections.
func checkToolClosed(c *ToolContext) {
	if c.Tool.Value == nil || !closedObjects(c.FileContext) {
		return
	}
	reportUnknownMembers(c.FileContext, c.Tool.Value, c.Tool.Pointer, toolFields, "tool")
	for _, k := range toolArrays {
		checkCollection(c.FileContext, c.Tool.Value, c.Tool.Pointer, k, false)
	}
}

// reportUnknownMembers reports members of a closed object that are neither
// defined nor x-* extensions.
func reportUnknownMembers(fc *FileContext, obj map[string]any, ptr string, known []string, what string) {
	for _, k := range sortedKeys(obj) {
		if contains(known, k) || isExtension(k) {
			continue
		}
		if k == componentRefKey {
			fc.Report(RuleDocUnknown, source.Join(ptr, k), nil,
				"the %s holds a $componentRef, but MCP Description allows Reference Objects only in place of a whole schema or example: write the value inline", what)
			continue
		}
		if k == "$ref" {
			fc.Report(RuleDocUnknown, source.Join(ptr, k), nil,
				"the %s holds \"$ref\", which belongs to JSON Schema and is never an MCP Description reference: where a Reference Object may stand (a whole schema or example), write {\"$componentRef\": \"#/components/<namespace>/<name>\"}; otherwise write the value inline", what)
			continue
		}
		fc.Report(RuleDocUnknown, source.Join(ptr, k), nil,
			"unknown property %q on the %s: MCP Description does not define it; remove it, fix its spelling, or rename it %q to keep it as an extension", k, what, "x-"+k)
	}
}
