package validate

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about the protocol versions a tool applies to.
var (
	RuleToolScope = rules.New(rules.Rule{
		ID: "mcpdesc.tool.protocol-scope", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad tool protocolVersions",
		Summary: "a tool's protocolVersions is a non-empty subset of the document's",
		Doc: "MCP Description 0.8.0 section 4.10: a tool's effective scope is its explicit protocolVersions when present and the root's otherwise; an explicit scope MUST be a non-empty array of unique known protocol versions and a subset of the root protocolVersions. " +
			"A version outside the root set is not described by the document, so the tool is checked only for the versions it shares with the root. Checked in MCP Description documents only.",
		Fix: "remove the versions the document does not declare from the tool's protocolVersions, add them to the root protocolVersions, or drop the tool's protocolVersions to inherit the root's",
	})
	RuleFieldVersion = rules.New(rules.Rule{
		ID: "mcpdesc.tool.field-version", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "field outside its versions",
		Summary: "a tool uses only the fields its protocol versions define",
		Doc: "The MCP Tool type grows by version (MCP schema.ts per version; MCP Description 0.8.0 section 9.1): title, outputSchema and _meta exist from 2025-06-18, annotations from 2025-03-26, icons from 2025-11-25, and execution (taskSupport) only in 2025-11-25 (2026-07-28 moved tasks to an extension). " +
			"Every field of a tool must be valid in every version of its effective scope (section 4.10), so a field a version does not define is an error naming that version; the reference validator calls it field-not-supported-by-version. " +
			"Checked in MCP Description documents only: MCP's own Tool type admits extra members, so a tools/list capture is not held to it.",
		Fix: "remove the field, or narrow the tool's protocolVersions to the versions that define it (split the tool into protocol-scoped variants if needed)",
	})
)

// fieldVersions lists, per tool field, the versions that define it.
var fieldVersions = map[string][]string{
	"title":        versionsFrom("2025-06-18"),
	"outputSchema": versionsFrom("2025-06-18"),
	"_meta":        versionsFrom("2025-06-18"),
	"annotations":  versionsFrom("2025-03-26"),
	"icons":        versionsFrom("2025-11-25"),
	"execution":    {"2025-11-25"},
}

// checkToolScope checks an explicit tool protocolVersions in a document.
func checkToolScope(c *ToolContext) {
	if c.Tool.Value == nil || c.File.Shape != source.ShapeDescription {
		return
	}
	raw, has := c.Tool.Value["protocolVersions"]
	if !has {
		return
	}
	vs := c.FileContext.Versions
	checkScopeList(c, RuleToolScope, raw, c.Ptr("protocolVersions"), vs, "tool",
		"list the versions the tool applies to, or remove it to inherit the document's",
		func(s string) string {
			return fmt.Sprintf("tool protocol version %q is not in the document's protocolVersions %s: add it to the root protocolVersions or remove it from the tool", s, quoteList(vs))
		})
}

// checkFieldVersions reports tool fields that a version in scope does not define.
func checkFieldVersions(c *ToolContext) {
	if c.Tool.Value == nil || !closedObjects(c.FileContext) {
		return
	}
	for _, field := range sortedKeys(c.Tool.Value) {
		defined, known := fieldVersions[field]
		if !known {
			continue
		}
		var missing []string
		for _, v := range c.Versions {
			if !contains(defined, v) {
				missing = append(missing, v)
			}
		}
		missing = intersect(missing, missing)
		if len(missing) == 0 {
			continue
		}
		c.Report(RuleFieldVersion, c.Ptr(field), missing,
			"tool field %q is not defined by %s (it exists in %s): remove it, or narrow the tool's protocolVersions to the versions that define it",
			field, versionsText(missing), quoteList(defined))
	}
}
