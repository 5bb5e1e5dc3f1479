package snapshot

import (
	"encoding/json"
	"fmt"
	"sort"
)

// shape is the JSON types of an object's members (the schemas are left to
// `check`, which reports one that is not an object), and the shape of a
// member that is an object, or of each element of a member that is an
// array of objects.
type shape struct {
	types  map[string]string
	nested map[string]*shape
}

// toolAnnotations and resourceAnnotations are the members of a tool's and
// of a resource's (or template's) annotations.
var (
	toolAnnotations = &shape{types: map[string]string{
		"title": "string", "readOnlyHint": "boolean", "destructiveHint": "boolean",
		"idempotentHint": "boolean", "openWorldHint": "boolean",
	}}
	resourceAnnotations = &shape{types: map[string]string{
		"audience": "array", "priority": "number", "lastModified": "string",
	}}
)

// itemShapes are the shapes of the items of each list, by the list's key.
var itemShapes = map[string]*shape{
	"tools": {types: map[string]string{
		"name": "string", "title": "string", "description": "string",
		"annotations": "object", "icons": "array", "_meta": "object", "execution": "object",
	}, nested: map[string]*shape{"annotations": toolAnnotations}},
	"prompts": {types: map[string]string{
		"name": "string", "title": "string", "description": "string",
		"arguments": "array", "icons": "array", "_meta": "object",
	}, nested: map[string]*shape{"arguments": {types: map[string]string{
		"name": "string", "title": "string", "description": "string", "required": "boolean",
	}}}},
	"resources": {types: map[string]string{
		"uri": "string", "name": "string", "title": "string", "description": "string", "mimeType": "string",
		"size": "number", "annotations": "object", "icons": "array", "_meta": "object",
	}, nested: map[string]*shape{"annotations": resourceAnnotations}},
	"resourceTemplates": {types: map[string]string{
		"uriTemplate": "string", "name": "string", "title": "string", "description": "string", "mimeType": "string",
		"annotations": "object", "icons": "array", "_meta": "object",
	}, nested: map[string]*shape{"annotations": resourceAnnotations}},
}

// memberProblems names each member of the listed items (under key, in the
// server's order) whose JSON type is wrong, as "tools[3].annotations:
// expected an object, got a string" or "prompts[2].arguments: expected an
// array, got a string". The items are kept as sent.
func memberProblems(key string, items []any) []string {
	var out []string
	for i, it := range items {
		out = append(out, itemShapes[key].problems(fmt.Sprintf("%s[%d]", key, i), it)...)
	}
	return out
}

// problems names the members of v (at) whose type is wrong, and those of
// its nested objects and arrays of objects.
func (sh *shape) problems(at string, v any) []string {
	obj, ok := asObject(v)
	if !ok {
		return []string{fmt.Sprintf("%s: expected an object, got %s", at, jsonType(v))}
	}
	out := typeProblems(at, obj, sh.types)
	for _, k := range sortedKeys(sh.nested) {
		member, ok := obj[k]
		if !ok || jsonType(member) != article(sh.types[k]) {
			continue
		}
		if sh.types[k] == "array" {
			for j, e := range asArray(member) {
				out = append(out, sh.nested[k].problems(fmt.Sprintf("%s.%s[%d]", at, k, j), e)...)
			}
			continue
		}
		out = append(out, sh.nested[k].problems(at+"."+k, member)...)
	}
	return out
}

// asObject is v as an object, decoding it when it is kept raw.
func asObject(v any) (map[string]any, bool) {
	if raw, ok := v.(rawJSON); ok {
		v = decodeTree(raw)
	}
	obj, ok := v.(map[string]any)
	return obj, ok
}

// asArray is the elements of v, decoding it when it is kept raw.
func asArray(v any) []any {
	if raw, ok := v.(rawJSON); ok {
		v = decodeTree(raw)
	}
	a, _ := v.([]any)
	return a
}

func sortedKeys(m map[string]*shape) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func typeProblems(at string, obj map[string]any, types map[string]string) []string {
	var keys []string
	for k := range types {
		if v, ok := obj[k]; ok && jsonType(v) != article(types[k]) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = fmt.Sprintf("%s.%s: expected %s, got %s", at, k, article(types[k]), jsonType(obj[k]))
	}
	return out
}

func article(t string) string {
	if t == "object" || t == "array" {
		return "an " + t
	}
	return "a " + t
}

// jsonType names the JSON type of a decoded value, with its article.
func jsonType(v any) string {
	switch x := v.(type) {
	case rawJSON:
		return rawType(x)
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case json.Number, float64:
		return "a number"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}
