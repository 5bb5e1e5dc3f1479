package snapshot

import (
	"encoding/json"
	"fmt"
	"sort"
)

// memberTypes are the JSON types of the members of a listed tool (the
// schemas are left to `check`, which reports one that is not an object).
var memberTypes = map[string]string{
	"name": "string", "title": "string", "description": "string",
	"annotations": "object", "icons": "array", "_meta": "object", "execution": "object",
}

// annotationTypes are the JSON types of the members of a tool's annotations.
var annotationTypes = map[string]string{
	"title": "string", "readOnlyHint": "boolean", "destructiveHint": "boolean",
	"idempotentHint": "boolean", "openWorldHint": "boolean",
}

// memberProblems names each member of the listed items (under key, in the
// server's order) whose JSON type is wrong, as "tools[3].annotations:
// expected an object, got a string". The items are kept as sent.
func memberProblems(key string, items []any) []string {
	var out []string
	for i, it := range items {
		at := fmt.Sprintf("%s[%d]", key, i)
		obj, ok := it.(map[string]any)
		if !ok {
			out = append(out, fmt.Sprintf("%s: expected an object, got %s", at, jsonType(it)))
			continue
		}
		out = append(out, typeProblems(at, obj, memberTypes)...)
		if raw, ok := obj["annotations"].(rawJSON); ok {
			if ann, ok := decodeTree(raw).(map[string]any); ok {
				out = append(out, typeProblems(at+".annotations", ann, annotationTypes)...)
			}
		} else if ann, ok := obj["annotations"].(map[string]any); ok {
			out = append(out, typeProblems(at+".annotations", ann, annotationTypes)...)
		}
	}
	return out
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
