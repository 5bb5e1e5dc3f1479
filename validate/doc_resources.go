package validate

import (
	"encoding/base64"
	"regexp"
	"strings"
	"time"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/uritemplate"
)

// Rules about resources and resource templates.
var (
	RuleResourceShape = rules.New(rules.Rule{
		ID: "mcpdesc.resource.shape", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "malformed resource",
		Summary: "every resource and resource template has its required members with the types MCP Description gives them",
		Doc: "MCP Description 0.8.0 sections 10.1.1 and 10.2.1: a Resource Object requires uri and name (strings), a Resource Template Object uriTemplate and name; title, description and mimeType are strings, size a non-negative number (resources only), deprecated a boolean, icons a non-empty array of Icon Objects with a string src, tags strings naming root tags when a root catalogue exists. " +
			"title and _meta exist from MCP 2025-06-18 and icons from 2025-11-25, for every version of the declaration's scope. Other members than those defined and x-* are mcpdesc.document.unknown-property.",
		Fix: "add the required members, give each member its type, and narrow protocolVersions for version-bound fields",
	})
	RuleResourceURI = rules.New(rules.Rule{
		ID: "mcpdesc.resource.uri", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Title:   "bad resource uri",
		Summary: "a resource uri is a valid absolute URI",
		Doc:     "MCP Description 0.8.0 section 10.1.2: a resource's uri SHOULD be a valid URI; any scheme is allowed (custom schemes included). mcpschema warns when it has no scheme, holds characters a URI cannot, or a broken percent-encoding.",
		Fix:     "write the uri as scheme:rest, for example \"file:///data/a.txt\" or \"chess://games/1\", percent-encoding other characters",
	})
	RuleTemplateSyntax = rules.New(rules.Rule{
		ID: "mcpdesc.resource-template.uri-template", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad uriTemplate",
		Summary: "a resource template's uriTemplate is an RFC 6570 URI template",
		Doc: "MCP Description 0.8.0 section 10.2: uriTemplate is an RFC 6570 URI template. Every expression is closed, uses a defined operator (+ # . / ; ? &, not the reserved = , ! @ |), names variables of letters, digits, _ and percent-encodings (dots only between them) and uses only the :1 to :9999 prefix and * explode modifiers; literals hold no spaces, quotes, <, >, \\, ^, ` or | and only valid percent-encodings. " +
			"Completion examples and template examples are checked against the variables and expansions of a valid template.",
		Fix: "fix the expression, for example \"chess://games/{game_id}\" or \"file:///{+path}\"",
	})
	RuleResourceMime = rules.New(rules.Rule{
		ID: "mcpdesc.resource.mime-type", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Title:   "bad mimeType",
		Summary: "a mimeType is a media type of the form type/subtype",
		Doc:     "MCP Description 0.8.0 section 10 (mimeType of resources, resource templates and read-result contents) and RFC 6838: a media type is type/subtype, both restricted-name tokens, optionally followed by ;parameter=value pairs. A value such as \"json\" or \"text\" is no media type clients can dispatch on.",
		Fix:     "write the media type in full, for example \"application/json\" or \"text/markdown; charset=utf-8\"",
	})
	RuleResourceAnnotations = rules.New(rules.Rule{
		ID: "mcpdesc.resource.annotations", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad resource annotations",
		Summary: "resource annotations hold a valid audience, priority and lastModified",
		Doc: "MCP Description 0.8.0 section 10.3: Resource Annotations are an object whose audience is an array of \"user\" and \"assistant\", whose priority is a number from 0 to 1 and whose lastModified is an ISO 8601 date-time string; lastModified MUST NOT be used for versions before MCP 2025-06-18. " +
			"The object allows other properties for forward compatibility, but not x-* extensions (mcpdesc.document.extension-placement).",
		Fix: "use audience [\"user\", \"assistant\"], a priority between 0 and 1 and an ISO 8601 lastModified such as \"2026-08-24T10:00:00Z\"",
	})
	RuleResourceUnique = rules.New(rules.Rule{
		ID: "mcpdesc.resource.unique", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "resource declared twice",
		Summary: "resources with the same uri, and resource templates with the same uriTemplate, have disjoint protocol scopes",
		Doc:     "MCP Description 0.8.0 section 10.5: Resources with the same uri MUST have pairwise-disjoint effective protocol scopes, and Resource Templates with the same uriTemplate likewise. The later declaration is reported.",
		Fix:     "merge the declarations, or give them disjoint protocolVersions",
	})
	RuleResourceExampleConsistency = rules.New(rules.Rule{
		ID: "mcpdesc.resource.example-consistency", Owner: "mcpdesc", Level: rules.Should, Severity: rules.Warning,
		Title:   "resource example inconsistent",
		Summary: "a resource example returns the requested URI, in the declared media type",
		Doc: "MCP Description 0.8.0 section 10.4.4: at least one returned contents entry SHOULD identify the requested URI (the resource's uri, or a template example's uri), and when the declaration has a mimeType the corresponding entry SHOULD use the same type; validators warn rather than fail, since collections, indirection and more specific representations are legitimate. " +
			"mcpschema warns when no entry has the requested uri, and when the entry for it gives another mimeType.",
		Fix: "return the requested URI in the example, with the declared mimeType, or document why it differs",
	})
	RuleResourceExample = rules.New(rules.Rule{
		ID: "mcpdesc.resource.example", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad resource example",
		Summary: "resource and resource template examples are completed resources/read results for every version in scope",
		Doc: "MCP Description 0.8.0 section 10.4: examples is a non-empty map from names (^[A-Za-z0-9._-]+$) to Resource Example Objects {result} (or references to #/components/resourceExamples/<name>) on a resource, and Resource Template Example Objects {uri, result} (or references to resourceTemplateExamples) on a template, where uri is an expansion of the uriTemplate. " +
			"result holds a non-empty contents array whose entries have a valid uri and exactly one of text and blob (valid base64), and no annotations (the MCP Resource Contents type defines none, 10.3); for MCP 2026-07-28 it holds resultType \"complete\", a non-negative ttlMs and cacheScope \"public\" or \"private\", which earlier versions MUST NOT hold; _meta exists from 2025-06-18; task, input-required and JSON-RPC forms are not examples.",
		Fix: "give each example a completed read result with the members of every version in scope, or split the declaration into protocol-scoped variants",
	})
)

var (
	resourceFields = []string{"protocolVersions", "uri", "name", "title", "description", "mimeType", "size", "annotations", "examples",
		"icons", "tags", "elicitations", "deprecated", "_meta", "security", "clientRequirements"}
	templateFields = []string{"protocolVersions", "uriTemplate", "name", "title", "description", "mimeType", "annotations", "examples",
		"completionExamples", "icons", "tags", "elicitations", "deprecated", "_meta", "security", "clientRequirements"}
	// primitiveSince gives the first version defining a versioned member of
	// a resource, resource template or prompt.
	primitiveSince = map[string]string{"title": "2025-06-18", "_meta": "2025-06-18", "icons": "2025-11-25"}
	mimeRe         = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}(?:\s*;\s*[A-Za-z0-9!#$&^_.+-]+=(?:[A-Za-z0-9!#$&^_.+-]+|"[^"]*"))*$`)
)

// checkResources checks resources and resource templates.
func checkResources(fc *FileContext) {
	root, ok := docRoot(fc)
	if !ok {
		return
	}
	seen := scopeIndex{}
	for _, d := range collectDecls(fc, root, "resources", "resource", RuleResourceShape) {
		checkPrimitiveCommon(fc, d, resourceFields, "resource", RuleResourceShape)
		uri, okURI := memberString(fc, RuleResourceShape, d.obj, d.ptr, "uri", "resource", true, false)
		if okURI {
			if p := uriProblem(uri); p != "" {
				fc.Report(RuleResourceURI, source.Join(d.ptr, "uri"), nil, "resource uri %q %s: write it as scheme:rest, percent-encoding other characters", uri, p)
			}
			checkUnique(fc, RuleResourceUnique, seen, d, "uri", "resource")
		}
		if memberType(fc, RuleResourceShape, d.obj, d.ptr, "size", "resource", "number") {
			if f, err := toFloat(d.obj["size"]); err == nil && f < 0 {
				fc.Report(RuleResourceShape, source.Join(d.ptr, "size"), nil, "resource size is negative: give the raw content size in bytes")
			}
		}
		for _, ex := range collectNamedExamples(fc, RuleResourceExample, d.obj, d.ptr, "examples", "resourceExamples", "resource", []string{"result"}) {
			checkReadResult(fc, ex, d.versions, "resource example "+quote(ex.name))
			checkReadConsistency(fc, ex, d, uri, "resource example "+quote(ex.name))
		}
	}
	seen = scopeIndex{}
	for _, d := range collectDecls(fc, root, "resourceTemplates", "resource template", RuleResourceShape) {
		checkPrimitiveCommon(fc, d, templateFields, "resource template", RuleResourceShape)
		tpl := parsedTemplate(fc, d, true)
		if _, ok := d.obj["uriTemplate"].(string); ok {
			checkUnique(fc, RuleResourceUnique, seen, d, "uriTemplate", "resource template")
		}
		for _, ex := range collectNamedExamples(fc, RuleResourceExample, d.obj, d.ptr, "examples", "resourceTemplateExamples", "resource template", []string{"uri", "result"}) {
			what := "resource template example " + quote(ex.name)
			if uri, ok := memberString(fc, RuleResourceExample, ex.value, ex.ptr, "uri", what, true, false); ok && tpl != nil && !tpl.Matches(uri) {
				fc.Report(RuleResourceExample, source.Join(ex.ptr, "uri"), nil, "%s uri %q is not an expansion of the uriTemplate %q: use a URI the template produces", what, uri, d.obj["uriTemplate"])
			}
			checkReadResult(fc, ex, d.versions, what)
			if uri, ok := ex.value["uri"].(string); ok {
				checkReadConsistency(fc, ex, d, uri, what)
			}
		}
	}
}

// parsedTemplate returns the declaration's parsed uriTemplate, reporting
// it when report is set.
func parsedTemplate(fc *FileContext, d decl, report bool) *uritemplate.Template {
	var s string
	var ok bool
	if report {
		s, ok = memberString(fc, RuleResourceShape, d.obj, d.ptr, "uriTemplate", "resource template", true, false)
	} else {
		s, ok = d.obj["uriTemplate"].(string)
	}
	if !ok {
		return nil
	}
	tpl, problem := uritemplate.Parse(s)
	if problem != "" && report {
		fc.Report(RuleTemplateSyntax, source.Join(d.ptr, "uriTemplate"), nil, "resource template uriTemplate %q %s: write an RFC 6570 template such as \"chess://games/{game_id}\"", s, problem)
	}
	return tpl
}

// scopeIndex records, per key value and protocol version, the first
// declaration that claims it.
type scopeIndex map[string]map[string]string

// checkUnique reports a declaration whose key value and scope overlap an
// earlier one, and records it. It is linear in the declarations.
func checkUnique(fc *FileContext, rule *rules.Rule, seen scopeIndex, d decl, key, what string) {
	value, _ := d.obj[key].(string)
	byVersion := seen[value]
	if byVersion == nil {
		byVersion = map[string]string{}
		seen[value] = byVersion
	}
	if both, first := claimVersions(byVersion, d); len(both) > 0 {
		fc.Report(rule, source.Join(d.ptr, key), both, "%s %s %q is also declared at %s for %s: merge them, or give them disjoint protocolVersions", what, key, value, first, versionsText(both))
	}
}

// claimVersions records d.ptr as the claimant of each version of d's scope
// that byVersion does not hold yet, and returns the versions already held
// with the pointer of the first earlier claimant.
func claimVersions(byVersion map[string]string, d decl) (both []string, first string) {
	for _, v := range d.versions {
		if p, taken := byVersion[v]; taken {
			both = append(both, v)
			if first == "" {
				first = p
			}
			continue
		}
		byVersion[v] = d.ptr
	}
	return both, first
}

// checkPrimitiveCommon checks the members resources, resource templates
// and prompts share.
func checkPrimitiveCommon(fc *FileContext, d decl, fields []string, what string, rule *rules.Rule) {
	reportUnknownMembers(fc, d.obj, d.ptr, fields, what)
	memberString(fc, rule, d.obj, d.ptr, "name", what, true, true)
	for _, k := range []string{"title", "description", "mimeType"} {
		if s, ok := memberString(fc, rule, d.obj, d.ptr, k, what, false, false); ok && k == "mimeType" {
			checkMime(fc, s, source.Join(d.ptr, k), what)
		}
	}
	memberType(fc, rule, d.obj, d.ptr, "deprecated", what, "boolean")
	fieldsUndefined(fc, rule, d.obj, d.ptr, d.versions, primitiveSince, what)
	if list, ok := d.obj["icons"].([]any); ok {
		for i, e := range list {
			icon, _ := e.(map[string]any)
			if _, ok := icon["src"].(string); !ok {
				fc.Report(rule, source.Join(d.ptr, "icons", itoa(i)), nil, "%s icon has no string \"src\": write it as {\"src\": \"https://example.com/icon.png\"}", what)
			}
		}
	}
	if list, ok := d.obj["tags"].([]any); ok {
		tags := fc.rootTags()
		for i, e := range list {
			s, isStr := e.(string)
			switch {
			case !isStr:
				fc.Report(rule, source.Join(d.ptr, "tags", itoa(i)), nil, "%s tag is %s, not a string", what, jsonType(e))
			case tags.undeclared(s):
				fc.Report(rule, source.Join(d.ptr, "tags", itoa(i)), nil, "%s tag %q is not declared in the root tags%s: declare it, or use a declared tag", what, s, declaredFew(tags.names))
			}
		}
	}
	if meta, ok := d.obj["_meta"]; ok {
		checkMetaKeys(fc, meta, source.Join(d.ptr, "_meta"), d.versions, what)
	}
	if a, has := d.obj["annotations"]; has && what != "prompt" {
		checkResourceAnnotations(fc, a, source.Join(d.ptr, "annotations"), d.versions, what)
	}
}

// checkMime warns about a mimeType that is no media type.
func checkMime(fc *FileContext, s, ptr, what string) {
	if !mimeRe.MatchString(s) {
		fc.Report(RuleResourceMime, ptr, nil, "%s mimeType %q is not a media type of the form type/subtype: write it in full, such as \"application/json\"", what, s)
	}
}

// checkResourceAnnotations checks a Resource Annotations object.
func checkResourceAnnotations(fc *FileContext, raw any, ptr string, vs []string, what string) {
	obj, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RuleResourceAnnotations, ptr, nil, "%s annotations is %s, not an object", what, jsonType(raw))
		return
	}
	reportCarriedExtensions(fc, obj, ptr, "resource annotations")
	if aud, has := obj["audience"]; has {
		list, ok := aud.([]any)
		if !ok {
			fc.Report(RuleResourceAnnotations, source.Join(ptr, "audience"), nil, "%s annotations audience is %s, not an array of \"user\" and \"assistant\"", what, jsonType(aud))
		}
		for i, e := range list {
			if e != "user" && e != "assistant" {
				fc.Report(RuleResourceAnnotations, source.Join(ptr, "audience", itoa(i)), nil, "%s annotations audience %s is not a role: use \"user\" or \"assistant\"", what, compactJSON(e))
			}
		}
	}
	if p, has := obj["priority"]; has {
		f, err := toFloat(p)
		if err != nil || f < 0 || f > 1 {
			fc.Report(RuleResourceAnnotations, source.Join(ptr, "priority"), nil, "%s annotations priority is %s, not a number from 0 to 1", what, compactJSON(p))
		}
	}
	if lm, has := obj["lastModified"]; has {
		lptr := source.Join(ptr, "lastModified")
		if s, ok := lm.(string); !ok || !isISODateTime(s) {
			fc.Report(RuleResourceAnnotations, lptr, nil, "%s annotations lastModified is %s, not an ISO 8601 date-time such as \"2026-08-24T10:00:00Z\"", what, compactJSON(lm))
		}
		if old := intersect(vs, versionsBefore("2025-06-18")); len(old) > 0 {
			fc.Report(RuleResourceAnnotations, lptr, old, "%s annotations lastModified is not defined by %s: remove it, or narrow the %s's protocolVersions", what, versionsText(old), what)
		}
	}
}

// isISODateTime accepts RFC 3339 date-times and ISO 8601 dates.
func isISODateTime(s string) bool {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05Z0700", "2006-01-02"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// toFloat reads a JSON number.
func toFloat(v any) (float64, error) {
	n, ok := v.(interface{ Float64() (float64, error) })
	if !ok {
		return 0, errNotNumber
	}
	return n.Float64()
}

type notNumber struct{}

func (notNumber) Error() string { return "not a number" }

var errNotNumber error = notNumber{}

// checkReadResult checks a completed resources/read result.
func checkReadResult(fc *FileContext, ex namedExample, vs []string, what string) {
	raw, has := ex.value["result"]
	if !has {
		fc.Report(RuleResourceExample, ex.ptr, nil, "%s has no \"result\": add the completed resources/read result, {\"contents\": [...]}", what)
		return
	}
	rptr := source.Join(ex.ptr, "result")
	res, ok := raw.(map[string]any)
	if !ok {
		fc.Report(RuleResourceExample, rptr, nil, "%s result is %s, not an object", what, jsonType(raw))
		return
	}
	checkResultTypeMembers(fc, RuleResourceExample, res, rptr, vs, what)
	if contains(vs, "2026-07-28") {
		if ttl, has := res["ttlMs"]; !has {
			fc.Report(RuleResourceExample, rptr, []string{"2026-07-28"}, "%s result has no \"ttlMs\", which protocol version \"2026-07-28\" requires: add it, for example \"ttlMs\": 60000", what)
		} else if f, err := toFloat(ttl); err != nil || f < 0 {
			fc.Report(RuleResourceExample, source.Join(rptr, "ttlMs"), []string{"2026-07-28"}, "%s result ttlMs is %s, not the non-negative number protocol version \"2026-07-28\" requires: use a non-negative number of milliseconds, such as 60000", what, compactJSON(ttl))
		}
		if cs, has := res["cacheScope"]; !has {
			fc.Report(RuleResourceExample, rptr, []string{"2026-07-28"}, "%s result has no \"cacheScope\", which protocol version \"2026-07-28\" requires: add \"cacheScope\": \"public\" or \"private\"", what)
		} else if cs != "public" && cs != "private" {
			fc.Report(RuleResourceExample, source.Join(rptr, "cacheScope"), []string{"2026-07-28"}, "%s result cacheScope is %s, but protocol version \"2026-07-28\" requires \"public\" or \"private\": use \"public\" or \"private\"", what, compactJSON(cs))
		}
	}
	if old := intersect(vs, versionsBefore("2026-07-28")); len(old) > 0 {
		for _, k := range []string{"ttlMs", "cacheScope"} {
			if _, has := res[k]; has {
				fc.Report(RuleResourceExample, source.Join(rptr, k), old, "%s result has %q, which %s: remove it, or split the declaration into protocol-scoped variants", what, k, versionsDoNotDefine(old))
			}
		}
	}
	list, ok := res["contents"].([]any)
	if !ok || len(list) == 0 {
		fc.Report(RuleResourceExample, rptr, nil, "%s result has no non-empty \"contents\" array: add the resource contents read", what)
		return
	}
	for i, e := range list {
		cptr := source.Join(rptr, "contents", itoa(i))
		entry, ok := e.(map[string]any)
		if !ok {
			fc.Report(RuleResourceExample, cptr, nil, "%s contents entry is %s, not an object", what, jsonType(e))
			continue
		}
		reportCarriedExtensions(fc, entry, cptr, "resource contents")
		if _, has := entry["annotations"]; has {
			fc.Report(RuleResourceExample, source.Join(cptr, "annotations"), nil, "%s contents entry has \"annotations\", which the MCP Resource Contents type does not define: annotations describe the declaration, so keep them on it and remove them here", what)
		}
		if uri, ok := memberString(fc, RuleResourceExample, entry, cptr, "uri", what+" contents entry", true, false); ok {
			if p := uriProblem(uri); p != "" {
				fc.Report(RuleResourceExample, source.Join(cptr, "uri"), nil, "%s contents uri %q %s: every returned URI must be valid", what, uri, p)
			}
		}
		if s, ok := memberString(fc, RuleResourceExample, entry, cptr, "mimeType", what+" contents entry", false, false); ok {
			checkMime(fc, s, source.Join(cptr, "mimeType"), what+" contents")
		}
		_, hasText := entry["text"]
		blob, hasBlob := entry["blob"]
		switch {
		case hasText == hasBlob:
			fc.Report(RuleResourceExample, cptr, nil, "%s contents entry has %s of \"text\" and \"blob\": give exactly one", what, map[bool]string{true: "both", false: "neither"}[hasText])
		case hasText:
			memberString(fc, RuleResourceExample, entry, cptr, "text", what+" contents entry", false, false)
		default:
			s, isStr := blob.(string)
			if _, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s)); !isStr || err != nil {
				fc.Report(RuleResourceExample, source.Join(cptr, "blob"), nil, "%s contents blob is not valid base64: encode the bytes with standard base64", what)
			}
		}
		if meta, has := entry["_meta"]; has {
			checkMetaKeys(fc, meta, source.Join(cptr, "_meta"), vs, "resource contents")
			if old := intersect(vs, versionsBefore("2025-06-18")); len(old) > 0 {
				fc.Report(RuleResourceExample, source.Join(cptr, "_meta"), old, "%s contents _meta is not defined by %s: remove it", what, versionsText(old))
			}
		}
	}
}

// checkReadConsistency warns when no returned entry has the requested uri,
// or the entry for it has another mimeType than the declaration.
func checkReadConsistency(fc *FileContext, ex namedExample, d decl, uri, what string) {
	res, _ := ex.value["result"].(map[string]any)
	list, _ := res["contents"].([]any)
	if len(list) == 0 || uri == "" {
		return
	}
	declared, _ := d.obj["mimeType"].(string)
	for i, e := range list {
		entry, _ := e.(map[string]any)
		if entry["uri"] != uri {
			continue
		}
		if mt, ok := entry["mimeType"].(string); ok && declared != "" && mcpdesc.MediaType(mt) != mcpdesc.MediaType(declared) {
			fc.Report(RuleResourceExampleConsistency, source.Join(ex.ptr, "result", "contents", itoa(i), "mimeType"), nil,
				"%s returns %q as %q, but the declaration's mimeType is %q: use the declared type, unless the representation is legitimately more specific", what, uri, mt, declared)
		}
		return
	}
	fc.Report(RuleResourceExampleConsistency, source.Join(ex.ptr, "result", "contents"), nil,
		"%s returns no contents entry for the requested uri %q: include it, unless the resource is a collection or an indirection", what, uri)
}
