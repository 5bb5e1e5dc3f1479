package diffcheck

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// The referee's generators (see referee_test.go) extend the oracle's: seed
// schemas that use every keyword of issue 29 (type, enum/const,
// properties, required, additionalProperties, patternProperties,
// propertyNames, bounds, multipleOf, pattern, items/prefixItems, contains,
// unevaluated*, dependent*, if/then/else, not, anyOf/oneOf/allOf, $ref,
// boolean schemas), edits of any keyword at any subschema, and a value
// sampler that reads raw schemas. Like the oracle's, they work on plain
// decoded JSON and share nothing with the differ's normaliser or its value
// generator, so the referee does not inherit their blind spots.

// refereeSeedSchemas are the referee's own seed schemas, beside the oracle's.
var refereeSeedSchemas = []string{
	// enums and consts of every kind of value.
	`{"type":"object","properties":{
	  "speed":{"enum":["fast","slow"]},
	  "level":{"const":1},
	  "mode":{"type":"string","enum":["x","y","z"]},
	  "pair":{"enum":[[1,2],[3,4,5]]},
	  "shape":{"enum":[{"kind":"a"},{"kind":"b","n":1}]},
	  "flag":{"type":"boolean"}},
	 "required":["speed"],"additionalProperties":false}`,
	// a closed object with patternProperties.
	`{"type":"object","properties":{"q":{"type":"string"}},"patternProperties":{"^x-":{"type":"string"},"^n_":{}},"additionalProperties":false}`,
	// propertyNames and maps.
	`{"type":"object","properties":{
	  "labels":{"type":"object","propertyNames":{"enum":["env","team","tier"]},"additionalProperties":{"type":"string"}},
	  "meta":{"type":"object","propertyNames":{"pattern":"^[a-z]+$","maxLength":8},"additionalProperties":{"type":"integer"}},
	  "counts":{"type":"object","additionalProperties":{"type":"integer","minimum":0}}}}`,
	// arrays: prefixItems, contains, items false, unevaluatedItems.
	`{"type":"object","properties":{
	  "point":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":false},
	  "tags":{"type":"array","items":{"type":"string"},"contains":{"const":"main"},"maxContains":2},
	  "flags":{"type":"array","contains":{"const":true},"items":{"type":"boolean"}},
	  "mixed":{"type":"array","prefixItems":[{"type":"integer"}],"contains":{"type":"string"},"unevaluatedItems":false},
	  "matrix":{"type":"array","items":{"type":"array","items":{"type":"integer"},"minItems":1},"maxItems":4,"uniqueItems":true}}}`,
	// unevaluatedProperties that sees if/then and dependentSchemas.
	`{"type":"object","properties":{"a":{"type":"integer"},"c":{"type":"boolean"}},
	 "if":{"required":["a"]},"then":{"properties":{"b":{"type":"integer"}}},
	 "dependentSchemas":{"c":{"properties":{"d":{"type":"string"}}}},
	 "unevaluatedProperties":false}`,
	// dependentRequired, not, if/then/else on numbers.
	`{"type":"object","properties":{
	  "card":{"type":"string"},"cvv":{"type":"string","pattern":"^[0-9]{3,4}$"},"zip":{"type":"string"},
	  "amount":{"type":"number","if":{"minimum":100},"then":{"multipleOf":10},"else":{"multipleOf":0.5}},
	  "kind":{"type":"string","not":{"const":"legacy"}},
	  "when":{"type":"string","format":"date"}},
	 "dependentRequired":{"card":["cvv"]},
	 "not":{"required":["zip","card"]}}`,
	// oneOf, anyOf and allOf of scalars, arrays and objects.
	`{"type":"object","properties":{
	  "value":{"oneOf":[{"type":"integer","exclusiveMinimum":2},{"type":"integer","maximum":2}]},
	  "list":{"oneOf":[{"type":"array","items":{"type":"string"}},{"type":"array","maxItems":2}]},
	  "obj":{"oneOf":[{"type":"object","required":["x"]},{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}]},
	  "any":{"anyOf":[{"type":"string","maxLength":3},{"type":"number","minimum":0}]},
	  "all":{"allOf":[{"type":"string"},{"minLength":2},{"not":{"const":"zz"}}]}}}`,
	// $ref with keywords beside it, and boolean schemas.
	`{"type":"object","$defs":{"id":{"type":"string","minLength":3},"pos":{"type":"integer","minimum":0}},
	 "properties":{"id":{"$ref":"#/$defs/id","maxLength":10},"ids":{"type":"array","items":{"$ref":"#/$defs/id"}},
	  "n":{"$ref":"#/$defs/pos"},"anything":true,"nothing":false,"opt":{"type":"boolean"}},
	 "required":["id"],"additionalProperties":false}`,
	// draft-07: dependencies, items as an array, additionalItems.
	`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","definitions":{"n":{"type":"integer","minimum":0}},
	 "properties":{"tuple":{"type":"array","items":[{"type":"string"},{"$ref":"#/definitions/n"}],"additionalItems":false},
	  "a":{"type":"string"},"b":{"type":"string"},"c":{"type":"integer","multipleOf":5,"maximum":100},
	  "e":{"type":"string","enum":["one","two"]}},
	 "dependencies":{"a":["b"],"b":{"properties":{"c":{"minimum":10}}}},
	 "additionalProperties":false}`,
	// an open result with a map of strings.
	`{"type":"object","properties":{"total":{"type":"integer"},"stats":{"type":"object","additionalProperties":{"type":"string"}}},"required":["total"]}`,
	// numbers: multipleOf, exclusive bounds, a nullable number.
	`{"type":"object","properties":{"ratio":{"type":"number","minimum":0,"maximum":1,"multipleOf":0.25},"count":{"type":"integer","exclusiveMaximum":10},"price":{"type":["number","null"],"minimum":0}},"required":["ratio"]}`,
	// closed by unevaluatedProperties across allOf and anyOf.
	`{"type":"object","allOf":[{"properties":{"kind":{"enum":["a","b"]}},"required":["kind"]}],
	 "anyOf":[{"properties":{"x":{"type":"string"}}},{"properties":{"y":{"type":"integer"}}}],"unevaluatedProperties":false}`,
}

// refereeSeeds returns every seed schema of the referee: the oracle's and its own.
func refereeSeeds() []string {
	return append(append([]string(nil), oracleSeedSchemas...), refereeSeedSchemas...)
}

// refSchemaPlaces returns the pointers of every object subschema of s,
// under every keyword that holds subschemas, sorted.
func refSchemaPlaces(s any, ptr string, out *[]string, depth int) {
	m, ok := s.(map[string]any)
	if !ok || depth > 12 {
		return
	}
	*out = append(*out, ptr)
	for _, k := range sortedKeys(m) {
		v := m[k]
		switch k {
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies":
			if props, ok := v.(map[string]any); ok {
				for _, name := range sortedKeys(props) {
					refSchemaPlaces(props[name], ptr+"/"+k+"/"+escape(name), out, depth+1)
				}
			}
		case "items", "additionalItems", "additionalProperties", "unevaluatedProperties", "unevaluatedItems",
			"propertyNames", "contains", "not", "if", "then", "else":
			if _, ok := v.(map[string]any); ok {
				refSchemaPlaces(v, ptr+"/"+k, out, depth+1)
			} else if arr, ok := v.([]any); ok && k == "items" {
				for i, e := range arr {
					refSchemaPlaces(e, ptr+"/"+k+"/"+strconv.Itoa(i), out, depth+1)
				}
			}
		case "anyOf", "oneOf", "allOf", "prefixItems":
			if arr, ok := v.([]any); ok {
				for i, e := range arr {
					refSchemaPlaces(e, ptr+"/"+k+"/"+strconv.Itoa(i), out, depth+1)
				}
			}
		}
	}
}

// refNotConstraint are the keys an edit never deletes or adds: they only
// annotate, or hold definitions.
var refNotConstraint = map[string]bool{"$schema": true, "$id": true, "$defs": true, "definitions": true,
	"title": true, "description": true, "default": true, "examples": true, "$comment": true}

// refTypeOf returns the type a schema is for: its own (one of a list at
// random), else the one its keywords imply, else "".
func refTypeOf(s map[string]any, r *rand.Rand) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		if len(t) > 0 {
			if x, ok := t[r.IntN(len(t))].(string); ok {
				return x
			}
		}
	}
	for _, k := range sortedKeys(s) {
		switch k {
		case "properties", "required", "additionalProperties", "patternProperties", "propertyNames", "dependentRequired", "dependentSchemas", "unevaluatedProperties":
			return "object"
		case "items", "prefixItems", "contains", "minItems", "maxItems", "unevaluatedItems":
			return "array"
		case "minLength", "maxLength", "pattern", "format":
			return "string"
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
			return "number"
		}
	}
	for _, k := range []string{"const", "enum"} {
		v := s[k]
		if e, ok := v.([]any); ok && k == "enum" && len(e) > 0 {
			v = e[r.IntN(len(e))]
		}
		switch v.(type) {
		case string:
			return "string"
		case json.Number:
			return "number"
		case bool:
			return "boolean"
		case []any:
			return "array"
		case map[string]any:
			return "object"
		}
	}
	return ""
}

var refTypes = []string{"string", "integer", "number", "boolean", "object", "array", "null"}

var refPatterns = []string{"^[a-z]+$", "^x-", "^[0-9]{4}-", "Z$", "^.{0,3}$", "^[a-z0-9_]*$", "a"}

// refereeMutate edits a copy of base one to three times, each edit at a
// random subschema; the places are joined with " | " in the mutation's
// pointer list (refMutPlaces reads them back).
func refereeMutate(base any, draft7 bool, r *rand.Rand) (any, []mutation, bool) {
	head := deepCopy(base)
	n := 1 + r.IntN(3)
	var muts []mutation
	for tries := 0; len(muts) < n && tries < 40; tries++ {
		var m mutation
		var ok bool
		if r.IntN(5) == 0 {
			// the oracle's own mutations, on the head edited so far
			var h any
			h, m, ok = mutate(head, r)
			if ok && !m.equivalent {
				head = h
			} else {
				ok = false
			}
		} else {
			m, ok = refereeEdit(head, draft7, r)
		}
		if ok {
			muts = append(muts, m)
		}
	}
	if len(muts) == 0 || canonical(head) == canonical(base) {
		return nil, nil, false
	}
	return head, muts, true
}

// refereeEdit applies one edit of any keyword to head in place.
func refereeEdit(head any, draft7 bool, r *rand.Rand) (mutation, bool) {
	var places []string
	refSchemaPlaces(head, "", &places, 0)
	ptr := places[r.IntN(len(places))]
	v, _ := source.Resolve(head, ptr)
	s, ok := v.(map[string]any)
	if !ok {
		return mutation{}, false
	}
	g := &rawGen{root: head, r: r}
	e := &refEditor{head: head, s: s, ptr: ptr, r: r, g: g, draft7: draft7}
	var what string
	switch r.IntN(8) {
	case 0:
		what, ok = e.remove()
	case 1, 2:
		what, ok = e.add()
	case 3, 4:
		what, ok = e.modify()
	case 5:
		what, ok = e.child()
	case 6:
		what, ok = e.wrap()
	case 7:
		what, ok = e.listed()
	}
	if !ok {
		return mutation{}, false
	}
	return mutation{ptr: ptr, what: what}, true
}

// refEditor edits the subschema s (at ptr) of head.
type refEditor struct {
	head   any
	s      map[string]any
	ptr    string
	r      *rand.Rand
	g      *rawGen
	draft7 bool
}

func (e *refEditor) pick(list []string) string { return list[e.r.IntN(len(list))] }

// sample returns a value the subschema probably accepts.
func (e *refEditor) sample() any { return e.g.gen(e.s, 0) }

// names returns the member names the subschema declares, and a new one.
func (e *refEditor) names() []string {
	props, _ := e.s["properties"].(map[string]any)
	out := sortedKeys(props)
	return append(out, "fresh")
}

func (e *refEditor) remove() (string, bool) {
	var keys []string
	for _, k := range sortedKeys(e.s) {
		if !refNotConstraint[k] {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "", false
	}
	k := e.pick(keys)
	delete(e.s, k)
	if k == "if" {
		delete(e.s, "then")
		delete(e.s, "else")
	}
	return k + " removed", true
}

// add adds a keyword the subschema lacks, one that fits its type.
func (e *refEditor) add() (string, bool) {
	t := refTypeOf(e.s, e.r)
	common := []string{"type", "enum", "const", "not", "anyOf", "oneOf", "allOf", "if", "$ref"}
	var typed []string
	switch t {
	case "integer", "number":
		typed = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}
	case "string":
		typed = []string{"minLength", "maxLength", "pattern", "format"}
	case "array":
		typed = []string{"minItems", "maxItems", "uniqueItems", "items", "contains", "minContains", "maxContains"}
		if !e.draft7 {
			typed = append(typed, "prefixItems", "unevaluatedItems")
		}
	case "object":
		typed = []string{"required", "properties", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties"}
		if e.draft7 {
			typed = append(typed, "dependencies")
		} else {
			typed = append(typed, "dependentRequired", "dependentSchemas", "unevaluatedProperties")
		}
	}
	all := append(typed, typed...) // keywords of the type twice as often
	all = append(all, common...)
	k := e.pick(all)
	if _, has := e.s[k]; has && k != "properties" {
		return "", false
	}
	v, ok := e.value(k, t)
	if !ok {
		return "", false
	}
	if k == "properties" {
		props, _ := e.s["properties"].(map[string]any)
		if props == nil {
			props = map[string]any{}
			e.s["properties"] = props
		}
		for name, x := range v.(map[string]any) {
			props[name] = x
		}
		return "properties extended", true
	}
	if k == "if" {
		c := v.([3]any)
		e.s["if"] = c[0]
		if c[1] != nil {
			e.s["then"] = c[1]
		}
		if c[2] != nil {
			e.s["else"] = c[2]
		}
		return "if/then/else added", true
	}
	e.s[k] = v
	return k + " added", true
}

// value builds a value for keyword k on a subschema of type t.
func (e *refEditor) value(k, t string) (any, bool) {
	r := e.r
	small := func() json.Number { return json.Number(strconv.Itoa(r.IntN(6))) }
	sub := func() any { return e.subschema(t) }
	switch k {
	case "type":
		if r.IntN(2) == 0 {
			return e.pick(refTypes), true
		}
		return dedupValues([]any{e.pick(refTypes), e.pick(refTypes)}), true
	case "enum":
		vals := []any{e.sample(), e.sample()}
		if r.IntN(2) == 0 {
			vals = append(vals, e.sample())
		}
		return dedupValues(vals), true
	case "const":
		return e.sample(), true
	case "not":
		switch r.IntN(4) {
		case 0:
			return map[string]any{"const": e.sample()}, true
		case 1:
			return map[string]any{"enum": []any{e.sample()}}, true
		case 2:
			return map[string]any{"type": e.pick(refTypes)}, true
		}
		return sub(), true
	case "anyOf", "oneOf":
		switch r.IntN(4) {
		case 0:
			return []any{map[string]any{}, sub()}, true
		case 1:
			return []any{true, sub()}, true
		case 2:
			return []any{sub(), sub()}, true
		}
		return []any{map[string]any{"const": e.sample()}, map[string]any{"const": e.sample()}}, true
	case "allOf":
		return []any{sub()}, true
	case "if":
		var c [3]any
		c[0] = sub()
		if r.IntN(4) != 0 {
			c[1] = sub()
		}
		if r.IntN(2) == 0 {
			c[2] = sub()
		}
		if r.IntN(6) == 0 {
			c[1] = false
		}
		return c, true
	case "$ref":
		root, ok := e.head.(map[string]any)
		if !ok || e.ptr == "" {
			return nil, false
		}
		key := "$defs"
		if e.draft7 {
			return nil, false // draft-07 ignores the keywords beside $ref
		}
		defs, _ := root[key].(map[string]any)
		if defs == nil {
			defs = map[string]any{}
			root[key] = defs
		}
		name := fmt.Sprintf("ref%d", len(defs))
		defs[name] = sub()
		return "#/" + key + "/" + name, true
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		return small(), true
	case "multipleOf":
		return json.Number(e.pick([]string{"2", "0.5", "3", "0.25"})), true
	case "minLength", "minItems", "minProperties", "minContains":
		return json.Number(strconv.Itoa(1 + r.IntN(3))), true
	case "maxLength", "maxItems", "maxProperties", "maxContains":
		return json.Number(strconv.Itoa(r.IntN(4))), true
	case "pattern":
		return e.pick(refPatterns), true
	case "format":
		return e.pick([]string{"date", "email", "date-time", "uuid"}), true
	case "uniqueItems":
		return true, true
	case "items":
		if r.IntN(4) == 0 && !e.draft7 {
			return false, true
		}
		return map[string]any{"type": e.pick(refTypes)}, true
	case "prefixItems":
		return []any{map[string]any{"type": e.pick(refTypes)}}, true
	case "contains":
		if r.IntN(2) == 0 {
			return map[string]any{"type": e.pick(refTypes)}, true
		}
		if a, ok := e.sample().([]any); ok && len(a) > 0 {
			return map[string]any{"const": a[0]}, true
		}
		return map[string]any{"const": e.g.scalar()}, true
	case "unevaluatedItems", "unevaluatedProperties":
		return false, true
	case "required":
		return []any{e.pick(e.names())}, true
	case "properties":
		names := e.names()
		return map[string]any{e.pick(names): map[string]any{"type": e.pick(refTypes)}}, true
	case "additionalProperties":
		if r.IntN(2) == 0 {
			return false, true
		}
		return map[string]any{"type": e.pick(refTypes)}, true
	case "patternProperties":
		return map[string]any{e.pick([]string{"^x-", "^n_", "^[a-z]+$"}): map[string]any{"type": e.pick(refTypes)}}, true
	case "propertyNames":
		names := e.names()
		switch r.IntN(5) {
		case 0:
			return map[string]any{"pattern": e.pick(refPatterns)}, true
		case 1:
			return map[string]any{"maxLength": json.Number(strconv.Itoa(1 + r.IntN(4)))}, true
		case 2:
			vals := []any{}
			for _, n := range names[:len(names)-1] {
				if r.IntN(3) > 0 {
					vals = append(vals, n)
				}
			}
			return map[string]any{"enum": vals}, true
		case 3:
			return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"minLength": json.Number("1")}}}, true
		}
		return map[string]any{"not": map[string]any{"const": e.pick(names)}}, true
	case "dependentRequired":
		names := e.names()
		return map[string]any{e.pick(names): []any{e.pick(names)}}, true
	case "dependentSchemas", "dependencies":
		names := e.names()
		if k == "dependencies" && r.IntN(2) == 0 {
			return map[string]any{e.pick(names): []any{e.pick(names)}}, true
		}
		if r.IntN(2) == 0 {
			return map[string]any{e.pick(names): map[string]any{"required": []any{e.pick(names)}}}, true
		}
		return map[string]any{e.pick(names): map[string]any{"properties": map[string]any{e.pick(names): map[string]any{"type": e.pick(refTypes)}}}}, true
	}
	return nil, false
}

// subschema returns a small subschema for a value of type t.
func (e *refEditor) subschema(t string) any {
	r := e.r
	switch r.IntN(7) {
	case 0:
		return map[string]any{"type": e.pick(refTypes)}
	case 1:
		return map[string]any{"const": e.sample()}
	case 2:
		return map[string]any{}
	case 3:
		if r.IntN(2) == 0 {
			return true
		}
		return false
	}
	var kws []string
	switch t {
	case "integer", "number":
		kws = []string{"minimum", "maximum", "exclusiveMinimum", "multipleOf"}
	case "string":
		kws = []string{"minLength", "maxLength", "pattern"}
	case "array":
		kws = []string{"minItems", "maxItems", "contains", "items", "uniqueItems"}
	case "object":
		kws = []string{"required", "properties", "additionalProperties", "propertyNames", "maxProperties"}
	default:
		return map[string]any{"type": e.pick(refTypes)}
	}
	k := e.pick(kws)
	v, ok := e.value(k, t)
	if !ok {
		return map[string]any{}
	}
	if k == "properties" || k == "required" {
		// members of a subschema beside an object: required ones exist
		return map[string]any{k: v}
	}
	return map[string]any{k: v}
}

// modify changes the value of a keyword the subschema has.
func (e *refEditor) modify() (string, bool) {
	var keys []string
	for _, k := range sortedKeys(e.s) {
		if !refNotConstraint[k] {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return "", false
	}
	k := e.pick(keys)
	r := e.r
	switch x := e.s[k].(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return "", false
		}
		d := float64(1 + r.IntN(3))
		if r.IntN(2) == 0 {
			d = -d
		}
		switch {
		case k == "multipleOf":
			f *= []float64{2, 0.5, 3}[r.IntN(3)]
		default:
			f += d
		}
		if f < 0 && (strings.HasPrefix(k, "min") || strings.HasPrefix(k, "max")) && !strings.HasSuffix(k, "imum") {
			return "", false
		}
		if f <= 0 && k == "multipleOf" {
			return "", false
		}
		e.s[k] = jnum(f)
		return k + " moved", true
	case bool:
		e.s[k] = !x
		return k + " flipped", true
	case string:
		switch k {
		case "type":
			if r.IntN(2) == 0 {
				e.s[k] = dedupValues([]any{x, e.pick(refTypes)})
			} else {
				e.s[k] = e.pick(refTypes)
			}
		case "pattern":
			e.s[k] = e.pick(refPatterns)
		case "format":
			e.s[k] = e.pick([]string{"date", "email", "date-time", "uuid", "hostname"})
		case "$ref":
			root, _ := e.head.(map[string]any)
			for _, dk := range []string{"$defs", "definitions"} {
				if defs, ok := root[dk].(map[string]any); ok && len(defs) > 1 {
					names := sortedKeys(defs)
					e.s[k] = "#/" + dk + "/" + escape(e.pick(names))
					return "$ref retargeted", true
				}
			}
			return "", false
		default:
			return "", false
		}
		return k + " changed", true
	case []any:
		switch k {
		case "enum", "type", "required":
			if len(x) > 1 && r.IntN(2) == 0 {
				i := r.IntN(len(x))
				e.s[k] = append(append([]any{}, x[:i]...), x[i+1:]...)
				return k + " lost an entry", true
			}
			var nv any
			switch k {
			case "enum":
				nv = e.sample()
			case "type":
				nv = e.pick(refTypes)
			default:
				nv = e.pick(e.names())
			}
			e.s[k] = dedupValues(append(append([]any{}, x...), nv))
			return k + " gained an entry", true
		case "anyOf", "oneOf", "allOf", "prefixItems", "items":
			switch {
			case len(x) > 1 && r.IntN(3) == 0:
				i := r.IntN(len(x))
				e.s[k] = append(append([]any{}, x[:i]...), x[i+1:]...)
				return k + " lost an entry", true
			case len(x) > 0 && r.IntN(2) == 0:
				// a copy of one entry: two oneOf options that overlap
				e.s[k] = append(append([]any{}, x...), deepCopy(x[r.IntN(len(x))]))
				return k + " entry duplicated", true
			}
			e.s[k] = append(append([]any{}, x...), e.subschema(e.pick(refTypes)))
			return k + " gained an entry", true
		}
		return "", false
	case map[string]any:
		switch k {
		case "properties", "patternProperties", "$defs", "dependentSchemas", "dependentRequired", "dependencies":
			names := sortedKeys(x)
			if len(names) == 0 {
				return "", false
			}
			n := e.pick(names)
			m := make(map[string]any, len(x))
			for kk, vv := range x {
				m[kk] = vv
			}
			switch {
			case k == "patternProperties" && r.IntN(2) == 0:
				delete(m, n)
				m[e.pick([]string{"^y-", "^x-a", "^[a-z]+$", "^n_"})] = x[n]
				e.s[k] = m
				return "pattern renamed", true
			case r.IntN(3) == 0:
				delete(m, n)
				e.s[k] = m
				return k + " lost " + n, true
			}
			if arr, ok := x[n].([]any); ok {
				m[n] = append(append([]any{}, arr...), e.pick(e.names()))
			} else {
				m[n] = e.subschema(e.pick(refTypes))
			}
			e.s[k] = m
			return k + " " + n + " replaced", true
		}
		e.s[k] = e.subschema(refTypeOf(x, r))
		return k + " replaced", true
	}
	return "", false
}

// child replaces a subschema-valued keyword's value by true, false or {}.
func (e *refEditor) child() (string, bool) {
	var keys []string
	for _, k := range []string{"items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "contains", "not", "then", "else", "propertyNames", "additionalItems"} {
		if _, ok := e.s[k]; ok {
			keys = append(keys, k)
		}
	}
	if props, ok := e.s["properties"].(map[string]any); ok {
		for _, n := range sortedKeys(props) {
			keys = append(keys, "properties/"+n)
		}
	}
	if len(keys) == 0 {
		return "", false
	}
	k := e.pick(keys)
	vals := []any{true, false, map[string]any{}}
	nv := vals[e.r.IntN(len(vals))]
	if name, ok := strings.CutPrefix(k, "properties/"); ok {
		props := e.s["properties"].(map[string]any)
		m := make(map[string]any, len(props))
		for kk, vv := range props {
			m[kk] = vv
		}
		m[name] = nv
		e.s["properties"] = m
	} else {
		e.s[k] = nv
	}
	return k + " became " + canonical(nv), true
}

// wrap replaces the subschema by a union or conjunction holding it: a
// oneOf with an option that overlaps it, an anyOf that widens it, an allOf
// that narrows it.
func (e *refEditor) wrap() (string, bool) {
	if e.ptr == "" {
		return "", false
	}
	inner := map[string]any{}
	for k, x := range e.s {
		inner[k] = x
		delete(e.s, k)
	}
	t := refTypeOf(inner, e.r)
	var what string
	switch e.r.IntN(4) {
	case 0:
		e.s["oneOf"] = []any{inner, map[string]any{}}
		what = "wrapped in oneOf with {}"
	case 1:
		e.s["oneOf"] = []any{inner, e.subschema(t)}
		what = "wrapped in oneOf with another option"
	case 2:
		e.s["anyOf"] = []any{inner, map[string]any{"type": e.pick(refTypes)}}
		what = "wrapped in anyOf"
	default:
		e.s["allOf"] = []any{inner, e.subschema(t)}
		what = "wrapped in allOf"
	}
	return what, true
}

// listed edits beside a finite set (enum, const): a not, an if/else, an
// anyOf that drops a value, a bound or required beside enums of arrays or
// objects (issue 29 class 1); without one, a oneOf option is widened.
func (e *refEditor) listed() (string, bool) {
	var vals []any
	if c, ok := e.s["const"]; ok {
		vals = []any{c}
	} else if arr, ok := e.s["enum"].([]any); ok {
		vals = arr
	}
	if len(vals) == 0 {
		if arr, ok := e.s["oneOf"].([]any); ok && len(arr) > 0 {
			// widen an option: drop one keyword of it
			i := e.r.IntN(len(arr))
			opt, ok := arr[i].(map[string]any)
			if !ok || len(opt) == 0 {
				return "", false
			}
			cp := deepCopy(opt).(map[string]any)
			delete(cp, e.pick(sortedKeys(cp)))
			na := append([]any{}, arr...)
			na[i] = cp
			e.s["oneOf"] = na
			return "oneOf option widened", true
		}
		return "", false
	}
	v := vals[e.r.IntN(len(vals))]
	switch e.r.IntN(6) {
	case 0:
		e.s["not"] = map[string]any{"const": v}
		return "not const beside a listed value", true
	case 1:
		delete(e.s, "enum")
		delete(e.s, "const")
		e.s["not"] = map[string]any{"enum": vals}
		return "listed values became not enum", true
	case 2:
		e.s["if"] = map[string]any{"const": v}
		e.s["else"] = false
		if e.r.IntN(2) == 0 {
			delete(e.s, "else")
			e.s["then"] = false
		}
		return "if/else beside a listed value", true
	case 3:
		var opts []any
		for _, x := range vals {
			if canonical(x) != canonical(v) {
				opts = append(opts, map[string]any{"const": x})
			}
		}
		if len(opts) == 0 {
			opts = []any{map[string]any{"type": "null"}}
		}
		e.s["anyOf"] = opts
		return "anyOf that drops a listed value", true
	case 4:
		switch x := v.(type) {
		case []any:
			e.s["maxItems"] = json.Number(strconv.Itoa(max(len(x)-1, 0)))
			return "maxItems beside an enum of arrays", true
		case map[string]any:
			e.s["required"] = []any{"n"}
			return "required beside an enum of objects", true
		case string:
			e.s["maxLength"] = json.Number(strconv.Itoa(max(len(x)-1, 0)))
			return "maxLength beside an enum", true
		case json.Number:
			e.s["exclusiveMaximum"] = x
			return "exclusiveMaximum beside an enum", true
		}
		return "", false
	}
	e.s["oneOf"] = []any{map[string]any{"const": v}, map[string]any{}}
	return "oneOf that takes a listed value twice", true
}

// rawGen samples values from raw schemas, following $ref, allOf, one
// branch of anyOf/oneOf, if/then/else, dependentSchemas, prefixItems and
// contains, at random.
type rawGen struct {
	root any
	r    *rand.Rand
}

var refSampleStrings = append(append([]string(nil), sampleStrings...), "main", "fast", "slow", "x-trace", "n_count", "env", "legacy", "1234", "zz", "a1")

func (g *rawGen) scalar() any {
	switch g.r.IntN(6) {
	case 0, 1:
		return refSampleStrings[g.r.IntN(len(refSampleStrings))]
	case 2:
		return json.Number(strconv.Itoa(g.r.IntN(12) - 2))
	case 3:
		return json.Number(e5[g.r.IntN(len(e5))])
	case 4:
		return g.r.IntN(2) == 0
	}
	return nil
}

var e5 = []string{"0.5", "2.5", "-1.5", "100", "0.25", "1e3"}

// conj returns the schemas that apply together at one place: s, what its
// $ref selects, its allOf members, one branch of each anyOf/oneOf and the
// branch of an if it picks.
func (g *rawGen) conj(s any, depth int, out []map[string]any) []map[string]any {
	m, ok := s.(map[string]any)
	if !ok || depth > 10 || len(out) > 40 {
		return out
	}
	out = append(out, m)
	if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
		if t, ok := source.Resolve(g.root, ref[1:]); ok {
			out = g.conj(t, depth+1, out)
		}
	}
	if arr, ok := m["allOf"].([]any); ok {
		for _, x := range arr {
			out = g.conj(x, depth+1, out)
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if arr, ok := m[k].([]any); ok && len(arr) > 0 {
			out = g.conj(arr[g.r.IntN(len(arr))], depth+1, out)
		}
	}
	if _, ok := m["if"]; ok {
		if g.r.IntN(2) == 0 {
			out = g.conj(m["if"], depth+1, out)
			out = g.conj(m["then"], depth+1, out)
		} else {
			out = g.conj(m["else"], depth+1, out)
		}
	}
	return out
}

func (g *rawGen) gen(s any, depth int) any {
	if depth > 7 {
		return nil
	}
	if s == true || s == nil {
		return g.any(depth)
	}
	cs := g.conj(s, 0, nil)
	if len(cs) == 0 {
		return g.scalar()
	}
	for _, c := range cs {
		if v, ok := c["const"]; ok && g.r.IntN(8) > 0 {
			return v
		}
	}
	for _, c := range cs {
		if e, ok := c["enum"].([]any); ok && len(e) > 0 && g.r.IntN(8) > 0 {
			return e[g.r.IntN(len(e))]
		}
	}
	var types []string
	for _, c := range cs {
		var ts []string
		switch t := c["type"].(type) {
		case string:
			ts = []string{t}
		case []any:
			for _, x := range t {
				if s, ok := x.(string); ok {
					ts = append(ts, s)
				}
			}
		default:
			continue
		}
		if types == nil {
			types = ts
			continue
		}
		var both []string
		for _, a := range types {
			for _, b := range ts {
				if a == b || a == "number" && b == "integer" {
					both = append(both, b)
				} else if a == "integer" && b == "number" {
					both = append(both, a)
				}
			}
		}
		types = both
	}
	t := ""
	switch {
	case len(types) > 0:
		t = types[g.r.IntN(len(types))]
	case types != nil:
		return g.scalar()
	default:
		for _, c := range cs {
			if x := refTypeOf(c, g.r); x != "" {
				t = x
				break
			}
		}
	}
	switch t {
	case "object":
		return g.object(cs, depth)
	case "array":
		return g.array(cs, depth)
	case "string":
		return g.str(cs)
	case "integer":
		return g.number(cs, true)
	case "number":
		return g.number(cs, false)
	case "boolean":
		return g.r.IntN(2) == 0
	case "null":
		return nil
	}
	return g.any(depth)
}

// any returns a value of any type.
func (g *rawGen) any(depth int) any {
	switch g.r.IntN(8) {
	case 0:
		if depth < 4 {
			return map[string]any{}
		}
	case 1:
		if depth < 4 {
			return []any{g.scalar()}
		}
	}
	return g.scalar()
}

func refNum(cs []map[string]any, k string) (float64, bool) {
	for _, c := range cs {
		if f, ok := num(c[k]); ok {
			return f, true
		}
	}
	return 0, false
}

func (g *rawGen) object(cs []map[string]any, depth int) any {
	out := map[string]any{}
	props := map[string][]any{}
	var names []string
	req := map[string]bool{}
	var patterns []string
	for _, c := range cs {
		if p, ok := c["properties"].(map[string]any); ok {
			for _, k := range sortedKeys(p) {
				if _, seen := props[k]; !seen {
					names = append(names, k)
				}
				props[k] = append(props[k], p[k])
			}
		}
		if r, ok := c["required"].([]any); ok {
			for _, x := range r {
				if s, ok := x.(string); ok {
					req[s] = true
				}
			}
		}
		if pp, ok := c["patternProperties"].(map[string]any); ok {
			patterns = append(patterns, sortedKeys(pp)...)
		}
	}
	memberOf := func(k string) any {
		var sub []any
		sub = append(sub, props[k]...)
		for _, c := range cs {
			if pp, ok := c["patternProperties"].(map[string]any); ok {
				for _, p := range sortedKeys(pp) {
					if re, err := regexp.Compile(p); err == nil && re.MatchString(k) {
						sub = append(sub, pp[p])
					}
				}
			}
		}
		if len(sub) == 0 {
			for _, c := range cs {
				if ap, ok := c["additionalProperties"]; ok {
					sub = append(sub, ap)
				}
			}
		}
		if len(sub) == 0 {
			return g.any(depth + 1)
		}
		return g.gen(map[string]any{"allOf": sub}, depth+1)
	}
	for _, k := range names {
		if req[k] || g.r.IntN(2) == 0 {
			out[k] = memberOf(k)
		}
	}
	for _, k := range sortedKeys(req) {
		if _, has := out[k]; !has {
			out[k] = memberOf(k)
		}
	}
	for _, p := range patterns {
		if g.r.IntN(2) == 0 {
			if k, ok := refNameFor(p, g.r); ok {
				out[k] = memberOf(k)
			}
		}
	}
	if g.r.IntN(4) == 0 {
		for _, c := range cs {
			if ap, ok := c["additionalProperties"].(map[string]any); ok {
				out["more"] = g.gen(ap, depth+1)
				break
			}
		}
	}
	// dependencies: a present trigger brings what it requires
	for _, c := range cs {
		for _, dk := range []string{"dependentRequired", "dependentSchemas", "dependencies"} {
			d, ok := c[dk].(map[string]any)
			if !ok {
				continue
			}
			for _, trig := range sortedKeys(d) {
				if _, has := out[trig]; !has {
					continue
				}
				switch x := d[trig].(type) {
				case []any:
					for _, n := range x {
						if s, ok := n.(string); ok {
							if _, has := out[s]; !has {
								out[s] = memberOf(s)
							}
						}
					}
				case map[string]any:
					if dv, ok := g.gen(x, depth+1).(map[string]any); ok {
						for kk, vv := range dv {
							if _, has := out[kk]; !has {
								out[kk] = vv
							}
						}
					}
				}
			}
		}
	}
	if lo, ok := refNum(cs, "minProperties"); ok {
		for i := 0; float64(len(out)) < lo && i < len(names); i++ {
			if _, has := out[names[i]]; !has {
				out[names[i]] = memberOf(names[i])
			}
		}
	}
	return out
}

func (g *rawGen) array(cs []map[string]any, depth int) any {
	var prefix []any
	var items, contains []any
	for _, c := range cs {
		if p, ok := c["prefixItems"].([]any); ok && prefix == nil {
			prefix = p
		}
		switch it := c["items"].(type) {
		case []any:
			if prefix == nil {
				prefix = it
			}
		case nil:
		default:
			items = append(items, it)
		}
		if ai, ok := c["additionalItems"]; ok {
			items = append(items, ai)
		}
		if ct, ok := c["contains"]; ok {
			contains = append(contains, ct)
		}
	}
	lo, _ := refNum(cs, "minItems")
	hi, ok := refNum(cs, "maxItems")
	if !ok || hi > lo+3 {
		hi = lo + 3
	}
	if hi < lo {
		hi = lo
	}
	n := int(lo) + g.r.IntN(int(hi-lo)+1)
	if g.r.IntN(2) == 0 && n < len(prefix) {
		n = len(prefix)
	}
	a := make([]any, 0, n)
	for i := range n {
		var s any = map[string]any{"allOf": items}
		if i < len(prefix) {
			s = prefix[i]
		} else if len(items) == 0 {
			s = true
		}
		if len(contains) > 0 && g.r.IntN(2) == 0 {
			s = map[string]any{"allOf": append([]any{s}, contains[g.r.IntN(len(contains))])}
		}
		a = append(a, g.gen(s, depth+1))
	}
	return a
}

func (g *rawGen) str(cs []map[string]any) string {
	var res []*regexp.Regexp
	format := ""
	for _, c := range cs {
		if p, ok := c["pattern"].(string); ok {
			if re, err := regexp.Compile(p); err == nil {
				res = append(res, re)
			}
		}
		if f, ok := c["format"].(string); ok {
			format = f
		}
	}
	lo, _ := refNum(cs, "minLength")
	hi, ok := refNum(cs, "maxLength")
	if !ok || hi > lo+8 {
		hi = lo + 8
	}
	if hi < lo {
		hi = lo
	}
	fits := func(s string) bool {
		n := float64(len([]rune(s)))
		if n < lo || n > hi {
			return false
		}
		for _, re := range res {
			if !re.MatchString(s) {
				return false
			}
		}
		return true
	}
	pool := refSampleStrings
	switch format {
	case "date":
		pool = []string{"2024-01-01", "2024-02-30"}
	case "date-time":
		pool = []string{"2024-01-01T00:00:00Z", "2024-01-01T00:00:00+02:00"}
	case "email":
		pool = []string{"user@example.com"}
	case "uuid":
		pool = []string{"123e4567-e89b-12d3-a456-426614174000"}
	}
	if g.r.IntN(5) > 0 {
		start := g.r.IntN(len(pool))
		for i := range pool {
			if s := pool[(start+i)%len(pool)]; fits(s) {
				return s
			}
		}
	}
	n := int(lo) + g.r.IntN(int(hi-lo)+1)
	for _, c := range []string{"a", "1", "x-", "Z"} {
		if s := strings.Repeat(c, n); fits(s) {
			return s
		}
	}
	return strings.Repeat("a", n)
}

func (g *rawGen) number(cs []map[string]any, integer bool) any {
	lo, hasLo := refNum(cs, "minimum")
	if x, ok := refNum(cs, "exclusiveMinimum"); ok && (!hasLo || x >= lo) {
		lo, hasLo = x+0.5, true
	}
	hi, hasHi := refNum(cs, "maximum")
	if x, ok := refNum(cs, "exclusiveMaximum"); ok && (!hasHi || x <= hi) {
		hi, hasHi = x-0.5, true
	}
	switch {
	case !hasLo && !hasHi:
		lo, hi = -5, 20
	case !hasLo:
		lo = hi - 10
	case !hasHi:
		hi = lo + 10
	}
	if hi < lo {
		return jnum(lo)
	}
	step := 0.0
	if m, ok := refNum(cs, "multipleOf"); ok && m > 0 {
		step = m
	}
	var v float64
	switch g.r.IntN(4) {
	case 0:
		v = lo
	case 1:
		v = hi
	default:
		v = lo + float64(g.r.IntN(int(hi-lo)+1))
		if !integer && g.r.IntN(2) == 0 {
			v += 0.5
		}
	}
	if step > 0 {
		k := float64(int(v / step))
		v = k * step
		if v < lo {
			v += step
		}
	}
	if integer {
		v = float64(int(v))
		if v < lo {
			v++
		}
	}
	return jnum(v)
}

// refNameFor returns a member name that matches pattern p.
func refNameFor(p string, r *rand.Rand) (string, bool) {
	re, err := regexp.Compile(p)
	if err != nil {
		return "", false
	}
	lit := strings.TrimSuffix(strings.TrimPrefix(p, "^"), "$")
	cands := []string{lit + "a", lit + "1", lit, lit + "trace"}
	cands = append(cands, refSampleStrings...)
	start := r.IntN(len(cands))
	for i := range cands {
		if c := cands[(start+i)%len(cands)]; re.MatchString(c) {
			return c, true
		}
	}
	return "", false
}

// perturb returns a variant of v: a member dropped, added (one of names,
// the members the schemas declare, or a pattern's name) or replaced, an
// array element added, dropped, repeated or changed, a number or string
// moved a little, a value of another type.
func (g *rawGen) perturb(v any, names []string, other func() any, depth int) any {
	r := g.r
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x)+1)
		for k, e := range x {
			out[k] = e
		}
		ks := sortedKeys(out)
		switch op := r.IntN(5); {
		case op == 0 && len(ks) > 0:
			delete(out, ks[r.IntN(len(ks))])
		case op == 1 && len(names) > 0:
			out[names[r.IntN(len(names))]] = other()
		case op == 2 && len(names) > 0:
			out[names[r.IntN(len(names))]] = g.scalar()
		case len(ks) > 0 && depth < 6:
			k := ks[r.IntN(len(ks))]
			out[k] = g.perturb(out[k], names, g.scalar, depth+1)
		default:
			out["added"] = other()
		}
		return out
	case []any:
		switch op := r.IntN(5); {
		case op == 0 && len(x) > 0:
			i := r.IntN(len(x))
			out := append([]any(nil), x...)
			out[i] = g.perturb(out[i], names, g.scalar, depth+1)
			return out
		case op == 1 && len(x) > 0:
			i := r.IntN(len(x))
			return append(append([]any(nil), x[:i]...), x[i+1:]...)
		case op == 2 && len(x) > 0:
			return append(append([]any(nil), x...), x[r.IntN(len(x))])
		case op == 3:
			return append(append([]any(nil), x...), g.scalar())
		}
		return append(append([]any(nil), x...), other())
	case json.Number:
		f, _ := x.Float64()
		return jnum(f + []float64{-2, -1, -0.5, 0.5, 1, 2, 10, -10}[r.IntN(8)])
	case string:
		switch r.IntN(4) {
		case 0:
			if len(x) > 0 {
				return x[:len(x)-1]
			}
		case 1:
			return x + "Z"
		case 2:
			return strings.ToUpper(x) + x
		}
		return other()
	}
	return other()
}

// declaredNames returns every member name a raw schema declares
// (properties anywhere, a name for each patternProperties pattern).
func declaredNames(s any, r *rand.Rand, depth int, out map[string]bool) {
	if depth > 12 {
		return
	}
	switch x := s.(type) {
	case map[string]any:
		if p, ok := x["properties"].(map[string]any); ok {
			for k := range p {
				out[k] = true
			}
		}
		if pp, ok := x["patternProperties"].(map[string]any); ok {
			for p := range pp {
				if n, ok := refNameFor(p, r); ok {
					out[n] = true
				}
			}
		}
		for _, k := range sortedKeys(x) {
			if k != "enum" && k != "const" && k != "default" && k != "examples" {
				declaredNames(x[k], r, depth+1, out)
			}
		}
	case []any:
		for _, e := range x {
			declaredNames(e, r, depth+1, out)
		}
	}
}

// onlyDeclared reports whether every member of every object in v is one
// the raw schema s declares where it lies: a property, a name a
// patternProperties pattern matches, or a member of a map (an
// additionalProperties or unevaluatedProperties that constrains). Callers
// are not expected to send members a schema does not declare (an optional
// member added to an open input object is silent by design), and servers
// return only what they declare. Every subschema that may apply counts
// (all branches of a union, then and else, every dependentSchemas entry).
func onlyDeclared(root, s any, v any) bool {
	return declaredAt(root, []any{s}, v, 0)
}

// applicable returns the schemas that may apply where s applies.
func applicable(root any, ss []any, depth int) []map[string]any {
	var out []map[string]any
	seen := map[string]bool{}
	var walk func(s any, d int)
	walk = func(s any, d int) {
		m, ok := s.(map[string]any)
		if !ok || d > 12 || len(out) > 200 {
			return
		}
		c := fmt.Sprintf("%p", m)
		if seen[c] {
			return
		}
		seen[c] = true
		out = append(out, m)
		if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
			if t, ok := source.Resolve(root, ref[1:]); ok {
				walk(t, d+1)
			}
		}
		for _, k := range []string{"allOf", "anyOf", "oneOf"} {
			if arr, ok := m[k].([]any); ok {
				for _, x := range arr {
					walk(x, d+1)
				}
			}
		}
		for _, k := range []string{"then", "else"} {
			walk(m[k], d+1)
		}
		for _, k := range []string{"dependentSchemas", "dependencies"} {
			if ds, ok := m[k].(map[string]any); ok {
				for _, n := range sortedKeys(ds) {
					walk(ds[n], d+1)
				}
			}
		}
	}
	for _, s := range ss {
		walk(s, depth)
	}
	return out
}

// constrains reports whether a member schema says anything.
func constrains(s any) bool {
	m, ok := s.(map[string]any)
	if !ok {
		return false
	}
	for k := range m {
		if !refNotConstraint[k] {
			return true
		}
	}
	return false
}

func declaredAt(root any, ss []any, v any, depth int) bool {
	if depth > 16 {
		return true
	}
	switch x := v.(type) {
	case map[string]any:
		apps := applicable(root, ss, 0)
		for _, k := range sortedKeys(x) {
			var sub []any
			declared := false
			for _, a := range apps {
				if p, ok := a["properties"].(map[string]any); ok {
					if ps, ok := p[k]; ok {
						sub = append(sub, ps)
						declared = true
					}
				}
				if pp, ok := a["patternProperties"].(map[string]any); ok {
					for p, ps := range pp {
						re, err := regexp.Compile(p)
						if err != nil || re.MatchString(k) {
							sub = append(sub, ps)
							declared = true
						}
					}
				}
			}
			if !declared {
				for _, a := range apps {
					for _, kw := range []string{"additionalProperties", "unevaluatedProperties"} {
						if ap, ok := a[kw]; ok && constrains(ap) {
							sub = append(sub, ap)
							declared = true
						}
					}
				}
			}
			if !declared || !declaredAt(root, sub, x[k], depth+1) {
				return false
			}
		}
	case []any:
		apps := applicable(root, ss, 0)
		for i, e := range x {
			var sub []any
			for _, a := range apps {
				if p, ok := a["prefixItems"].([]any); ok && i < len(p) {
					sub = append(sub, p[i])
				} else if p, ok := a["items"].([]any); ok && i < len(p) {
					sub = append(sub, p[i])
				} else {
					for _, kw := range []string{"items", "additionalItems", "unevaluatedItems"} {
						if it, ok := a[kw]; ok {
							if _, isArr := it.([]any); !isArr {
								sub = append(sub, it)
							}
						}
					}
				}
				if ct, ok := a["contains"]; ok {
					sub = append(sub, ct)
				}
			}
			if !declaredAt(root, sub, e, depth+1) {
				return false
			}
		}
	}
	return true
}

// refMutPlaces returns where findings about the mutations may be: each
// changed pointer, and for a change inside $defs/definitions every $ref to
// the entry (as oracleCase.places does for one mutation).
func refMutPlaces(muts []mutation, base, head any, key string) []string {
	var out []string
	for _, m := range muts {
		oc := &oracleCase{base: base, head: head, mut: m}
		out = append(out, oc.places(key)...)
		// a change under then or else is judged at its if
		for _, p := range oc.places(key) {
			for _, kw := range []string{"/then", "/else"} {
				if i := strings.LastIndex(p, kw); i >= 0 && (len(p) == i+len(kw) || p[i+len(kw)] == '/') {
					out = append(out, p[:i]+"/if")
				}
			}
		}
	}
	sort.Strings(out)
	return out
}
