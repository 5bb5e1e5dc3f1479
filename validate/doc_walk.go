package validate

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Helpers shared by the checks of the document's collections other than
// tools: walking a collection, effective protocol scopes, member types.

// RuleDeclScope checks explicit protocolVersions below the root.
var RuleDeclScope = rules.New(rules.Rule{
	ID: "mcpdesc.document.protocol-scope", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
	Title:   "bad protocolVersions",
	Summary: "a declaration's protocolVersions is a non-empty list of unique known versions within its container's scope",
	Doc: "MCP Description 0.8.0 sections 4.10, 6.2, 8.2, 10, 11 and 12.5: a Transport, Capabilities, Resource, Resource Template or Prompt Object, or an Elicitation Declaration, MAY declare protocolVersions; its effective scope is that list when present and its container's otherwise (the root's, or the containing primitive's for an elicitation declaration). " +
		"An explicit list MUST be a non-empty array of unique known protocol versions and a subset of the containing scope. Tools are checked by mcpdesc.tool.protocol-scope.",
	Fix: "list only versions the containing scope declares, or remove protocolVersions to inherit it",
})

// docRoot returns the root of an MCP Description document.
func docRoot(fc *FileContext) (map[string]any, bool) {
	root, ok := fc.File.Root.(map[string]any)
	return root, ok && closedObjects(fc)
}

// decl is one object of a collection with its pointer and effective scope.
type decl struct {
	obj      map[string]any
	ptr      string
	versions []string
}

// collectDecls returns the objects of the root array key with their
// effective scopes, reporting entries that are not objects.
func collectDecls(fc *FileContext, root map[string]any, key, what string, rule *rules.Rule) []decl {
	list, _ := root[key].([]any)
	var out []decl
	for i, e := range list {
		ptr := source.Join("/"+key, itoa(i))
		obj, ok := e.(map[string]any)
		if !ok {
			fc.Report(rule, ptr, nil, "%s is %s, not an object: write it as a %s object", what, jsonType(e), what)
			continue
		}
		out = append(out, decl{obj: obj, ptr: ptr, versions: declScope(fc, obj, ptr, fc.Versions, what, "document's")})
	}
	return out
}

// declScope checks obj's protocolVersions against the container's scope
// and returns the effective scope (mcpdesc.Scope: what is reported here is
// left out of it).
func declScope(fc *FileContext, obj map[string]any, ptr string, container []string, what, whose string) []string {
	raw, has := obj["protocolVersions"]
	if !has {
		return container
	}
	checkScopeList(fc, RuleDeclScope, raw, source.Join(ptr, "protocolVersions"), container, what,
		"list the versions it applies to, or remove it to inherit the "+whose,
		func(s string) string {
			return fmt.Sprintf("%s protocol version %q is not in the %s protocolVersions %s: remove it, or add it there", what, s, whose, quoteList(container))
		})
	return mcpdesc.Scope(obj, container)
}

// checkScopeList is the one check of a declaration's protocolVersions
// list (a tool's, mcpdesc.tool.protocol-scope, and any other
// declaration's, mcpdesc.document.protocol-scope): a non-empty array of
// unique known versions within the container's scope, each entry read as
// mcpdesc.Version reads it. fix says what to do with a list that is not
// an array or is empty; outside words a version outside the container.
func checkScopeList(rep reporter, rule *rules.Rule, raw any, pptr string, container []string, what, fix string, outside func(s string) string) {
	list, ok := raw.([]any)
	if !ok || len(list) == 0 {
		rep.Report(rule, pptr, nil, "%s protocolVersions is %s: %s", what, emptyOrType(raw), fix)
		return
	}
	seen := map[string]bool{}
	for i, e := range list {
		ep := source.JoinIndex(pptr, i)
		s, isStr := mcpdesc.Version(e)
		switch {
		case !isStr:
			rep.Report(rule, ep, nil, "%s protocol version is %s, not a string: write it as a quoted version such as \"2025-11-25\"", what, jsonType(e))
		case seen[s]:
			rep.Report(rule, ep, nil, "%s protocol version %q is listed twice: remove the repeat", what, s)
		case !rules.IsProtocolVersion(s):
			rep.Report(rule, ep, nil, "%s protocol version %q is unknown: use %s", what, s, quoteAlternatives(rules.ProtocolVersions))
		case !contains(container, s):
			rep.Report(rule, ep, []string{s}, "%s", outside(s))
		}
		if isStr {
			seen[s] = true
		}
	}
}

// emptyOrType renders "empty" for an empty array, otherwise the JSON type.
func emptyOrType(v any) string {
	if l, ok := v.([]any); ok && len(l) == 0 {
		return "empty"
	}
	return jsonType(v) + ", not an array"
}

// memberString reports obj[key] when present and not a string (or empty
// when nonEmpty), and when absent and required. It returns the string.
func memberString(rep reporter, rule *rules.Rule, obj map[string]any, ptr, key, what string, required, nonEmpty bool) (string, bool) {
	v, has := obj[key]
	if !has {
		if required {
			rep.Report(rule, ptr, nil, "%s has no %q: add it as a string", what, key)
		}
		return "", false
	}
	s, ok := v.(string)
	switch {
	case !ok:
		rep.Report(rule, source.Join(ptr, key), nil, "%s %s is %s, not a string: write it as a string", what, key, jsonType(v))
	case nonEmpty && strings.TrimSpace(s) == "":
		fix := "write it, or remove it"
		if required {
			fix = "write it"
		}
		rep.Report(rule, source.Join(ptr, key), nil, "%s %s is empty: %s", what, key, fix)
		return s, false
	}
	return s, ok
}

// memberType reports obj[key] when present and not of the kind want
// ("boolean", "object", "number", "array").
func memberType(rep reporter, rule *rules.Rule, obj map[string]any, ptr, key, what, want string) bool {
	v, has := obj[key]
	if !has {
		return false
	}
	if got := jsonKind(v); got != want {
		rep.Report(rule, source.Join(ptr, key), nil, "%s %s is %s, not %s: write it as %s", what, key, jsonType(v), withArticleKind(want), withArticleKind(want))
		return false
	}
	return true
}

// jsonKind is the JSON type name of a decoded value.
func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case nil:
		return "null"
	}
	return "number"
}

// withArticleKind prefixes a JSON type name with its article.
func withArticleKind(k string) string {
	if k == "object" || k == "array" {
		return "an " + k
	}
	return "a " + k
}

// fieldsUndefined reports members of obj that some version of vs does not
// define (since gives the first version defining each member).
func fieldsUndefined(rep reporter, rule *rules.Rule, obj map[string]any, ptr string, vs []string, since map[string]string, what string) {
	for _, k := range sortedKeys(obj) {
		first, ok := since[k]
		if !ok {
			continue
		}
		if old := intersect(vs, versionsBefore(first)); len(old) > 0 {
			rep.Report(rule, source.Join(ptr, k), old,
				"%s field %q is not defined by %s (it exists from %q): remove it, or narrow the %s's protocolVersions", what, k, versionsText(old), first, what)
		}
	}
}

// effectiveScope is obj's effective scope without reporting: its known
// protocolVersions within container, or container (mcpdesc.Scope, which
// the judge reads too).
func effectiveScope(obj map[string]any, container []string) []string {
	return mcpdesc.Scope(obj, container)
}

// rootDecls returns the objects of a root array without reporting.
func rootDecls(fc *FileContext, key string) []decl {
	root, _ := fc.File.Root.(map[string]any)
	list, _ := root[key].([]any)
	var out []decl
	for i, e := range list {
		if obj, ok := e.(map[string]any); ok {
			out = append(out, decl{obj: obj, ptr: source.Join("/"+key, itoa(i)), versions: effectiveScope(obj, fc.Versions)})
		}
	}
	return out
}

// declaredFew renders up to ten declared names for messages, like
// declaredText, so that a hostile list does not make every message huge.
func declaredFew(names []string) string {
	if len(names) > 10 {
		return " (" + quoteList(names[:10]) + " and " + itoa(len(names)-10) + " more)"
	}
	return declaredText(names)
}

// stringSet makes a set of names.
func stringSet(names []string) map[string]bool {
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out
}
