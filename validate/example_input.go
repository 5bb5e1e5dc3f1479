package validate

import (
	"strings"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about checking examples against the tool's schemas.
var (
	RuleExampleInput = rules.New(rules.Rule{
		ID: "mcpdesc.tool.example.input", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "example input invalid",
		Summary: "a tool example's input validates against the inputSchema",
		Doc: "MCP Description 0.8.0 sections 9.3 and 9.4: an example's (or interaction example's) input MUST validate against the tool's inputSchema under every applicable protocol version's schema rules; schema-invalid values belong in negative test material, not in examples. " +
			"Each validation error is reported at its exact place inside the example input. For the versions before 2025-11-25, which define no dialect, only the required property names are checked.",
		Fix: "change the example input so that it validates, or fix the inputSchema if the example shows the intended call",
	})
	RuleExampleIncomplete = rules.New(rules.Rule{
		ID: "mcpdesc.tool.example.incomplete", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Title:   "example not fully checked",
		Summary: "a tool example that cannot be fully checked is reported, never passed silently",
		Doc: "MCP Description 0.8.0 sections 9.2 and 9.3: when an example cannot be completely checked against its schema, because the schema has an external $ref that is never fetched, declares a dialect that cannot be used, hits a bound, or the tool's scope includes a protocol version before 2025-11-25 that defines no dialect, validators SHOULD warn that compatibility validation is incomplete and MUST NOT report it as complete. " +
			"The warning says why, and the file is marked as not completely checked.",
		Fix: "make the schema self-contained (local $defs instead of external $ref) and use a supported dialect, or narrow the tool's protocolVersions to 2025-11-25 and later",
	})
)

// checkExampleInput validates the example input against the inputSchema.
func checkExampleInput(c *ToolContext, ex toolExample) {
	input, isObj := ex.value["input"].(map[string]any)
	if !isObj {
		return
	}
	in, inPtr, ok := c.Schema("inputSchema")
	inObj, isSchema := in.(map[string]any)
	if !ok || !isSchema {
		return
	}
	iptr := source.Join(ex.ptr, "input")
	legacy := c.Among(rules.LegacyVersions)
	dialect := c.Among(rules.DialectVersions)
	if len(legacy) > 0 {
		c.ReportFinding(reportFindingAt(RuleExampleIncomplete, ex.ptr, legacy, true,
			"%s cannot be completely checked for %s (no JSON Schema dialect before 2025-11-25): only required properties are checked there; narrow %s to 2025-11-25 and later for a complete check",
			ex.label(), versionsText(legacy), versionsPlace(c)))
		if len(dialect) == 0 {
			legacyRequired(c, ex, inObj, input, iptr, legacy)
		}
	}
	if len(dialect) > 0 {
		validateExample(c, RuleExampleInput, ex, "input", "inputSchema", in, inPtr, input, iptr, dialect)
	}
}

// legacyRequired checks the only input constraint the legacy versions define
// without a dialect: the required property names.
func legacyRequired(c *ToolContext, ex toolExample, schemaObj, input map[string]any, iptr string, vs []string) {
	req, _ := schemaObj["required"].([]any)
	for _, r := range req {
		name, ok := r.(string)
		if !ok {
			continue
		}
		if _, has := input[name]; !has {
			c.Report(RuleExampleInput, iptr, vs,
				"%s input lacks the required property %q: add it to the example input", ex.label(), name)
		}
	}
}

// validateExample validates value (at vptr) against a tool schema and
// reports each error at its place, or a warning when no complete verdict is possible.
func validateExample(c *ToolContext, rule *rules.Rule, ex toolExample, part, key string, sch any, schPtr string, value any, vptr string, vs []string) {
	if c.OutOfTime() {
		return // reported once per file (see reportBudget)
	}
	checked := c.Schemas.Check(sch)
	if checked == nil {
		return
	}
	if checked.Dialect == schema.DialectUnsupported {
		c.ReportFinding(reportFindingAt(RuleExampleIncomplete, vptr, vs, true,
			"%s %s cannot be checked: the %s declares a JSON Schema dialect mcpschema cannot use; declare 2020-12 or draft-07 (or remove \"$schema\")",
			ex.label(), part, key))
		return
	}
	errs, ok := checked.ValidateBy(value, c.Deadline())
	if !ok && c.OutOfTime() {
		return
	}
	if ok && checked.Complete {
		for _, e := range errs {
			c.Report(rule, vptr+e.Pointer, vs,
				"%s %s does not validate against the %s: %s; fix the example or the schema", ex.label(), part, key, strings.TrimSuffix(e.Message, "."))
		}
		return
	}
	reason, limit := incompleteReason(checked, schPtr)
	if !ok && len(errs) == 1 && errs[0].Pointer == "" && errs[0].Message != "" {
		reason, limit = errs[0].Message, errs[0].Limit // why the engine gave no verdict (a time bound)
	}
	f := reportFindingAt(RuleExampleIncomplete, vptr, vs, true,
		"%s %s cannot be completely checked against the %s: %s", ex.label(), part, key, reason)
	f.Limit = limit
	c.ReportFinding(f)
}

// incompleteReason explains why a schema gave no complete verdict, and
// names the configured bound crossed when that is why.
func incompleteReason(checked *schema.Checked, schPtr string) (string, limits.Key) {
	var ext []string
	bound, bounded, invalid := limits.Key(""), false, false
	for _, p := range checked.Problems {
		switch p.Kind {
		case schema.SchemaExternalRef:
			ext = append(ext, schPtr+p.Pointer)
		case schema.SchemaBound:
			if bound == "" {
				bound = p.Limit
			}
			bounded = true
		case schema.SchemaInvalid, schema.SchemaUnresolvedRef:
			invalid = true
		}
	}
	switch {
	case len(ext) > 0:
		return "it has an external $ref (at " + quoteList(ext) + ") that mcpschema never fetches; make the schema self-contained with local $defs", ""
	case bounded:
		return "the schema exceeds a configured bound; simplify it or raise the bound under limits: in .mcpschema.yaml", bound
	case invalid:
		return "the schema itself is not valid; fix the schema first", ""
	}
	return "the schema engine gave no verdict for this schema; simplify the schema", ""
}
