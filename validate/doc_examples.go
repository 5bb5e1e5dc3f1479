package validate

import (
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// namedExample is one resolved entry of a resource, resource template or
// prompt examples map.
type namedExample struct {
	name  string
	ptr   string
	value map[string]any
}

// collectNamedExamples checks the examples map of a declaration (names,
// references into namespace, object values, closed members) and returns
// the examples that are objects, references resolved, in name order.
func collectNamedExamples(fc *FileContext, rule *rules.Rule, obj map[string]any, ptr, key, namespace, what string, fields []string) []namedExample {
	raw, has := obj[key]
	if !has {
		return nil
	}
	mptr := source.Join(ptr, key)
	m, ok := raw.(map[string]any)
	if !ok || len(m) == 0 {
		fc.Report(rule, mptr, nil, "%s %s is %s: write it as a non-empty map from example names to examples, or remove it", what, key, emptyMapOrType(raw))
		return nil
	}
	var out []namedExample
	for _, name := range sortedKeys(m) {
		eptr := source.Join(mptr, name)
		if !exampleNameRe.MatchString(name) {
			fc.Report(rule, eptr, nil, "%s example name %q does not match ^[A-Za-z0-9._-]+$: rename it using only letters, digits, ., _ and -", what, name)
		}
		val := m[name]
		if ref, isRef := componentRef(val); isRef {
			if namespace == "" {
				fc.Report(rule, source.Join(eptr, componentRefKey), nil, "%s %s %q is a $componentRef, but these examples have no component namespace: write it inline", what, key, name)
				continue
			}
			reportRefSiblings(fc, rule, val.(map[string]any), eptr, what+" example "+quote(name))
			r := fc.followComponent(ref, namespace)
			if r.Problem != source.RefOK {
				fc.reportRefProblem(fc, rule, source.Join(eptr, componentRefKey), what+" example "+quote(name), namespace, r)
				continue
			}
			val, eptr = r.Value, r.Pointer
		}
		ex, isObj := val.(map[string]any)
		if !isObj {
			fc.Report(rule, eptr, nil, "%s example %q is %s, not an object", what, name, jsonType(val))
			continue
		}
		reportUnknownMembers(fc, ex, eptr, fields, what+" example")
		out = append(out, namedExample{name: name, ptr: eptr, value: ex})
	}
	return out
}

// emptyMapOrType renders "an empty map" or "<type>, not a map".
func emptyMapOrType(v any) string {
	if _, ok := v.(map[string]any); ok {
		return "an empty map"
	}
	return jsonType(v) + ", not a map"
}

// checkResultTypeMembers applies the 2026-07-28 completed-result members:
// resultType "complete" there, and no resultType before.
func checkResultTypeMembers(fc *FileContext, rule *rules.Rule, res map[string]any, ptr string, vs []string, what string) {
	rt, has := res["resultType"]
	if contains(vs, "2026-07-28") {
		switch {
		case !has:
			fc.Report(rule, ptr, []string{"2026-07-28"}, "%s result has no \"resultType\", which protocol version \"2026-07-28\" requires: add \"resultType\": \"complete\"", what)
		case rt != "complete":
			fc.Report(rule, source.Join(ptr, "resultType"), []string{"2026-07-28"}, "%s resultType is %s, but an example is a completed result: use \"complete\"", what, compactJSON(rt))
		}
	}
	if old := intersect(vs, versionsBefore("2026-07-28")); has && len(old) > 0 {
		fc.Report(rule, source.Join(ptr, "resultType"), old, "%s result has \"resultType\", which %s: remove it, or split the declaration into protocol-scoped variants", what, versionsDoNotDefine(old))
	}
	if meta, has := res["_meta"]; has {
		checkMetaKeys(fc, meta, source.Join(ptr, "_meta"), vs, what+" result")
		if old := intersect(vs, versionsBefore("2025-06-18")); len(old) > 0 {
			fc.Report(rule, source.Join(ptr, "_meta"), old, "%s result has \"_meta\", which %s: remove it, or narrow the declaration's protocolVersions", what, versionsDoNotDefine(old))
		}
	}
	reportNotCompleted(fc, rule, res, ptr, what)
	reportCarriedExtensions(fc, res, ptr, "a "+what+" result")
	if _, rpc := res["jsonrpc"]; rpc {
		fc.Report(rule, ptr, nil, "%s result is a JSON-RPC message: keep only the result payload", what)
	}
}
