package schema

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync/atomic"
)

// A pre-check decides, in one walk of a schema, whether the schema is
// certainly valid against its dialect's meta-schema (and certainly
// compiles), so that compiling it can wait until a value is validated. It
// is conservative: it answers true only when every keyword it meets is one
// it knows for the dialect and its value satisfies exactly what the
// meta-schema requires. Anything else ($id, anchors, $dynamicRef,
// $vocabulary, a nested $schema, references that are not plain local JSON
// Pointers to schemas it checked, numbers it cannot judge exactly, values
// outside the plain model) answers false, and the library decides.

// kwKind is what a keyword's value must be.
type kwKind uint8

const (
	kwUnsure       kwKind = iota // not judged here: the library decides
	kwAny                        // any value (const, default)
	kwSchema                     // one schema
	kwSchemaMap                  // an object whose values are schemas
	kwPatternMap                 // kwSchemaMap whose names are ECMA-262 regular expressions
	kwSchemaArray                // a non-empty array of schemas
	kwItems7                     // draft-07 items: a schema or a non-empty array of schemas
	kwDependencies               // an object whose values are schemas or arrays of unique strings
	kwDepRequired                // an object whose values are arrays of unique strings
	kwType                       // a simple type name or a non-empty array of unique ones
	kwEnum                       // 2020-12 enum: an array
	kwEnum7                      // draft-07 enum: a non-empty array of unique items
	kwArray                      // an array (examples)
	kwString                     // a string
	kwBool                       // a boolean
	kwNumber                     // a number
	kwPositive                   // a number greater than 0
	kwNonNegInt                  // an integer not below 0
	kwRegex                      // an ECMA-262 regular expression
	kwStringSet                  // an array of unique strings
	kwRef                        // "$ref": a local JSON Pointer to a schema
	kwRootSchema                 // "$schema": only at the root, where the dialect was detected
)

// Keywords of each dialect's meta-schema, with what their values must be.
// Members absent from these tables are not keywords: the meta-schema allows
// any value and the compiler ignores them.
var (
	keywords2020 = map[string]kwKind{
		"$schema": kwRootSchema, "$ref": kwRef, "$comment": kwString, "$defs": kwSchemaMap,
		"$id": kwUnsure, "$anchor": kwUnsure, "$dynamicRef": kwUnsure, "$dynamicAnchor": kwUnsure,
		"$vocabulary": kwUnsure, "$recursiveRef": kwUnsure, "$recursiveAnchor": kwUnsure,
		"definitions": kwSchemaMap, "dependencies": kwDependencies,
		"prefixItems": kwSchemaArray, "items": kwSchema, "contains": kwSchema,
		"additionalProperties": kwSchema, "properties": kwSchemaMap, "patternProperties": kwPatternMap,
		"dependentSchemas": kwSchemaMap, "propertyNames": kwSchema,
		"if": kwSchema, "then": kwSchema, "else": kwSchema, "not": kwSchema,
		"allOf": kwSchemaArray, "anyOf": kwSchemaArray, "oneOf": kwSchemaArray,
		"unevaluatedItems": kwSchema, "unevaluatedProperties": kwSchema,
		"type": kwType, "const": kwAny, "enum": kwEnum,
		"multipleOf": kwPositive, "maximum": kwNumber, "exclusiveMaximum": kwNumber,
		"minimum": kwNumber, "exclusiveMinimum": kwNumber,
		"maxLength": kwNonNegInt, "minLength": kwNonNegInt, "pattern": kwRegex,
		"maxItems": kwNonNegInt, "minItems": kwNonNegInt, "uniqueItems": kwBool,
		"maxContains": kwNonNegInt, "minContains": kwNonNegInt,
		"maxProperties": kwNonNegInt, "minProperties": kwNonNegInt,
		"required": kwStringSet, "dependentRequired": kwDepRequired,
		"title": kwString, "description": kwString, "default": kwAny,
		"deprecated": kwBool, "readOnly": kwBool, "writeOnly": kwBool, "examples": kwArray,
		"contentEncoding": kwString, "contentMediaType": kwString, "contentSchema": kwSchema,
		"format": kwString,
	}
	keywordsDraft7 = map[string]kwKind{
		"$schema": kwRootSchema, "$ref": kwRef, "$comment": kwString, "$id": kwUnsure,
		"title": kwString, "description": kwString, "default": kwAny,
		"readOnly": kwBool, "writeOnly": kwBool, "examples": kwArray,
		"multipleOf": kwPositive, "maximum": kwNumber, "exclusiveMaximum": kwNumber,
		"minimum": kwNumber, "exclusiveMinimum": kwNumber,
		"maxLength": kwNonNegInt, "minLength": kwNonNegInt, "pattern": kwRegex,
		"additionalItems": kwSchema, "items": kwItems7,
		"maxItems": kwNonNegInt, "minItems": kwNonNegInt, "uniqueItems": kwBool, "contains": kwSchema,
		"maxProperties": kwNonNegInt, "minProperties": kwNonNegInt, "required": kwStringSet,
		"additionalProperties": kwSchema, "definitions": kwSchemaMap, "properties": kwSchemaMap,
		"patternProperties": kwPatternMap, "dependencies": kwDependencies, "propertyNames": kwSchema,
		"const": kwAny, "enum": kwEnum7, "type": kwType,
		"format": kwString, "contentMediaType": kwString, "contentEncoding": kwString,
		"if": kwSchema, "then": kwSchema, "else": kwSchema,
		"allOf": kwSchemaArray, "anyOf": kwSchemaArray, "oneOf": kwSchemaArray, "not": kwSchema,
	}
)

// precheck is the state of one pre-check walk.
type precheck struct {
	kw   map[string]kwKind
	refs []string // fragments of the local references met
	re   func(string) error
}

// certainlyValid reports whether schema is certainly valid against the
// meta-schema of d and certainly compiles (regular expressions compile
// with the engine the compiler uses, every reference selects a schema the
// walk checked). false means "not sure". schema must be within the bounds
// (checkBounds), which keeps the recursion shallow.
func certainlyValid(schema any, d Dialect, l Limits) bool {
	p := precheck{kw: keywords2020}
	switch d {
	case Dialect2020:
	case DialectDraft7:
		p.kw = keywordsDraft7
	default:
		return false
	}
	engine := ecmaEngine(l.RegexTimeout, &atomic.Int64{})
	p.re = func(s string) error { _, err := engine(s); return err }
	if !p.schema(schema, true) {
		return false
	}
	for _, frag := range p.refs {
		if !p.selectsSchema(schema, frag) {
			return false
		}
	}
	return true
}

// schema judges one schema position.
func (p *precheck) schema(v any, root bool) bool {
	switch v := v.(type) {
	case bool:
		return true
	case map[string]any:
		for k, c := range v {
			kind, known := p.kw[k]
			if !known {
				if !plain(c) {
					return false
				}
				continue
			}
			if kind == kwRootSchema {
				// The root $schema was detected as a supported dialect
				// (detectDialect); a nested one is left to the library.
				if !root {
					return false
				}
				if s, ok := c.(string); !ok {
					return false
				} else if _, ok := dialectOf(s); !ok {
					return false
				}
				continue
			}
			if !p.keyword(kind, c) {
				return false
			}
		}
		return true
	}
	return false
}

// keyword judges the value of a keyword of the given kind: keywords whose
// values hold schemas walk on; the others are judged as plain values.
func (p *precheck) keyword(kind kwKind, v any) bool {
	switch kind {
	case kwSchema:
		return p.schema(v, false)
	case kwSchemaMap:
		return p.schemaMap(v, false)
	case kwPatternMap:
		return p.schemaMap(v, true)
	case kwSchemaArray:
		return p.schemaArray(v)
	case kwItems7:
		if _, ok := v.([]any); ok {
			return p.schemaArray(v)
		}
		return p.schema(v, false)
	case kwDependencies:
		return p.dependencies(v)
	case kwRef:
		return p.ref(v)
	case kwRegex:
		s, ok := v.(string)
		return ok && p.re(s) == nil
	}
	return valueKeyword(kind, v)
}

// schemaMap judges an object whose values are schemas; with patterns its
// member names must also be regular expressions the engine compiles.
func (p *precheck) schemaMap(v any, patterns bool) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for name, c := range m {
		if patterns && p.re(name) != nil {
			return false
		}
		if !p.schema(c, false) {
			return false
		}
	}
	return true
}

// dependencies judges draft-07 dependencies (also known to 2020-12): an
// object whose values are schemas or arrays of unique strings.
func (p *precheck) dependencies(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for _, c := range m {
		if _, ok := c.([]any); ok {
			if !uniqueStrings(c, false) {
				return false
			}
		} else if !p.schema(c, false) {
			return false
		}
	}
	return true
}

// ref judges a "$ref": a plain local JSON Pointer, recorded so that the
// walk can check afterwards that it selects a schema.
func (p *precheck) ref(v any) bool {
	s, ok := v.(string)
	if !ok || !plainLocalRef(s) {
		return false
	}
	p.refs = append(p.refs, s[1:])
	return true
}

// valueKeyword judges the value of a keyword that holds no schema.
func valueKeyword(kind kwKind, v any) bool {
	switch kind {
	case kwAny:
		return plain(v)
	case kwDepRequired:
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		for _, c := range m {
			if !uniqueStrings(c, false) {
				return false
			}
		}
		return true
	case kwType:
		return typeValue(v)
	case kwEnum, kwArray:
		_, ok := v.([]any)
		return ok && plain(v)
	case kwEnum7:
		a, ok := v.([]any)
		return ok && len(a) > 0 && plain(v) && uniqueScalars(a)
	case kwString:
		_, ok := v.(string)
		return ok
	case kwBool:
		_, ok := v.(bool)
		return ok
	case kwStringSet:
		return uniqueStrings(v, false)
	}
	return numberKeyword(kind, v)
}

// typeValue judges "type": a simple type name or a non-empty array of
// unique ones.
func typeValue(v any) bool {
	if s, ok := v.(string); ok {
		return simpleType(s)
	}
	a, ok := v.([]any)
	if !ok || len(a) == 0 || !uniqueStrings(v, true) {
		return false
	}
	for _, t := range a {
		if !simpleType(t.(string)) {
			return false
		}
	}
	return true
}

// numberKeyword judges the value of a numeric keyword exactly, as written.
func numberKeyword(kind kwKind, v any) bool {
	n, ok := v.(json.Number)
	if !ok {
		return false
	}
	switch kind {
	case kwNumber:
		return exactNumber(string(n))
	case kwPositive:
		return positive(string(n))
	case kwNonNegInt:
		return nonNegInt(string(n))
	}
	return false
}

// schemaArray judges a non-empty array of schemas.
func (p *precheck) schemaArray(v any) bool {
	a, ok := v.([]any)
	if !ok || len(a) == 0 {
		return false
	}
	for _, c := range a {
		if !p.schema(c, false) {
			return false
		}
	}
	return true
}

// selectsSchema reports whether the JSON Pointer frag selects, in root, a
// schema position the walk checked: every step follows a keyword whose
// value is (or holds) schemas.
func (p *precheck) selectsSchema(root any, frag string) bool {
	if frag == "" {
		return true
	}
	if frag[0] != '/' {
		return false
	}
	tokens := strings.Split(frag[1:], "/")
	cur := root
	for i := 0; i < len(tokens); i++ {
		obj, ok := cur.(map[string]any)
		if !ok {
			return false
		}
		name, ok := unescapeToken(tokens[i])
		if !ok {
			return false
		}
		v, ok := obj[name]
		if !ok {
			return false
		}
		kind := p.kw[name]
		if kind == kwItems7 {
			if _, isArr := v.([]any); isArr {
				kind = kwSchemaArray
			} else {
				kind = kwSchema
			}
		}
		switch kind {
		case kwSchema:
			cur = v
		case kwSchemaArray:
			if i+1 >= len(tokens) {
				return false
			}
			i++
			a := v.([]any)
			n, err := strconv.Atoi(tokens[i])
			if err != nil || n < 0 || n >= len(a) || strconv.Itoa(n) != tokens[i] {
				return false
			}
			cur = a[n]
		case kwSchemaMap, kwPatternMap, kwDependencies:
			if i+1 >= len(tokens) {
				return false
			}
			i++
			key, ok := unescapeToken(tokens[i])
			if !ok {
				return false
			}
			c, ok := v.(map[string]any)[key]
			if !ok {
				return false
			}
			cur = c
		default:
			return false
		}
		if !isSchema(cur) {
			return false
		}
	}
	return true
}

// unescapeToken decodes ~0 and ~1 in a reference token; any other use of ~ fails.
func unescapeToken(t string) (string, bool) {
	if !strings.Contains(t, "~") {
		return t, true
	}
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '~' {
			b.WriteByte(t[i])
			continue
		}
		if i+1 >= len(t) || (t[i+1] != '0' && t[i+1] != '1') {
			return "", false
		}
		if t[i+1] == '0' {
			b.WriteByte('~')
		} else {
			b.WriteByte('/')
		}
		i++
	}
	return b.String(), true
}

// plainLocalRef reports whether ref is "#" followed by characters that
// need no escaping in a URI fragment and have one meaning everywhere
// (letters, digits and "/-._~$").
func plainLocalRef(ref string) bool {
	if !strings.HasPrefix(ref, "#") {
		return false
	}
	for i := 1; i < len(ref); i++ {
		c := ref[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("/-._~$", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// plain reports whether v is made only of the plain JSON values
// (map[string]any, []any, json.Number as written by a JSON decoder,
// string, bool, nil).
func plain(v any) bool {
	switch v := v.(type) {
	case nil, bool, string:
		return true
	case json.Number:
		return exactNumber(string(v))
	case []any:
		for _, c := range v {
			if !plain(c) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, c := range v {
			if !plain(c) {
				return false
			}
		}
		return true
	}
	return false
}

// simpleType reports whether s names a JSON Schema simple type.
func simpleType(s string) bool {
	switch s {
	case "array", "boolean", "integer", "null", "number", "object", "string":
		return true
	}
	return false
}

// uniqueStrings reports whether v is an array of distinct strings
// (non-empty when nonEmpty).
func uniqueStrings(v any, nonEmpty bool) bool {
	a, ok := v.([]any)
	if !ok || (nonEmpty && len(a) == 0) {
		return false
	}
	for _, e := range a {
		if _, ok := e.(string); !ok {
			return false
		}
	}
	if len(a) <= 16 {
		for i := 1; i < len(a); i++ {
			for j := 0; j < i; j++ {
				if a[i].(string) == a[j].(string) {
					return false
				}
			}
		}
		return true
	}
	seen := make(map[string]struct{}, len(a))
	for _, e := range a {
		s := e.(string)
		if _, dup := seen[s]; dup {
			return false
		}
		seen[s] = struct{}{}
	}
	return true
}

// uniqueScalars reports whether a holds distinct values it can compare
// exactly: strings, booleans, null and integers written in canonical
// form. Any other item (objects, arrays, other numbers) answers false.
func uniqueScalars(a []any) bool {
	seen := make(map[any]struct{}, len(a))
	for _, e := range a {
		var k any
		switch e := e.(type) {
		case nil, bool, string:
			k = e
		case json.Number:
			if !canonicalInt(string(e)) {
				return false
			}
			k = e // json.Number keys never equal string keys
		default:
			return false
		}
		if _, dup := seen[k]; dup {
			return false
		}
		seen[k] = struct{}{}
	}
	return true
}

// canonicalInt reports whether s is an integer written without fraction,
// exponent, leading zeros or "-0", so that equal integers are equal strings.
func canonicalInt(s string) bool {
	if s == "-0" {
		return false
	}
	s = strings.TrimPrefix(s, "-")
	if s == "" || (s[0] == '0' && len(s) > 1) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// numberParts splits a JSON number into sign, integer digits, fraction
// digits and exponent (ok is false when s is not a JSON number or its
// exponent has more than three digits, which would make the compiler's
// exact arithmetic costly).
func numberParts(s string) (neg bool, intPart, frac, exp string, ok bool) {
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	intPart, s = s[:i], s[i:]
	if intPart == "" || (intPart[0] == '0' && len(intPart) > 1) {
		return false, "", "", "", false
	}
	if strings.HasPrefix(s, ".") {
		j := 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		frac, s = s[1:j], s[j:]
		if frac == "" {
			return false, "", "", "", false
		}
	}
	if s != "" {
		if s[0] != 'e' && s[0] != 'E' {
			return false, "", "", "", false
		}
		exp = strings.TrimLeft(s[1:], "+-")
		if exp == "" || len(exp) > 3 || len(s[1:])-len(exp) > 1 {
			return false, "", "", "", false
		}
		for j := 0; j < len(exp); j++ {
			if exp[j] < '0' || exp[j] > '9' {
				return false, "", "", "", false
			}
		}
	}
	return neg, intPart, frac, exp, true
}

// exactNumber reports whether s is a JSON number the compiler reads exactly and cheaply.
func exactNumber(s string) bool {
	_, _, _, _, ok := numberParts(s)
	return ok
}

// positive reports whether s is a number certainly greater than 0.
func positive(s string) bool {
	neg, intPart, frac, _, ok := numberParts(s)
	return ok && !neg && strings.Trim(intPart+frac, "0") != ""
}

// nonNegInt reports whether s is certainly an integer not below 0 that
// fits an int: digits, optionally followed by a fraction of zeros, no
// exponent, no sign.
func nonNegInt(s string) bool {
	neg, intPart, frac, exp, ok := numberParts(s)
	return ok && !neg && exp == "" && len(intPart) <= 15 && strings.Trim(frac, "0") == ""
}
