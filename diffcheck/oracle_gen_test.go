package diffcheck

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// The oracle's generators work on raw schemas (plain decoded JSON), apart
// from the differ's own normaliser and value generator, so that the oracle
// does not share their blind spots.

// oracleSeedSchemas are realistic tool schemas in the shapes of the corpus:
// required members, closed and open objects, bounds, enums, type lists,
// compositions, nesting and $defs. They are built in code so the committed
// seed set does not depend on the corpus.
var oracleSeedSchemas = []string{
	// search_issues: a closed object with bounds, an enum and an array.
	`{"type":"object","properties":{
	  "query":{"type":"string","minLength":1,"maxLength":256,"description":"search text"},
	  "state":{"type":"string","enum":["open","closed","all"]},
	  "labels":{"type":"array","items":{"type":"string"},"maxItems":10},
	  "per_page":{"type":"integer","minimum":1,"maximum":100},
	  "page":{"type":"integer","minimum":1}},
	 "required":["query"],"additionalProperties":false}`,
	// create_event: nested objects, $defs shared twice, anyOf.
	`{"type":"object","$defs":{"time":{"type":"object","properties":{"date":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},"hour":{"type":"integer","minimum":0,"maximum":23}},"required":["date"],"additionalProperties":false}},
	 "properties":{
	  "title":{"type":"string","maxLength":100},
	  "start":{"$ref":"#/$defs/time"},
	  "end":{"$ref":"#/$defs/time"},
	  "attendees":{"type":"array","items":{"type":"object","properties":{"email":{"type":"string"},"optional":{"type":"boolean"}},"required":["email"]},"minItems":0,"maxItems":50},
	  "location":{"anyOf":[{"type":"string"},{"type":"object","properties":{"lat":{"type":"number","minimum":-90,"maximum":90},"lng":{"type":"number","minimum":-180,"maximum":180}},"required":["lat","lng"]}]}},
	 "required":["title","start"]}`,
	// get_user output: open object, type lists, nested items.
	`{"type":"object","properties":{
	  "id":{"type":"integer"},
	  "login":{"type":"string"},
	  "name":{"type":["string","null"]},
	  "role":{"enum":["admin","member","guest"]},
	  "repos":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"stars":{"type":"integer","minimum":0}},"required":["name"]}}},
	 "required":["id","login"]}`,
	// run_query: oneOf of two closed shapes, a number with an exclusive bound.
	`{"type":"object","properties":{
	  "sql":{"type":"string","minLength":1},
	  "limit":{"type":"number","exclusiveMinimum":0,"maximum":1000},
	  "params":{"type":"object","additionalProperties":{"type":["string","number","boolean","null"]}},
	  "mode":{"oneOf":[{"const":"read"},{"const":"write"}]}},
	 "required":["sql"],"additionalProperties":false}`,
	// draft-07 file tool: definitions, a boolean, an enum of integers.
	`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","definitions":{"path":{"type":"string","minLength":1,"maxLength":4096}},
	 "properties":{
	  "path":{"$ref":"#/definitions/path"},
	  "recursive":{"type":"boolean"},
	  "depth":{"type":"integer","enum":[1,2,3]},
	  "modified_since":{"type":"string","format":"date-time"},
	  "exclude":{"type":"array","items":{"$ref":"#/definitions/path"},"uniqueItems":true}},
	 "required":["path"],"additionalProperties":false}`,
	// list_projects output: deep nesting, closed by unevaluatedProperties, allOf.
	`{"type":"object","properties":{
	  "projects":{"type":"array","items":{"type":"object","allOf":[{"properties":{"iid":{"type":"integer","minimum":1}},"required":["iid"]}],
	    "properties":{"name":{"type":"string"},"visibility":{"type":"string","enum":["public","private","internal"]},"owner":{"type":"object","properties":{"login":{"type":"string"}},"required":["login"],"additionalProperties":false}},
	    "required":["name"],"unevaluatedProperties":false}},
	  "total":{"type":"integer","minimum":0}},
	 "required":["projects"]}`,
	// send_message: a small flat closed object.
	`{"type":"object","properties":{"channel":{"type":"string"},"text":{"type":"string","maxLength":4000},"urgent":{"type":"boolean"}},"required":["channel","text"],"additionalProperties":false}`,
	// set_config: additionalProperties as a schema, patternProperties.
	`{"type":"object","properties":{"name":{"type":"string"}},"patternProperties":{"^x-":{"type":"string"}},"additionalProperties":{"type":"integer"},"required":["name"]}`,
	// next_event (unions): a discriminated anyOf of two closed objects told
	// apart by a required "type" const, as zod and the Go SDK emit.
	`{"type":"object","properties":{"event":{"anyOf":[
	  {"type":"object","properties":{"type":{"const":"message"},"text":{"type":"string"},"userEmail":{"type":"string"}},"required":["type","text"],"additionalProperties":false},
	  {"type":"object","properties":{"type":{"const":"tool_call"},"name":{"type":"string"},"args":{"type":"object"}},"required":["type","name"],"additionalProperties":false}]}},
	 "required":["event"]}`,
	// scrape (unions): an enum beside an open object option in a oneOf, and
	// oneOf options an object may satisfy once they overlap.
	`{"type":"object","properties":{
	  "formats":{"type":"array","items":{"oneOf":[{"type":"string","enum":["markdown","html","screenshot","screenshot@fullPage"]},{"type":"object","properties":{"type":{"const":"json"},"prompt":{"type":"string"}},"required":["type"]}]}},
	  "parent":{"oneOf":[{"type":"object","properties":{"type":{"const":"page_id"},"page_id":{"type":"string"}},"required":["page_id"]},{"type":"object","properties":{"type":{"const":"database_id"},"database_id":{"type":"string"}},"required":["database_id"]}]}},
	 "required":["parent"]}`,
	// append_blocks (unions): closed alternatives reached through $defs, and
	// one closed object a split may turn into alternatives.
	`{"type":"object","$defs":{
	  "para":{"type":"object","properties":{"paragraph":{"type":"object","properties":{"text":{"type":"string"}}},"color":{"type":"string"}},"additionalProperties":false},
	  "bullet":{"type":"object","properties":{"bulleted_list_item":{"type":"object","properties":{"text":{"type":"string"}}},"color":{"type":"string"}},"additionalProperties":false}},
	 "properties":{
	  "children":{"type":"array","items":{"anyOf":[{"$ref":"#/$defs/para"},{"$ref":"#/$defs/bullet"}]}},
	  "block":{"type":"object","properties":{"paragraph":{"type":"object"},"bulleted_list_item":{"type":"object"}},"additionalProperties":false}}}`,
}

// decodeSchema decodes a seed schema with numbers as json.Number.
func decodeSchema(s string) any {
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		panic(err)
	}
	return v
}

// deepCopy copies a decoded JSON value.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = deepCopy(e)
		}
		return a
	}
	return v
}

// schemaPlaces returns the pointers of the object subschemas of s, sorted.
func schemaPlaces(s any, ptr string, out *[]string) {
	m, ok := s.(map[string]any)
	if !ok {
		return
	}
	*out = append(*out, ptr)
	for _, k := range []string{"properties", "$defs", "definitions", "patternProperties"} {
		if props, ok := m[k].(map[string]any); ok {
			for _, name := range sortedKeys(props) {
				schemaPlaces(props[name], ptr+"/"+k+"/"+escape(name), out)
			}
		}
	}
	for _, k := range []string{"items", "additionalProperties", "not"} {
		if _, ok := m[k].(map[string]any); ok {
			schemaPlaces(m[k], ptr+"/"+k, out)
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		if arr, ok := m[k].([]any); ok {
			for i, e := range arr {
				schemaPlaces(e, ptr+"/"+k+"/"+strconv.Itoa(i), out)
			}
		}
	}
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// mutation is one edit of a schema: where (pointer of the edited keyword
// or schema, relative to the schema root) and what.
type mutation struct {
	ptr        string
	what       string
	equivalent bool // an equivalent spelling: the pair must be silent
	// undeclared names a member head declares and base only admitted as an
	// undeclared member of an open object: callers are not expected to send
	// members a schema does not declare, so a break that needs it is silent
	// by design (the closed-object case table: open, added optional, input).
	undeclared string
	// shape names the union shape a union mutation builds ("" for others).
	shape string
}

func num(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

func jnum(f float64) json.Number { return json.Number(strconv.FormatFloat(f, 'f', -1, 64)) }

// mutate edits a copy of base at a random place and says what it did; ok
// is false when the chosen edit does not apply there.
func mutate(base any, r *rand.Rand) (any, mutation, bool) {
	head := deepCopy(base)
	var places []string
	schemaPlaces(head, "", &places)
	ptr := places[r.IntN(len(places))]
	v, _ := source.Resolve(head, ptr)
	s := v.(map[string]any)
	props, _ := s["properties"].(map[string]any)
	req, _ := s["required"].([]any)
	kind := r.IntN(30)
	if r.IntN(4) == 0 {
		kind = 30 + r.IntN(len(unionMutations))
	}
	m := mutation{ptr: ptr}
	switch kind {
	case 0: // a required member added
		if props == nil {
			return nil, m, false
		}
		props["added"] = map[string]any{"type": "string"}
		s["required"] = append(req, "added")
		m.what, m.ptr = "required member added", ptr // properties and required
	case 1: // an optional member made required
		for _, k := range sortedKeys(props) {
			if !hasName(req, k) {
				s["required"] = append(req, k)
				m.what, m.ptr = "member "+k+" made required", ptr+"/required"
				return head, m, true
			}
		}
		return nil, m, false
	case 2: // a required member made optional
		if len(req) == 0 {
			return nil, m, false
		}
		i := r.IntN(len(req))
		// an empty list, not nil: nil would be written as "required": null,
		// a schema error rather than the change meant.
		s["required"] = append(append([]any{}, req[:i]...), req[i+1:]...)
		m.what, m.ptr = fmt.Sprintf("member %v made optional", req[i]), ptr+"/required"
	case 3: // a member removed
		if len(props) == 0 {
			return nil, m, false
		}
		ks := sortedKeys(props)
		k := ks[r.IntN(len(ks))]
		delete(props, k)
		var keep []any
		for _, x := range req {
			if x != k {
				keep = append(keep, x)
			}
		}
		if req != nil {
			s["required"] = append([]any{}, keep...)
		}
		m.what, m.ptr = "member "+k+" removed", ptr // properties and required
	case 4: // an optional member added
		if props == nil {
			return nil, m, false
		}
		props["extra_opt"] = map[string]any{"type": "integer", "minimum": json.Number("0")}
		m.what, m.ptr = "optional member added", ptr+"/properties/extra_opt"
		m.undeclared = "extra_opt"
	case 5: // closed
		if props == nil || s["additionalProperties"] == false {
			return nil, m, false
		}
		s["additionalProperties"] = false
		m.what, m.ptr = "object closed", ptr+"/additionalProperties"
	case 6: // opened
		if _, ok := s["additionalProperties"]; !ok {
			if _, ok := s["unevaluatedProperties"]; !ok {
				return nil, m, false
			}
			delete(s, "unevaluatedProperties")
			m.what, m.ptr = "object opened", ptr
			break
		}
		delete(s, "additionalProperties")
		m.what, m.ptr = "object opened", ptr
	case 7, 8: // a bound moved or added
		kws := []string{"minimum", "maximum", "exclusiveMinimum", "minLength", "maxLength", "minItems", "maxItems"}
		kw := kws[r.IntN(len(kws))]
		cur, had := num(s[kw])
		if !had {
			if !applies(s, kw) {
				return nil, m, false
			}
			cur = float64(r.IntN(6))
			if strings.HasPrefix(kw, "max") {
				cur += 3
			}
			m.what = kw + " added"
		} else {
			delta := float64(1 + r.IntN(3))
			if r.IntN(2) == 0 {
				delta = -delta
			}
			cur += delta
			if cur < 0 && (strings.HasSuffix(kw, "Length") || strings.HasSuffix(kw, "Items")) {
				return nil, m, false
			}
			m.what = kw + " moved"
		}
		s[kw] = jnum(cur)
		m.ptr = ptr + "/" + kw
	case 9: // an enum value removed
		e, _ := s["enum"].([]any)
		if len(e) < 2 {
			return nil, m, false
		}
		i := r.IntN(len(e))
		s["enum"] = append(append([]any(nil), e[:i]...), e[i+1:]...)
		m.what, m.ptr = "enum value removed", ptr+"/enum"
	case 10: // an enum value added
		e, _ := s["enum"].([]any)
		if e == nil {
			return nil, m, false
		}
		var nv any = "added_value"
		if _, isNum := e[0].(json.Number); isNum {
			nv = json.Number("99")
		}
		s["enum"] = append(append([]any(nil), e...), nv)
		m.what, m.ptr = "enum value added", ptr+"/enum"
	case 11: // a type narrowed or widened
		switch t := s["type"].(type) {
		case []any:
			if len(t) < 2 {
				return nil, m, false
			}
			i := r.IntN(len(t))
			s["type"] = append(append([]any(nil), t[:i]...), t[i+1:]...)
			m.what = "type narrowed"
		case string:
			switch t {
			case "integer":
				s["type"] = "number"
				m.what = "integer widened to number"
			case "number":
				s["type"] = "integer"
				m.what = "number narrowed to integer"
			default:
				s["type"] = []any{t, "null"}
				m.what = "null allowed"
			}
		default:
			return nil, m, false
		}
		m.ptr = ptr + "/type"
	case 12: // a pattern added
		if s["type"] != "string" || s["pattern"] != nil {
			return nil, m, false
		}
		s["pattern"] = []string{"^[a-z]+$", "^[0-9]{4}-", "Z$", "^.{0,5}$"}[r.IntN(4)]
		m.what, m.ptr = "pattern added", ptr+"/pattern"
	case 13: // a branch removed
		for _, k := range []string{"anyOf", "oneOf"} {
			if arr, ok := s[k].([]any); ok && len(arr) > 1 {
				i := r.IntN(len(arr))
				s[k] = append(append([]any(nil), arr[:i]...), arr[i+1:]...)
				m.what, m.ptr = k+" branch removed", ptr+"/"+k
				return head, m, true
			}
		}
		return nil, m, false
	case 14: // a branch added
		for _, k := range []string{"anyOf", "oneOf"} {
			if arr, ok := s[k].([]any); ok {
				s[k] = append(append([]any(nil), arr...), map[string]any{"type": "boolean"})
				m.what, m.ptr = k+" branch added", ptr+"/"+k
				return head, m, true
			}
		}
		return nil, m, false
	case 15: // a member's type changed
		if len(props) == 0 {
			return nil, m, false
		}
		ks := sortedKeys(props)
		k := ks[r.IntN(len(ks))]
		props[k] = map[string]any{"type": "boolean"}
		m.what, m.ptr = "member "+k+" became a boolean", ptr+"/properties/"+escape(k)
	case 16: // equivalent: a type written as a list
		t, ok := s["type"].(string)
		if !ok {
			return nil, m, false
		}
		s["type"] = []any{t}
		m.what, m.ptr, m.equivalent = "type as a one-element list", ptr+"/type", true
	case 17: // equivalent: a one-value enum as const
		e, _ := s["enum"].([]any)
		if len(e) != 1 {
			if c, ok := s["const"]; ok {
				delete(s, "const")
				s["enum"] = []any{c}
				m.what, m.ptr, m.equivalent = "const as a one-value enum", ptr+"/enum", true
				return head, m, true
			}
			return nil, m, false
		}
		delete(s, "enum")
		s["const"] = e[0]
		m.what, m.ptr, m.equivalent = "one-value enum as const", ptr+"/const", true
	case 18: // equivalent: a member moved into $defs behind a $ref
		if len(props) == 0 || ptr != "" && r.IntN(2) == 0 {
			return nil, m, false
		}
		ks := sortedKeys(props)
		k := ks[r.IntN(len(ks))]
		root := head.(map[string]any)
		defsKey := "$defs"
		if _, ok := root["definitions"]; ok {
			defsKey = "definitions"
		}
		defs, _ := root[defsKey].(map[string]any)
		if defs == nil {
			defs = map[string]any{}
			root[defsKey] = defs
		}
		name := "moved_" + k
		if _, moved := defs[name]; moved {
			return nil, m, false // moving it again would make a reference to itself
		}
		defs[name] = props[k]
		props[k] = map[string]any{"$ref": "#/" + defsKey + "/" + escape(name)}
		m.what, m.ptr, m.equivalent = "member "+k+" moved into "+defsKey, ptr+"/properties/"+escape(k), true
	case 19: // equivalent: annotations added or changed
		s["description"] = "changed words, same meaning"
		s["title"] = "A title"
		m.what, m.ptr, m.equivalent = "annotations changed", ptr, true
	case 20: // equivalent: a schema wrapped in a one-element allOf
		if ptr == "" {
			return nil, m, false
		}
		inner := map[string]any{}
		for k, x := range s {
			inner[k] = x
			delete(s, k)
		}
		s["allOf"] = []any{inner}
		m.what, m.ptr, m.equivalent = "schema wrapped in allOf", ptr, true
	case 21: // equivalent: required listed in another order, duplicates-free
		if len(req) < 2 {
			return nil, m, false
		}
		rev := make([]any, len(req))
		for i, x := range req {
			rev[len(req)-1-i] = x
		}
		s["required"] = rev
		m.what, m.ptr, m.equivalent = "required reordered", ptr+"/required", true
	case 22: // equivalent: an empty required list added or removed
		if len(req) != 0 {
			return nil, m, false
		}
		if _, had := s["required"]; had {
			delete(s, "required")
		} else if s["type"] == "object" {
			s["required"] = []any{}
		} else {
			return nil, m, false
		}
		m.what, m.ptr, m.equivalent = "empty required list", ptr, true
	case 24: // equivalent: propertyNames that cannot reject (member names are strings)
		if props == nil || s["propertyNames"] != nil {
			return nil, m, false
		}
		s["propertyNames"] = map[string]any{"type": "string"}
		m.what, m.ptr, m.equivalent = "propertyNames of type string", ptr+"/propertyNames", true
	case 25: // a format added (asserted under draft-07)
		if s["type"] != "string" || s["format"] != nil || s["enum"] != nil {
			return nil, m, false
		}
		s["format"] = []string{"date-time", "email", "date"}[r.IntN(3)]
		m.what, m.ptr = "format added", ptr+"/format"
	case 26: // multipleOf added to a number
		if t := s["type"]; t != "integer" && t != "number" || s["multipleOf"] != nil {
			return nil, m, false
		}
		s["multipleOf"] = json.Number([]string{"2", "0.5", "5"}[r.IntN(3)])
		m.what, m.ptr = "multipleOf added", ptr+"/multipleOf"
	case 27: // uniqueItems turned on
		if s["type"] != "array" || s["uniqueItems"] == true {
			return nil, m, false
		}
		s["uniqueItems"] = true
		m.what, m.ptr = "uniqueItems added", ptr+"/uniqueItems"
	case 28: // zod's interoperable integer range added
		if s["type"] != "integer" || s["maximum"] != nil {
			return nil, m, false
		}
		s["maximum"] = json.Number("9007199254740991")
		s["minimum"] = json.Number("-9007199254740991")
		m.what, m.ptr = "interoperable integer range added", ptr
	case 29: // items narrowed to another type
		if s["type"] != "array" {
			return nil, m, false
		}
		s["items"] = map[string]any{"type": "integer"}
		m.what, m.ptr = "items became integers", ptr+"/items"
	case 30, 31, 32, 33, 34:
		return unionMutations[kind-30](head, s, ptr, m)
	case 23: // an object closed by unevaluatedProperties
		if props == nil || s["additionalProperties"] != nil || s["unevaluatedProperties"] != nil {
			return nil, m, false
		}
		s["unevaluatedProperties"] = false
		m.what, m.ptr = "object closed by unevaluatedProperties", ptr+"/unevaluatedProperties"
	}
	return head, m, true
}

func hasName(a []any, s string) bool {
	for _, x := range a {
		if x == s {
			return true
		}
	}
	return false
}

// applies says whether a bound keyword fits the type of s.
func applies(s map[string]any, kw string) bool {
	t, _ := s["type"].(string)
	switch {
	case strings.HasSuffix(kw, "imum"):
		return t == "integer" || t == "number"
	case strings.HasSuffix(kw, "Length"):
		return t == "string"
	case strings.HasSuffix(kw, "Items"):
		return t == "array"
	}
	return false
}

// valueGen generates values from a raw schema, randomly: members present
// or not, values inside or at the bounds, branches picked at random.
type valueGen struct {
	root any
	r    *rand.Rand
}

var sampleStrings = []string{"", "a", "abc", "ABC", "hello world", "2024-01-01", "x-y", "open", "user@example.com", "abcdefghijklmnopqrstuvwxyz",
	"2024-01-01T00:00:00+02:00", "2024-01-01T00:00:00Z"}

func (g *valueGen) gen(s any, depth int) any {
	if depth > 8 {
		return nil
	}
	switch s {
	case true:
		return g.scalar()
	case false:
		return nil
	}
	m, ok := s.(map[string]any)
	if !ok {
		return g.scalar()
	}
	if ref, ok := m["$ref"].(string); ok && strings.HasPrefix(ref, "#") {
		if t, ok := source.Resolve(g.root, ref[1:]); ok && len(m) == 1 {
			return g.gen(t, depth+1)
		} else if ok {
			m = shallowMerge(m, t)
		}
	}
	if c, ok := m["const"]; ok {
		return c
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[g.r.IntN(len(e))]
	}
	for _, k := range []string{"allOf"} {
		if arr, ok := m[k].([]any); ok {
			for _, x := range arr {
				m = shallowMerge(m, x)
			}
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if arr, ok := m[k].([]any); ok && len(arr) > 0 {
			rest := map[string]any{}
			for kk, x := range m {
				if kk != k {
					rest[kk] = x
				}
			}
			return g.gen(shallowMerge(rest, arr[g.r.IntN(len(arr))]), depth+1)
		}
	}
	var types []string
	switch t := m["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				types = append(types, s)
			}
		}
	}
	if len(types) == 0 {
		switch {
		case m["properties"] != nil || m["required"] != nil:
			types = []string{"object"}
		case m["items"] != nil:
			types = []string{"array"}
		default:
			return g.scalar()
		}
	}
	switch types[g.r.IntN(len(types))] {
	case "object":
		return g.object(m, depth)
	case "array":
		lo, _ := num(m["minItems"])
		hi, ok := num(m["maxItems"])
		if !ok || hi > lo+3 {
			hi = lo + 3
		}
		n := int(lo) + g.r.IntN(int(hi-lo)+1)
		a := make([]any, 0, n)
		for range n {
			a = append(a, g.gen(m["items"], depth+1))
		}
		return a
	case "string":
		return g.str(m)
	case "integer":
		return g.number(m, true)
	case "number":
		return g.number(m, false)
	case "boolean":
		return g.r.IntN(2) == 0
	}
	return nil
}

func (g *valueGen) scalar() any {
	switch g.r.IntN(4) {
	case 0:
		return sampleStrings[g.r.IntN(len(sampleStrings))]
	case 1:
		return json.Number(strconv.Itoa(g.r.IntN(10)))
	case 2:
		return g.r.IntN(2) == 0
	}
	return nil
}

func (g *valueGen) object(m map[string]any, depth int) any {
	out := map[string]any{}
	props, _ := m["properties"].(map[string]any)
	req, _ := m["required"].([]any)
	for _, k := range sortedKeys(props) {
		if hasName(req, k) || g.r.IntN(2) == 0 {
			out[k] = g.gen(props[k], depth+1)
		}
	}
	for _, k := range req {
		if ks, ok := k.(string); ok {
			if _, has := out[ks]; !has {
				out[ks] = g.scalar()
			}
		}
	}
	if g.r.IntN(5) == 0 {
		switch ap := m["additionalProperties"].(type) {
		case map[string]any:
			out["more"] = g.gen(ap, depth+1)
		case nil:
			out["more"] = g.scalar()
		}
	}
	if pp, ok := m["patternProperties"].(map[string]any); ok && g.r.IntN(3) == 0 {
		for _, k := range sortedKeys(pp) {
			out["x-gen"] = g.gen(pp[k], depth+1)
		}
	}
	return out
}

func (g *valueGen) str(m map[string]any) string {
	switch m["format"] {
	case "date-time":
		if g.r.IntN(4) > 0 {
			return []string{"2024-01-01T00:00:00+02:00", "2024-01-01T00:00:00Z"}[g.r.IntN(2)]
		}
	case "date":
		if g.r.IntN(4) > 0 {
			return "2024-01-01"
		}
	case "email":
		if g.r.IntN(4) > 0 {
			return "user@example.com"
		}
	}
	if p, ok := m["pattern"].(string); ok {
		if re, err := regexp.Compile(p); err == nil {
			start := g.r.IntN(len(sampleStrings))
			for i := range sampleStrings {
				if s := sampleStrings[(start+i)%len(sampleStrings)]; re.MatchString(s) {
					return s
				}
			}
		}
	}
	lo, _ := num(m["minLength"])
	hi, ok := num(m["maxLength"])
	if !ok || hi > lo+8 {
		hi = lo + 8
	}
	if g.r.IntN(2) == 0 {
		s := sampleStrings[g.r.IntN(len(sampleStrings))]
		if n := float64(len(s)); n >= lo && n <= hi {
			return s
		}
	}
	n := int(lo) + g.r.IntN(int(hi-lo)+1)
	return strings.Repeat("a", n)
}

func (g *valueGen) number(m map[string]any, integer bool) any {
	lo, hasLo := num(m["minimum"])
	if x, ok := num(m["exclusiveMinimum"]); ok {
		lo, hasLo = x+1, true
	}
	hi, hasHi := num(m["maximum"])
	if x, ok := num(m["exclusiveMaximum"]); ok {
		hi, hasHi = x-1, true
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
	switch g.r.IntN(4) {
	case 0:
		return jnum(lo)
	case 1:
		return jnum(hi)
	}
	v := lo + float64(g.r.IntN(int(hi-lo)+1))
	if !integer && g.r.IntN(2) == 0 && v+0.5 <= hi {
		v += 0.5
	}
	return jnum(v)
}

// shallowMerge returns a with the keywords of b added (properties and
// required joined), as a generator's approximation of allOf.
func shallowMerge(a map[string]any, b any) map[string]any {
	bm, ok := b.(map[string]any)
	out := make(map[string]any, len(a))
	for k, x := range a {
		out[k] = x
	}
	if !ok {
		return out
	}
	for k, x := range bm {
		switch k {
		case "properties":
			pm := map[string]any{}
			if ap, ok := out[k].(map[string]any); ok {
				for kk, xx := range ap {
					pm[kk] = xx
				}
			}
			for kk, xx := range x.(map[string]any) {
				pm[kk] = xx
			}
			out[k] = pm
		case "required":
			ar, _ := out[k].([]any)
			br, _ := x.([]any)
			out[k] = append(append([]any(nil), ar...), br...)
		default:
			if _, has := out[k]; !has {
				out[k] = x
			}
		}
	}
	return out
}

// perturb returns a variant of v: a member dropped, added or replaced, an
// array shortened or grown, a number or string moved a little.
func (g *valueGen) perturb(v any, other func() any, depth int) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x)+1)
		for k, e := range x {
			out[k] = e
		}
		ks := sortedKeys(out)
		switch op := g.r.IntN(4); {
		case op == 0 && len(ks) > 0:
			delete(out, ks[g.r.IntN(len(ks))])
		case op == 1:
			out["added"] = other()
		case len(ks) > 0:
			k := ks[g.r.IntN(len(ks))]
			out[k] = g.perturb(out[k], g.scalar, depth+1)
		}
		return out
	case []any:
		if len(x) > 0 && g.r.IntN(2) == 0 {
			out := append([]any(nil), x...)
			i := g.r.IntN(len(out))
			out[i] = g.perturb(out[i], g.scalar, depth+1)
			return out
		}
		return append(append([]any(nil), x...), other())
	case json.Number:
		f, _ := x.Float64()
		return jnum(f + float64(g.r.IntN(5)-2))
	case string:
		if g.r.IntN(2) == 0 && len(x) > 0 {
			return x[:len(x)-1]
		}
		return x + "Z"
	}
	return other()
}

// oracleMaxInterop is the largest integer every JSON parser reads exactly,
// 2^53−1 (RFC 7493 §2.2).
var oracleMaxInterop = new(big.Rat).SetInt64(1<<53 - 1)

// interoperable reports whether every number in v lies within
// ±(2^53−1): beyond it a value cannot round-trip, and a bound there is a
// notice by design (zod adds one to every integer).
func interoperable(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if !interoperable(e) {
				return false
			}
		}
	case []any:
		for _, e := range x {
			if !interoperable(e) {
				return false
			}
		}
	case json.Number:
		r, ok := new(big.Rat).SetString(string(x))
		return !ok || new(big.Rat).Abs(r).Cmp(oracleMaxInterop) <= 0
	}
	return true
}

// without returns v with member name removed from every object in it.
func without(v any, name string) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if k != name {
				out[k] = without(e, name)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = without(e, name)
		}
		return out
	}
	return v
}

// unionMutations build the union shapes of issue 22, each applied to the
// schema s at ptr of head: an object wrapped in anyOf [original, string,
// open object]; an enum rewritten as a oneOf of consts that loses a value;
// an object split into closed alternatives; a oneOf given an option that
// overlaps the others; a member of a union option made a const through a
// $ref into $defs. With the seed schemas' unions (closed discriminated
// anyOf, oneOf of an enum and an object, oneOf objects, $ref options) and
// the other mutations applied inside them (a member added, removed or made
// required in one branch, an option closed or opened, a branch removed or
// added), input and output side, they make the oracle's union shapes.
var unionMutations = []func(head any, s map[string]any, ptr string, m mutation) (any, mutation, bool){
	func(head any, s map[string]any, ptr string, m mutation) (any, mutation, bool) {
		if ptr == "" || s["type"] != "object" {
			return nil, m, false
		}
		inner := map[string]any{}
		for k, x := range s {
			inner[k] = x
			delete(s, k)
		}
		s["anyOf"] = []any{inner, map[string]any{"type": "string"}, map[string]any{"type": "object"}}
		m.what, m.shape = "object wrapped in anyOf [original, string, open object]", "wrapped in alternatives"
		return head, m, true
	},
	func(head any, s map[string]any, ptr string, m mutation) (any, mutation, bool) {
		e, _ := s["enum"].([]any)
		if len(e) < 2 {
			return nil, m, false
		}
		var opts []any
		for _, v := range e[:len(e)-1] {
			opts = append(opts, map[string]any{"const": v})
		}
		delete(s, "enum")
		s["oneOf"] = opts
		m.what, m.ptr, m.shape = fmt.Sprintf("enum rewritten as oneOf of consts without %v", e[len(e)-1]), ptr, "enum as union of consts"
		return head, m, true
	},
	func(head any, s map[string]any, ptr string, m mutation) (any, mutation, bool) {
		props, _ := s["properties"].(map[string]any)
		if s["type"] != "object" || len(props) < 2 {
			return nil, m, false
		}
		req, _ := s["required"].([]any)
		ks := sortedKeys(props)
		var alts []any
		for _, half := range [][]string{ks[:len(ks)/2], ks[len(ks)/2:]} {
			p := map[string]any{}
			var r []any
			for _, k := range half {
				p[k] = props[k]
				if hasName(req, k) {
					r = append(r, k)
				}
			}
			alt := map[string]any{"type": "object", "properties": p, "additionalProperties": false}
			if len(r) > 0 {
				alt["required"] = r
			}
			alts = append(alts, alt)
		}
		for _, k := range []string{"properties", "required", "additionalProperties", "unevaluatedProperties"} {
			delete(s, k)
		}
		delete(s, "type")
		s["anyOf"] = alts
		m.what, m.ptr, m.shape = "object split into closed alternatives", ptr, "members split across closed alternatives"
		return head, m, true
	},
	func(head any, s map[string]any, ptr string, m mutation) (any, mutation, bool) {
		arr, ok := s["oneOf"].([]any)
		if !ok {
			return nil, m, false
		}
		s["oneOf"] = append(append([]any(nil), arr...), map[string]any{"type": "object"})
		m.what, m.ptr, m.shape = "oneOf given an option that overlaps its object options", ptr+"/oneOf", "overlapping oneOf options"
		return head, m, true
	},
	func(head any, s map[string]any, ptr string, m mutation) (any, mutation, bool) {
		props, _ := s["properties"].(map[string]any)
		if !strings.Contains(ptr, "/anyOf/") && !strings.Contains(ptr, "/oneOf/") && !strings.HasPrefix(ptr, "/$defs/") {
			return nil, m, false
		}
		for _, k := range sortedKeys(props) {
			if p, ok := props[k].(map[string]any); ok && p["type"] == "string" && p["const"] == nil && p["enum"] == nil {
				root := head.(map[string]any)
				defsKey := "$defs"
				if _, ok := root["definitions"]; ok {
					defsKey = "definitions"
				}
				defs, _ := root[defsKey].(map[string]any)
				if defs == nil {
					defs = map[string]any{}
					root[defsKey] = defs
				}
				defs["const_"+k] = map[string]any{"type": "string", "const": "fixed"}
				props[k] = map[string]any{"$ref": "#/" + defsKey + "/const_" + escape(k)}
				m.what, m.ptr, m.shape = "member "+k+" of a union option made a const through $ref", ptr+"/properties/"+escape(k), "const through $ref in an option"
				return head, m, true
			}
		}
		return nil, m, false
	},
}
