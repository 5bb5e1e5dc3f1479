package diffcheck

import (
	"encoding/json"
	"reflect"
	"strings"
)

// maxUnchangedValues bounds the values compared to find an unchanged tool;
// a larger tool is judged whatever it holds.
const maxUnchangedValues = 10000

// unchangedTool reports whether base and head are certainly the same tool:
// the same entry of the same parsed file (a file whose bytes did not
// change), or equal tool objects with no reference of any kind, so that
// nothing outside the tool object can make them differ.
func unchangedTool(base, head *toolRef) bool {
	if base.file == head.file && base.tool.Pointer == head.tool.Pointer {
		return true
	}
	budget := maxUnchangedValues
	if base.tool.Value != nil && reflect.ValueOf(base.tool.Value).UnsafePointer() == reflect.ValueOf(head.tool.Value).UnsafePointer() {
		// the same decoded object (a base tool reusing the head's, see
		// source.ParseLike): equal to itself, so only its references count.
		return refFree(base.tool.Value, &budget)
	}
	return sameRefFree(base.tool.Value, head.tool.Value, &budget)
}

// refFree is sameRefFree(v, v, budget), without the lookups.
func refFree(v any, budget *int) bool {
	*budget--
	if *budget < 0 {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if isRefKey(k) {
				return false
			}
			if !refFree(c, budget) {
				return false
			}
		}
	case []any:
		for _, c := range x {
			if !refFree(c, budget) {
				return false
			}
		}
	case string, json.Number, bool, nil:
	default:
		return false
	}
	return true
}

// sameRefFree reports whether a and b are equal decoded JSON values
// (numbers as written) without a member that references something
// ($ref, $componentRef, $dynamicRef, ...), within budget values.
func sameRefFree(a, b any, budget *int) bool {
	*budget--
	if *budget < 0 {
		return false
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			if isRefKey(k) {
				return false
			}
			yv, ok := y[k]
			if !ok || !sameRefFree(xv, yv, budget) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameRefFree(x[i], y[i], budget) {
				return false
			}
		}
		return true
	case string:
		y, ok := b.(string)
		return ok && x == y
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case nil:
		return b == nil
	}
	return false
}

// isRefKey reports whether member k references something ($ref,
// $componentRef, $dynamicRef, ...).
func isRefKey(k string) bool {
	return strings.HasPrefix(k, "$") && strings.HasSuffix(strings.ToLower(k), "ref")
}
