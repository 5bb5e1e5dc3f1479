package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// textSite is one string a model reads, where it is and what it is.
type textSite struct {
	ptr  string
	text string
	// what names it in messages: "description", "the description of parameter \"q\"".
	what string
	// value: an enum value, a const, a default or an example (data, not prose).
	value bool
	// name: a tool or property name (its separators read as spaces, and
	// its scripts are checked).
	name bool
	// lazy, when set, makes ptr and what on demand (pointer, describe):
	// a site of a schema walk is named only when it is reported, which is
	// rare, while the walk meets every description of every schema.
	lazy *lazySite
}

// lazySite is what a site of a schema walk is named by: the walk (at the
// node the site is read from, as long as the site is being checked), the
// schema's key, the keyword or the property name, and how its kind reads.
type lazySite struct {
	walk *schemaWalk
	key  string
	// kw is the keyword ("title", "description"); prop, when set, is a
	// property name (kw is then "properties").
	kw, prop string
	kind     string // "the title of ", "the name of "
}

// pointer is the site's JSON Pointer.
func (s textSite) pointer() string {
	if s.lazy == nil {
		return s.ptr
	}
	if s.lazy.kw == "properties" {
		return s.lazy.walk.at("properties", s.lazy.prop)
	}
	return s.lazy.walk.at(s.lazy.kw)
}

// describe names the site in messages.
func (s textSite) describe() string {
	if s.lazy == nil {
		return s.what
	}
	path := s.lazy.walk.path
	if s.lazy.kw == "properties" {
		path = append(append([]string(nil), path...), "properties", s.lazy.prop)
	}
	return s.lazy.kind + schemaSubject(s.lazy.key, path)
}

// maxValueStrings bounds the strings read from one default, const,
// example or enum (their nesting too): a value past it is not read
// further, and the rest of the schema still is.
const maxValueStrings = 200_000

// toolTextSites calls fn with every string of the tool a model reads,
// in file order, until fn returns false: the name, title, description
// and annotations' title, then every description, title, enum value,
// const, default, example and property name of the input and output
// schemas (within the schema bounds, like every schema walk).
func toolTextSites(c *ToolContext, fn func(textSite) bool) {
	t := c.Tool.Value
	if t == nil {
		return
	}
	if c.Tool.HasName && !fn(textSite{ptr: c.Ptr("name"), text: c.Tool.Name, what: "name", name: true}) {
		return
	}
	for _, k := range []string{"title", "description"} {
		if s, ok := t[k].(string); ok && !fn(textSite{ptr: c.Ptr(k), text: s, what: k}) {
			return
		}
	}
	if a, ok := t["annotations"].(map[string]any); ok {
		if s, ok := a["title"].(string); ok && !fn(textSite{ptr: c.Ptr("annotations", "title"), text: s, what: "annotations title"}) {
			return
		}
	}
	for _, key := range []string{"inputSchema", "outputSchema"} {
		v, ptr, present := c.Schema(key)
		if !present {
			continue
		}
		if !schemaTextSites(c, v, ptr, key, fn) {
			return
		}
	}
}

// schemaTextSites walks one tool schema for toolTextSites.
func schemaTextSites(c *ToolContext, v any, ptr, key string, fn func(textSite) bool) bool {
	w := newSchemaWalk(c, ptr)
	w.single = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties", "additionalItems"}
	w.lists = []string{"anyOf", "oneOf", "allOf", "prefixItems", "items"}
	w.maps = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	going := true
	left := maxValueStrings
	lazy := &lazySite{walk: w, key: key}
	w.visit = func(w *schemaWalk, obj map[string]any) {
		if !going {
			return
		}
		for _, k := range [...]string{"title", "description"} {
			if s, ok := obj[k].(string); ok && going {
				kind := "the title of "
				if k == "description" {
					kind = "the description of "
				}
				*lazy = lazySite{walk: w, key: key, kw: k, kind: kind}
				going = fn(textSite{text: s, lazy: lazy})
			}
		}
		for _, k := range [...]string{"enum", "const", "default", "examples"} {
			raw, ok := obj[k]
			if !ok || !going {
				continue
			}
			var what string
			switch k {
			case "enum":
				what = "an enum value"
			case "const":
				what = "the const"
			case "default":
				what = "the default"
			default:
				what = "an example"
			}
			what += " of " + schemaSubject(key, w.path)
			valueStrings(raw, w.at(k), &left, func(p, s string) bool {
				going = fn(textSite{ptr: p, text: s, what: what, value: true})
				return going
			})
		}
		if props, ok := obj["properties"].(map[string]any); ok && going {
			names := make([]string, 0, len(props))
			for n := range props {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				if !going {
					break
				}
				*lazy = lazySite{walk: w, key: key, kw: "properties", prop: n, kind: "the name of "}
				going = fn(textSite{text: n, value: true, name: true, lazy: lazy})
			}
		}
	}
	w.run(v)
	return going
}

// valueStrings calls fn with the strings in a JSON value (nested ones
// too), while left lasts.
func valueStrings(v any, ptr string, left *int, fn func(ptr, s string) bool) bool {
	if *left <= 0 {
		return true
	}
	switch x := v.(type) {
	case string:
		*left--
		return fn(ptr, x)
	case []any:
		for i, e := range x {
			if !valueStrings(e, source.JoinIndex(ptr, i), left, fn) {
				return false
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !valueStrings(x[k], source.Join(ptr, k), left, fn) {
				return false
			}
		}
	}
	return true
}

// schemaSubject names the schema at path below a tool's inputSchema or
// outputSchema: `parameter "q"`, `parameter "filter.state"`, `the
// inputSchema`, `output field "items[]"`.
func schemaSubject(key string, path []string) string {
	var parts []string
	for i := 0; i < len(path); i++ {
		switch path[i] {
		case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas":
			if i+1 < len(path) {
				parts = append(parts, path[i+1])
				i++
			}
		case "items", "prefixItems", "additionalItems", "contains", "unevaluatedItems":
			if len(parts) > 0 {
				parts[len(parts)-1] += "[]"
			}
			if i+1 < len(path) && isIndex(path[i+1]) {
				i++
			}
		}
	}
	if len(parts) == 0 {
		return "the " + key
	}
	if key == "outputSchema" {
		return fmt.Sprintf("output field %q", strings.Join(parts, "."))
	}
	return fmt.Sprintf("parameter %q", strings.Join(parts, "."))
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// documentTextSites calls fn with the strings of an MCP Description
// document a model reads besides its tools: the root instructions (a
// server's instructions go to the model with its tools), and each
// prompt's and resource's title and description (and a prompt
// argument's).
func documentTextSites(fc *FileContext, fn func(textSite) bool) {
	root, ok := fc.File.Root.(map[string]any)
	if !ok || fc.File.Shape != source.ShapeDescription && fc.File.Shape != source.ShapeListResult {
		return
	}
	if s, ok := root["instructions"].(string); ok && !fn(textSite{ptr: "/instructions", text: s, what: "the server's instructions"}) {
		return
	}
	for _, coll := range []struct{ key, noun, id string }{{"prompts", "prompt", "name"}, {"resources", "resource", "uri"}, {"resourceTemplates", "resource template", "uriTemplate"}} {
		list, _ := root[coll.key].([]any)
		for i, e := range list {
			obj, ok := e.(map[string]any)
			if !ok {
				continue
			}
			ptr := source.JoinIndex("/"+coll.key, i)
			label := fmt.Sprintf("%s %d", coll.noun, i)
			if id, ok := obj[coll.id].(string); ok {
				label = fmt.Sprintf("%s %q", coll.noun, id)
			}
			for _, k := range []string{"title", "description"} {
				if s, ok := obj[k].(string); ok && !fn(textSite{ptr: source.Join(ptr, k), text: s, what: "the " + k + " of " + label}) {
					return
				}
			}
			args, _ := obj["arguments"].([]any)
			for j, a := range args {
				arg, ok := a.(map[string]any)
				if !ok {
					continue
				}
				if s, ok := arg["description"].(string); ok {
					name, _ := arg["name"].(string)
					if !fn(textSite{ptr: source.Join(source.JoinIndex(source.Join(ptr, "arguments"), j), "description"), text: s, what: fmt.Sprintf("the description of %s's argument %q", label, name)}) {
						return
					}
				}
			}
		}
	}
}

// toolNames is the set of the file's tool names, built once per file.
func (c *FileContext) toolNames() map[string]bool {
	if c.toolNameSet == nil {
		c.toolNameSet = make(map[string]bool, len(c.Tools))
		for _, t := range c.Tools {
			if t.Tool.HasName {
				c.toolNameSet[strings.ToLower(t.Tool.Name)] = true
			}
		}
	}
	return c.toolNameSet
}
