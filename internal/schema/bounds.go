package schema

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/source"
)

// boundFrame is one container waiting to be visited by checkBounds.
type boundFrame struct {
	v      any
	parent *boundFrame // nil for the root
	token  string      // reference token below parent
	depth  int
}

// pointer builds the frame's JSON Pointer (only when a bound is crossed).
func (f *boundFrame) pointer() string {
	var tokens []string
	for p := f; p.parent != nil; p = p.parent {
		tokens = append(tokens, p.token)
	}
	for i, j := 0, len(tokens)-1; i < j; i, j = i+1, j-1 {
		tokens[i], tokens[j] = tokens[j], tokens[i]
	}
	return source.Join("", tokens...)
}

// checkBounds walks schema iteratively (never recursing, so any nesting is
// safe) and returns a problem at the first container that is nested deeper
// than l.MaxDepth or that makes the count of objects and arrays exceed
// l.MaxSubschemas. The walk stops at the bound, so its cost is bounded by
// the limits rather than by the input.
func checkBounds(schema any, l Limits) *Problem {
	stack := []*boundFrame{{v: schema, depth: 1}}
	count := 0
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := f.v.(type) {
		case map[string]any:
			if p := countContainer(f, &count, l); p != nil {
				return p
			}
			keys := make([]string, 0, len(v))
			for k, c := range v {
				if isContainer(c) {
					keys = append(keys, k)
				} else if p := hugeNumber(f, k, c); p != nil {
					return p
				}
			}
			sort.Sort(sort.Reverse(sort.StringSlice(keys)))
			for _, k := range keys {
				stack = append(stack, &boundFrame{v: v[k], parent: f, token: k, depth: f.depth + 1})
			}
		case []any:
			if p := countContainer(f, &count, l); p != nil {
				return p
			}
			for i := len(v) - 1; i >= 0; i-- {
				if isContainer(v[i]) {
					stack = append(stack, &boundFrame{v: v[i], parent: f, token: strconv.Itoa(i), depth: f.depth + 1})
				}
			}
		}
	}
	return nil
}

func countContainer(f *boundFrame, count *int, l Limits) *Problem {
	if l.MaxDepth > 0 && f.depth > l.MaxDepth {
		return &Problem{Kind: SchemaBound, Pointer: f.pointer(), Limit: limits.MaxSchemaDepth, Message: fmt.Sprintf(
			"schema nested deeper than %d levels here, so it is not checked; flatten it with \"$defs\" and \"$ref\", or %s", l.MaxDepth, limits.MaxSchemaDepth.Raise())}
	}
	*count++
	if l.MaxSubschemas > 0 && *count > l.MaxSubschemas {
		return &Problem{Kind: SchemaBound, Pointer: f.pointer(), Limit: limits.MaxSubschemas, Message: fmt.Sprintf(
			"schema has more than %d objects and arrays (the bound is crossed here), so it is not checked; split it, or %s", l.MaxSubschemas, limits.MaxSubschemas.Raise())}
	}
	return nil
}

// numericKeywords are the keywords whose number values the compiler expands.
var numericKeywords = map[string]bool{
	"multipleOf": true, "minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true,
	"minProperties": true, "maxProperties": true, "minContains": true, "maxContains": true,
}

// hugeNumber returns a bound problem when member k of the object at f is a
// numeric keyword whose value has an exponent beyond ±source.MaxExponent.
func hugeNumber(f *boundFrame, k string, v any) *Problem {
	n, ok := v.(json.Number)
	if !ok || !numericKeywords[k] {
		return nil
	}
	if !source.HugeExponent(string(n)) {
		return nil
	}
	return &Problem{Kind: SchemaBound, Pointer: source.Join(f.pointer(), k), Message: fmt.Sprintf(
		"%q %s has an exponent beyond ±%d, too large to check exactly, so the schema is not checked; write the number with a smaller exponent", k, n, source.MaxExponent)}
}

func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}
