package validate

import (
	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules for tool schemas under the protocol versions that define no JSON Schema dialect.
var (
	RuleLegacyShape = rules.New(rules.Rule{
		ID: "mcp.tool.schema.legacy-shape", Owner: "mcp", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2024-11-05", "2025-03-26", "2025-06-18"},
		Title:    "schema shape not allowed (legacy versions)",
		Summary:  "a tool schema has the object shape the pre-dialect protocol versions define",
		Doc: "MCP 2024-11-05, 2025-03-26 and 2025-06-18 define the Tool schemas as {type: \"object\", properties?: {[key]: object}, required?: string[]} and name no JSON Schema dialect (schema.ts, interface Tool). " +
			"MCP Description 0.8.0 section 9.2: for those versions validators MUST enforce that shape without inferring a dialect: the root declares \"type\": \"object\" (outputSchema too, which exists from 2025-06-18), properties, when present, is an object whose values are objects, and required, when present, is an array of strings. " +
			"Other keywords are preserved and never judged by a meta-schema.",
		Fix: "give the schema root \"type\": \"object\", make properties an object of schema objects and required an array of property names, or narrow the tool's protocolVersions",
	})
	RuleLegacyDialect = rules.New(rules.Rule{
		ID: "mcpdesc.tool.schema.legacy-dialect", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2024-11-05", "2025-03-26", "2025-06-18"},
		Title:    "$schema on a legacy version",
		Summary:  "a tool schema declares no $schema for protocol versions before 2025-11-25",
		Doc:      "MCP Description 0.8.0 section 9.2: the revisions before MCP 2025-11-25 \"do not define\" $schema on Tool schemas, so a declared dialect cannot apply to them; the reference validator reports it as field-not-supported-by-version. From 2025-11-25 $schema MAY declare the dialect. Checked in MCP Description documents only: MCP's own schema for those versions does not reject the extra member.",
		Fix:      "remove \"$schema\" from the tool schema, or narrow the tool's protocolVersions to 2025-11-25 and later",
	})
	RuleLegacyIncomplete = rules.New(rules.Rule{
		ID: "mcpdesc.protocol.legacy-validation-incomplete", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Also: []rules.Severity{rules.Notice}, Varies: "notice in a snapshot, whose server negotiated the version",
		Versions: []string{"2024-11-05", "2025-03-26"},
		Title:    "legacy versions not fully checked",
		Summary:  "validation is incomplete for the legacy protocol versions 2024-11-05 and 2025-03-26",
		Doc: "MCP Description: complete revision-specific semantic validation begins with MCP 2025-06-18; MCP 2024-11-05 and 2025-03-26 remain recognised legacy compatibility revisions, and validators SHOULD warn that validation is incomplete and MUST NOT report it as complete. mcpschema warns once per file (at the root protocolVersions when declared there, otherwise at the tool that declares them) and marks the file as not completely checked. " +
			"In a snapshot written by mcpschema snapshot (a tools/list result with a root protocolVersions, or an MCP Description document whose root x-mcpschema-snapshot extension names the one version its protocolVersions holds) the version is the one the server negotiated, not one the user chose: there it is a notice that says so.",
		Fix: "drop 2024-11-05 and 2025-03-26 from where the versions are set (protocolVersions, --protocol-version or protocol-versions in the config) once clients no longer need them, or accept the warning",
	})
)

// checkLegacyShape applies the shape-only rules to both schemas.
func checkLegacyShape(c *ToolContext) {
	legacy := c.Among(rules.LegacyVersions)
	if len(legacy) == 0 {
		return
	}
	if in, ptr, ok := c.Schema("inputSchema"); ok {
		if obj, isObj := in.(map[string]any); isObj {
			legacySchema(c, "inputSchema", obj, ptr, legacy)
		}
	}
	// outputSchema exists from 2025-06-18; earlier versions are reported by mcpdesc.tool.field-version.
	if outVs := c.Among([]string{"2025-06-18"}); len(outVs) > 0 {
		if out, ptr, ok := c.Schema("outputSchema"); ok {
			if obj, isObj := out.(map[string]any); isObj {
				legacySchema(c, "outputSchema", obj, ptr, outVs)
			}
		}
	}
}

// legacySchema checks one schema object for the legacy versions vs.
func legacySchema(c *ToolContext, key string, schema map[string]any, ptr string, vs []string) {
	if d, ok := schema["$schema"]; ok && closedObjects(c.FileContext) {
		c.Report(RuleLegacyDialect, joinPtr(ptr, "$schema"), vs,
			"%s declares \"$schema\" %s, a field %s does not define on tool schemas: remove it, or narrow %s to 2025-11-25 and later",
			key, compactJSON(d), versionsText(vs), versionsPlace(c))
	}
	switch t, has := schema["type"]; {
	case !has:
		c.Report(RuleLegacyShape, ptr, vs,
			"%s has no root \"type\", but %s \"type\": \"object\": add it at the schema root", key, versionsRequire(vs))
	case t != "object":
		c.Report(RuleLegacyShape, joinPtr(ptr, "type"), vs,
			"%s root \"type\" is %s, but %s \"object\": set \"type\": \"object\"", key, compactJSON(t), versionsRequire(vs))
	}
	if p, has := schema["properties"]; has {
		props, ok := p.(map[string]any)
		if !ok {
			c.Report(RuleLegacyShape, joinPtr(ptr, "properties"), vs,
				"%s \"properties\" is %s, but %s an object of property schemas: make it an object", key, jsonType(p), versionsRequire(vs))
		}
		for _, name := range sortedKeys(props) {
			if _, isObj := props[name].(map[string]any); !isObj {
				c.Report(RuleLegacyShape, joinPtr(ptr, "properties", name), vs,
					"%s property %q is %s, but %s an object for each properties value: use a schema object such as {}", key, name, jsonType(props[name]), versionsRequire(vs))
			}
		}
	}
	if r, has := schema["required"]; has {
		list, ok := r.([]any)
		if !ok {
			c.Report(RuleLegacyShape, joinPtr(ptr, "required"), vs,
				"%s \"required\" is %s, but %s an array of property names: write it as [%s]", key, jsonType(r), versionsRequire(vs), compactJSON(r))
		}
		for i, e := range list {
			if _, isStr := e.(string); !isStr {
				c.Report(RuleLegacyShape, joinPtr(ptr, "required")+"/"+itoa(i), vs,
					"%s \"required\" entry is %s, but %s property names as strings: write the name as a string", key, jsonType(e), versionsRequire(vs))
			}
		}
	}
}

// checkLegacyIncomplete warns once per file whose scope includes 2024-11-05 or 2025-03-26.
func checkLegacyIncomplete(fc *FileContext) {
	if vs := intersect(fc.Versions, RuleLegacyIncomplete.Versions); len(vs) > 0 {
		ptr := ""
		if fc.File.VersionsDeclared {
			ptr = "/protocolVersions"
		}
		if isSnapshot(fc, vs) {
			// a snapshot (`mcpschema snapshot`) records the version the
			// server negotiated: the server chose it, there is nothing to drop.
			f := reportFindingAt(RuleLegacyIncomplete, ptr, vs, true,
				"validation is incomplete for the legacy %s, which the server negotiated for this snapshot: mcpschema checks only the tool shape it defines; the server chose it, so there is nothing to drop here (a server that supports a newer version negotiates it with a newer client)", versionsText(vs))
			f.Severity = rules.Notice
			fc.ReportFinding(f)
			return
		}
		legacyIncomplete(fc, ptr, vs, fileVersionsPlace(fc))
		return
	}
	for _, tc := range fc.Tools {
		if vs := tc.Among(RuleLegacyIncomplete.Versions); len(vs) > 0 {
			legacyIncomplete(fc, tc.Ptr("protocolVersions"), vs, "the tool's protocolVersions")
			return
		}
	}
}

// isSnapshot says whether the file is a snapshot whose root
// protocolVersions is the one version the server negotiated, and the
// legacy versions vs are that one: a JSON snapshot (a tools/list result
// with a root protocolVersions), or an MCP Description document whose
// mcpdesc.SnapshotMarker names the version its protocolVersions holds alone.
func isSnapshot(fc *FileContext, vs []string) bool {
	if !fc.File.VersionsDeclared {
		return false
	}
	switch fc.File.Shape {
	case source.ShapeListResult:
		return true
	case source.ShapeDescription:
		root, _ := fc.File.Root.(map[string]any)
		marker, _ := root[mcpdesc.SnapshotMarker].(map[string]any)
		v, _ := marker["protocolVersion"].(string)
		declared, _ := root["protocolVersions"].([]any)
		return v != "" && len(declared) == 1 && declared[0] == v && len(vs) == 1 && vs[0] == v
	}
	return false
}

// legacyIncomplete warns that vs are checked incompletely; place names
// where they were set (see versionsPlace), never a field the user did not write.
func legacyIncomplete(fc *FileContext, ptr string, vs []string, place string) {
	fc.ReportFinding(reportFindingAt(RuleLegacyIncomplete, ptr, vs, true,
		"validation is incomplete for the legacy %s: mcpschema checks only the tool shape those versions define, so drop them from %s once clients no longer need them", versionsText(vs), place))
}
