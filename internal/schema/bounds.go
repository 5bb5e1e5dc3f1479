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
	// ptrLen is about the length of the frame's pointer (its tokens
	// unescaped), summed by checkBounds without building the pointer.
	ptrLen int
}

// locationBytesPerSubschema bounds the total length of the locations of a
// schema's objects and arrays: l.MaxSubschemas times this. The compiler and
// the schema index keep a location string for every subschema, so a long
// property name above thousands of nested schemas would cost gigabytes
// (without the bound, 10,000 schemas under a 100 KB name cost 2.7 GB).
const locationBytesPerSubschema = 200

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
	count, locations := 0, 0
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch v := f.v.(type) {
		case map[string]any:
			if p := countContainer(f, &count, &locations, l); p != nil {
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
			sort.Strings(keys)
			keys = keys[:visitable(len(keys), count, l)]
			for i := len(keys) - 1; i >= 0; i-- {
				k := keys[i]
				stack = append(stack, &boundFrame{v: v[k], parent: f, token: k, depth: f.depth + 1, ptrLen: f.ptrLen + 1 + len(k)})
			}
		case []any:
			if p := countContainer(f, &count, &locations, l); p != nil {
				return p
			}
			var idx []int
			for i := 0; i < len(v) && len(idx) < visitable(len(v), count, l); i++ {
				if isContainer(v[i]) {
					idx = append(idx, i)
				}
			}
			for j := len(idx) - 1; j >= 0; j-- {
				tok := strconv.Itoa(idx[j])
				stack = append(stack, &boundFrame{v: v[idx[j]], parent: f, token: tok, depth: f.depth + 1, ptrLen: f.ptrLen + 1 + len(tok)})
			}
		}
	}
	return nil
}

// visitable is how many of n container children can still be visited
// before the walk stops at l.MaxSubschemas (count containers visited so
// far): the children past those are never pushed, so a wide array costs
// what the bound allows, not its length (490,000 empty objects in a
// default would otherwise cost 49 MB of frames).
func visitable(n, count int, l Limits) int {
	if l.MaxSubschemas <= 0 {
		return n
	}
	return min(n, max(0, l.MaxSubschemas-count+1))
}

func countContainer(f *boundFrame, count, locations *int, l Limits) *Problem {
	if l.MaxDepth > 0 && f.depth > l.MaxDepth {
		return &Problem{Kind: SchemaBound, Pointer: f.pointer(), Limit: limits.MaxSchemaDepth, Message: fmt.Sprintf(
			"schema nested deeper than %d levels here, so it is not checked; flatten it with \"$defs\" and \"$ref\", or %s", l.MaxDepth, limits.MaxSchemaDepth.Raise())}
	}
	*count++
	if l.MaxSubschemas > 0 && *count > l.MaxSubschemas {
		return &Problem{Kind: SchemaBound, Pointer: f.pointer(), Limit: limits.MaxSubschemas, Message: fmt.Sprintf(
			"schema has more than %d objects and arrays (the bound is crossed here), so it is not checked; split it, or %s", l.MaxSubschemas, limits.MaxSubschemas.Raise())}
	}
	*locations += f.ptrLen
	if max := l.MaxSubschemas * locationBytesPerSubschema; l.MaxSubschemas > 0 && *locations > max {
		return &Problem{Kind: SchemaBound, Pointer: f.pointer(), Limit: limits.MaxSubschemas, Message: fmt.Sprintf(
			"the locations of the schema's objects and arrays add up to more than %d bytes (the bound is crossed here: long names repeated by every schema nested below them), so it is not checked; shorten the names, or %s (%d bytes per subschema allowed)", max, limits.MaxSubschemas.Raise(), locationBytesPerSubschema)}
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
