package diffcheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleHeadInvalid replaces the verdicts derived from a place where the head
// schema is invalid (see NotComparedWhereInvalid).
var RuleHeadInvalid = compatRule{
	ID: "compat.tool.head-schema-invalid", Level: rules.May, Severity: rules.Notice,
	Title:   "not compared: head schema invalid",
	Summary: "the head schema is valid where it is compared",
	Doc:     "Where the head schema is invalid (a validation error such as `\"type\": \"integr\"`), a comparison would report what the typo does, not what the change means (a typo is not a break). The verdicts at that place and below it are replaced by one notice; the validation error says what to fix. Where the base had the same validation error (a pre-existing finding), the verdicts stay: the typo is not the change. The notice is not counted as breaking and not listed by `changelog`.",
	Fix:     "fix the validation error; the change is compared again on the next run",
}.rule()

// schemaValued are the keywords whose value is one schema; schemaMaps
// those whose value maps names to schemas; schemaLists those whose value
// is a list of schemas.
var (
	schemaValued = map[string]bool{"inputSchema": true, "outputSchema": true, "items": true, "additionalProperties": true,
		"not": true, "if": true, "then": true, "else": true, "contains": true, "propertyNames": true,
		"unevaluatedProperties": true, "unevaluatedItems": true, "additionalItems": true}
	schemaMaps  = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}
	schemaLists = map[string]bool{"anyOf": true, "oneOf": true, "allOf": true, "prefixItems": true, "items": true}
)

// schemaAt returns the pointer of the schema object that holds the
// keyword ptr names (ptr itself when it names a schema), by the
// keywords on its way from the tool's inputSchema or outputSchema;
// false when ptr is not inside one.
func schemaAt(ptr string) (string, bool) {
	toks := strings.Split(ptr, "/")
	start := -1
	for i, t := range toks {
		if t == "inputSchema" || t == "outputSchema" {
			start = i
			break
		}
	}
	if start < 0 {
		return "", false
	}
	end := start // toks[:end+1] is a schema
	for i := start + 1; i < len(toks); {
		t := source.UnescapeToken(toks[i])
		switch {
		case schemaMaps[t] && i+1 < len(toks):
			i += 2
		case schemaLists[t] && i+1 < len(toks) && isIndex(toks[i+1]):
			i += 2
		case schemaValued[t]:
			i++
		default:
			return strings.Join(toks[:end+1], "/"), true
		}
		end = i - 1
	}
	return strings.Join(toks[:end+1], "/"), true
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// NotComparedWhereInvalid replaces the compat findings whose head pointer
// lies at or below a schema that a finding of rule invalid (the head
// schema's validation error) says is invalid: the verdicts there judge the
// typo, not the change. Each such place with a replaced finding gets one
// notice of RuleHeadInvalid instead. Other findings are kept in order.
func NotComparedWhereInvalid(findings []report.Finding, invalid string) []report.Finding {
	type place struct{ file, ptr string }
	bad := map[place]report.Finding{}
	for _, f := range findings {
		// only an error says the schema is invalid: a reference to another
		// document (a warning) or a bound (incomplete) does not. An error
		// the base already had (pre-existing, so it does not fail the run)
		// is not the change: the verdicts below it judge the change against
		// the same typo and stay, or a break there would pass unseen.
		if f.Rule != invalid || f.Severity != rules.Error || f.Incomplete || f.PreExisting {
			continue
		}
		if s, ok := schemaAt(f.Pointer); ok {
			bad[place{f.File, s}] = f
		}
	}
	if len(bad) == 0 {
		return findings
	}
	hit := map[place]report.Finding{}
	out := findings[:0:0]
	for _, f := range findings {
		// an undecidable change (an external $ref, a $dynamicRef) stays:
		// it marks the report incomplete, and the gate fails closed on it.
		if strings.HasPrefix(f.Rule, "compat.") && f.Rule != RuleHeadInvalid.ID && !f.Incomplete {
			if p, ok := under(f, func(ptr string) bool { _, ok := bad[place{f.File, ptr}]; return ok }); ok {
				if _, seen := hit[place{f.File, p}]; !seen {
					hit[place{f.File, p}] = f
				}
				continue
			}
		}
		out = append(out, f)
	}
	keys := make([]place, 0, len(hit))
	for k := range hit {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].file+"\x00"+keys[i].ptr < keys[j].file+"\x00"+keys[j].ptr })
	for _, k := range keys {
		v, f := bad[k], hit[k]
		rel := strings.TrimPrefix(k.ptr, f.ToolPointer)
		at := fmt.Sprintf("at %q", rel)
		if rel == "" {
			at = "here"
		}
		out = append(out, report.Finding{Rule: RuleHeadInvalid.ID, Severity: RuleHeadInvalid.Severity, File: k.file, Pointer: k.ptr,
			Line: v.Line, Column: v.Column, Tool: f.Tool, ToolPointer: f.ToolPointer, Fingerprint: report.Fingerprint(RuleHeadInvalid.ID, f.Tool, rel),
			Message: fmt.Sprintf("not compared %s: the head schema is invalid here, so the change was not judged; fix the validation error first", at)})
	}
	return out
}

// under returns the ancestor-or-self pointer of f's that isBad holds.
func under(f report.Finding, isBad func(string) bool) (string, bool) {
	p := f.Pointer
	for {
		if isBad(p) {
			return p, true
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			return "", false
		}
		p = p[:i]
	}
}
