package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about Elicitation Declarations on tools, resources, resource
// templates and prompts.
var (
	RuleElicitationDecl = rules.New(rules.Rule{
		ID: "mcpdesc.elicitation.declaration", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "malformed elicitation",
		Summary: "every elicitation declaration has a unique name, a mode, a message and the members its mode requires",
		Doc: "MCP Description 0.8.0 sections 12.2 to 12.4: an Elicitation Declaration Object has name (^[A-Za-z0-9._-]+$, unique within the primitive), mode \"form\" or \"url\" (required even where MCP lets it default) and a non-empty message; when, onDecline and onCancel are non-empty strings when present. " +
			"form mode requires requestedSchema (an object or a $componentRef to #/components/schemas/<name>) and has no url; url mode has no requestedSchema, and its url, when present, is a syntactically valid URI (never fetched). Other members than those defined and x-* are mcpdesc.document.unknown-property.",
		Fix: "give the declaration a name, mode and message, requestedSchema for form mode, and no requestedSchema for url mode",
	})
	RuleElicitationVersion = rules.New(rules.Rule{
		ID: "mcpdesc.elicitation.version", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Versions: []string{"2025-06-18"},
		Title:    "url elicitation outside its versions",
		Summary:  "a url-mode elicitation declaration applies only to versions that define url mode",
		Doc:      "MCP Description 0.8.0 section 12.5: MCP 2025-06-18 supports form mode only; 2025-11-25 and 2026-07-28 support form and url modes. A declaration spanning several revisions MUST satisfy each. 2024-11-05 and 2025-03-26 keep the legacy incomplete-validation treatment and are not judged.",
		Fix:      "narrow the declaration's protocolVersions to 2025-11-25 and later, or use form mode",
	})
	RuleElicitationSchema = rules.New(rules.Rule{
		ID: "mcpdesc.elicitation.schema", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "requestedSchema not allowed",
		Summary: "a form elicitation's requestedSchema is a flat object of the primitive schemas every version in scope allows",
		Doc: "MCP Description 0.8.0 section 12.3 and the MCP elicitation schema per version: requestedSchema has type \"object\" and properties of string (minLength, maxLength, format email, uri, date or date-time, enum with optional enumNames), number or integer (minimum, maximum) and boolean schemas, with title and description. " +
			"2025-11-25 and 2026-07-28 add defaults for every primitive, titled single-select enums (oneOf of {const, title}) and multi-select arrays (items with enum or anyOf); 2025-06-18 allows a default only on booleans and defines no $schema. Nested objects and other keywords are invalid. " +
			"required names declared properties, enumNames has one name per enum value, a default is one of the choices, and a minimum does not exceed its maximum. A $componentRef is resolved first.",
		Fix: "keep requestedSchema a flat object of primitive properties with the keywords the versions in scope define",
	})
)

var elicitationFields = []string{"name", "mode", "message", "when", "requestedSchema", "url", "onDecline", "onCancel", "protocolVersions"}

// checkElicitations checks the elicitations of every primitive.
func checkElicitations(fc *FileContext) {
	if _, ok := docRoot(fc); !ok {
		return
	}
	for _, tc := range fc.Tools {
		if tc.Tool.Value != nil {
			checkElicitationList(fc, tc, decl{obj: tc.Tool.Value, ptr: tc.Tool.Pointer, versions: tc.Versions}, "tool")
		}
	}
	for _, key := range []string{"resources", "resourceTemplates", "prompts"} {
		for _, d := range rootDecls(fc, key) {
			checkElicitationList(fc, fc, d, singular(key))
		}
	}
}

// checkElicitationList checks one primitive's elicitations array.
func checkElicitationList(fc *FileContext, rep reporter, p decl, what string) {
	list, _ := p.obj["elicitations"].([]any)
	names := map[string]bool{}
	for i, e := range list {
		ptr := source.Join(p.ptr, "elicitations", itoa(i))
		obj, ok := e.(map[string]any)
		if !ok {
			rep.Report(RuleElicitationDecl, ptr, nil, "%s elicitation declaration is %s, not an object", what, jsonType(e))
			continue
		}
		vs := declScope(fc, obj, ptr, p.versions, "elicitation declaration", "containing "+what+"'s")
		reportUnknownMembers(fc, obj, ptr, elicitationFields, "elicitation declaration")
		label := "elicitation declaration"
		if name, ok := memberString(rep, RuleElicitationDecl, obj, ptr, "name", label, true, true); ok {
			label += " " + quote(name)
			if !exampleNameRe.MatchString(name) {
				rep.Report(RuleElicitationDecl, source.Join(ptr, "name"), nil, "%s name does not match ^[A-Za-z0-9._-]+$: rename it using only letters, digits, ., _ and -", label)
			}
			if names[name] {
				rep.Report(RuleElicitationDecl, source.Join(ptr, "name"), nil, "%s is declared twice on the %s: rename or remove the repeat", label, what)
			}
			names[name] = true
		}
		memberString(rep, RuleElicitationDecl, obj, ptr, "message", label, true, true)
		for _, k := range []string{"when", "onDecline", "onCancel"} {
			memberString(rep, RuleElicitationDecl, obj, ptr, k, label, false, true)
		}
		mode, hasMode := obj["mode"]
		_, hasSchema := obj["requestedSchema"]
		_, hasURL := obj["url"]
		switch mode {
		case "form":
			if !hasSchema {
				rep.Report(RuleElicitationDecl, ptr, nil, "%s is form mode but has no \"requestedSchema\": add the schema of the form", label)
			} else {
				checkRequestedSchema(fc, rep, obj["requestedSchema"], source.Join(ptr, "requestedSchema"), vs, label)
			}
			if hasURL {
				rep.Report(RuleElicitationDecl, source.Join(ptr, "url"), nil, "%s is form mode but has \"url\": remove it, or use url mode", label)
			}
		case "url":
			if hasSchema {
				rep.Report(RuleElicitationDecl, source.Join(ptr, "requestedSchema"), nil, "%s is url mode but has \"requestedSchema\": remove it, or use form mode", label)
			}
			if u, ok := memberString(rep, RuleElicitationDecl, obj, ptr, "url", label, false, false); ok {
				if prob := uriProblem(u); prob != "" {
					rep.Report(RuleElicitationDecl, source.Join(ptr, "url"), nil, "%s url %q %s: give a valid URI, or omit it when the URL is chosen at run time", label, u, prob)
				}
			}
			if contains(vs, "2025-06-18") {
				rep.Report(RuleElicitationVersion, source.Join(ptr, "mode"), []string{"2025-06-18"}, "%s is url mode, which protocol version \"2025-06-18\" does not define: narrow its protocolVersions to 2025-11-25 and later, or use form mode", label)
			}
		default:
			if !hasMode {
				rep.Report(RuleElicitationDecl, ptr, nil, "%s has no \"mode\": add \"mode\": \"form\" or \"url\"", label)
			} else {
				rep.Report(RuleElicitationDecl, source.Join(ptr, "mode"), nil, "%s mode is %s: use \"form\" or \"url\"", label, compactJSON(mode))
			}
		}
	}
}

// checkRequestedSchema resolves and checks a form elicitation's schema.
func checkRequestedSchema(fc *FileContext, rep reporter, raw any, ptr string, vs []string, label string) {
	if ref, isRef := componentRef(raw); isRef {
		reportRefSiblings(rep, RuleElicitationDecl, raw.(map[string]any), ptr, label+" requestedSchema")
		r := fc.followComponent(ref, "schemas")
		if r.Problem != source.RefOK {
			fc.reportRefProblem(rep, RuleElicitationDecl, source.Join(ptr, componentRefKey), label+" requestedSchema", "schemas", r)
			return
		}
		raw, ptr = r.Value, r.Pointer
	}
	sch, ok := raw.(map[string]any)
	if !ok {
		rep.Report(RuleElicitationSchema, ptr, nil, "%s requestedSchema is %s, not an object schema", label, jsonType(raw))
		return
	}
	if sch["type"] != "object" {
		rep.Report(RuleElicitationSchema, ptr, nil, "%s requestedSchema has no \"type\": \"object\": an elicitation form is a flat object", label)
	}
	reportSchemaKeywords(fc, rep, sch, ptr, []string{"type", "properties", "required", "title", "description", "$schema"}, label+" requestedSchema")
	if _, has := sch["$schema"]; has && contains(vs, "2025-06-18") {
		rep.Report(RuleElicitationSchema, source.Join(ptr, "$schema"), []string{"2025-06-18"}, "%s requestedSchema has \"$schema\", which protocol version \"2025-06-18\" does not define for elicitation: remove it", label)
	}
	props, _ := sch["properties"].(map[string]any)
	for _, name := range sortedKeys(props) {
		checkFormProperty(fc, rep, props[name], source.Join(ptr, "properties", name), vs, label+" property "+quote(name))
	}
	req, _ := sch["required"].([]any)
	for i, r := range req {
		if s, ok := r.(string); !ok || props[s] == nil {
			rep.Report(RuleElicitationSchema, source.Join(ptr, "required", itoa(i)), nil, "%s requestedSchema requires %s, which properties does not declare: declare it in properties, or remove it from required", label, compactJSON(r))
		}
	}
}

// reportSchemaKeywords reports schema keywords outside allowed.
func reportSchemaKeywords(fc *FileContext, rep reporter, sch map[string]any, ptr string, allowed []string, what string) {
	for _, k := range sortedKeys(sch) {
		if !contains(allowed, k) {
			rep.Report(RuleElicitationSchema, source.Join(ptr, k), nil, "%s uses %q, which the restricted elicitation schema does not allow: remove it", what, k)
		}
	}
}

// checkFormProperty checks one property of a form schema.
func checkFormProperty(fc *FileContext, rep reporter, raw any, ptr string, vs []string, what string) {
	p, ok := raw.(map[string]any)
	if !ok {
		rep.Report(RuleElicitationSchema, ptr, nil, "%s is %s, not a primitive schema object", what, jsonType(raw))
		return
	}
	old := intersect(vs, []string{"2025-06-18"})
	common := []string{"type", "title", "description", "default"}
	t, _ := p["type"].(string)
	switch t {
	case "string":
		reportSchemaKeywords(fc, rep, p, ptr, append(common, "minLength", "maxLength", "format", "enum", "enumNames", "oneOf"), what)
		if f, has := p["format"]; has && !contains([]string{"email", "uri", "date", "date-time"}, toString(f)) {
			rep.Report(RuleElicitationSchema, source.Join(ptr, "format"), nil, "%s format %s is not one elicitation allows: use \"email\", \"uri\", \"date\" or \"date-time\"", what, compactJSON(f))
		}
		checkMinMax(fc, rep, p, ptr, "minLength", "maxLength", what)
		enum, hasEnum := p["enum"].([]any)
		if names, has := p["enumNames"].([]any); has && (!hasEnum || len(names) != len(enum)) {
			rep.Report(RuleElicitationSchema, source.Join(ptr, "enumNames"), nil, "%s enumNames has %d names for %d enum values: give one display name per value", what, len(names), len(enum))
		}
		if _, has := p["oneOf"]; has && len(old) > 0 {
			rep.Report(RuleElicitationSchema, source.Join(ptr, "oneOf"), old, "%s uses a titled oneOf enum, which protocol version \"2025-06-18\" does not define: use enum with enumNames, or narrow the protocolVersions", what)
		}
		if d, has := p["default"]; has && hasEnum && !containsValue(enum, d) {
			rep.Report(RuleElicitationSchema, source.Join(ptr, "default"), nil, "%s default %s is not one of its enum values: use one of the enum values, or remove the default", what, compactJSON(d))
		}
	case "number", "integer":
		reportSchemaKeywords(fc, rep, p, ptr, append(common, "minimum", "maximum"), what)
		checkMinMax(fc, rep, p, ptr, "minimum", "maximum", what)
	case "boolean":
		reportSchemaKeywords(fc, rep, p, ptr, common, what)
	case "array":
		reportSchemaKeywords(fc, rep, p, ptr, append(common, "items", "minItems", "maxItems"), what)
		if len(old) > 0 {
			rep.Report(RuleElicitationSchema, source.Join(ptr, "type"), old, "%s is a multi-select array, which protocol version \"2025-06-18\" does not define: narrow the protocolVersions to 2025-11-25 and later", what)
		}
		items, _ := p["items"].(map[string]any)
		enum, hasEnum := items["enum"].([]any)
		_, hasAnyOf := items["anyOf"]
		if !hasEnum && !hasAnyOf {
			rep.Report(RuleElicitationSchema, ptr, nil, "%s is an array without enumerated items: a multi-select needs items with enum or anyOf", what)
		}
		checkMinMax(fc, rep, p, ptr, "minItems", "maxItems", what)
		if d, ok := p["default"].([]any); ok && hasEnum {
			choices := valueSet(enum)
			for i, v := range d {
				if !choices[compactJSON(v)] {
					rep.Report(RuleElicitationSchema, source.Join(ptr, "default", itoa(i)), nil, "%s default %s is not one of its item choices: use one of the item choices, or remove it from the default", what, compactJSON(v))
				}
			}
		}
		return
	default:
		rep.Report(RuleElicitationSchema, ptr, nil, "%s has type %s: an elicitation property is a string, number, integer, boolean or (2025-11-25 and later) multi-select array", what, compactJSON(p["type"]))
		return
	}
	if _, has := p["default"]; has && t != "boolean" && len(old) > 0 {
		rep.Report(RuleElicitationSchema, source.Join(ptr, "default"), old, "%s has a default, which protocol version \"2025-06-18\" defines only for booleans: remove it, or narrow the protocolVersions", what)
	}
}

// checkMinMax reports a minimum above its maximum.
func checkMinMax(fc *FileContext, rep reporter, p map[string]any, ptr, lo, hi, what string) {
	a, errA := toFloat(p[lo])
	b, errB := toFloat(p[hi])
	if errA == nil && errB == nil && a > b {
		rep.Report(RuleElicitationSchema, source.Join(ptr, lo), nil, "%s %s %v exceeds %s %v: lower %s or raise %s", what, lo, a, hi, b, lo, hi)
	}
}

// containsValue reports whether list holds v (compared as JSON).
func containsValue(list []any, v any) bool {
	want := compactJSON(v)
	for _, e := range list {
		if compactJSON(e) == want {
			return true
		}
	}
	return false
}

// valueSet is the set of list's values as compact JSON, for looking up
// many values without encoding the list again for each (containsValue).
func valueSet(list []any) map[string]bool {
	out := make(map[string]bool, len(list))
	for _, e := range list {
		out[compactJSON(e)] = true
	}
	return out
}

// toString returns v when it is a string.
func toString(v any) string {
	s, _ := v.(string)
	return s
}
