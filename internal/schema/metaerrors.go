package schema

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/mcpschema/mcpschema/internal/source"
)

var printer = message.NewPrinter(language.English)

// leaf is one precise reason a value failed a schema.
type leaf struct {
	loc       []string // location in the value, as tokens
	schemaURL string   // absolute location of the failing schema
	kwPath    []string // keyword path below schemaURL
	msg       string
	want, got string // for "must be <want>, got <got>" messages, so alternatives merge
	hint      string // appended to msg: ": did you mean ...?" (meta-schema enums)
}

// leaves returns the precise reasons of e, walking Causes (BasicOutput
// drops some leaves for 2020-12). For anyOf/oneOf, only the alternatives
// that got deepest into the value are kept, and alternatives failing at the
// same place are merged into one reason ("..., or ...").
func leaves(e *jsonschema.ValidationError, wantType bool) []leaf {
	if len(e.Causes) == 0 {
		return []leaf{makeLeaf(e, wantType)}
	}
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		return bestAlternatives(e, wantType)
	case *kind.PropertyNames:
		// The causes judge the name itself; place them at the member.
		var out []leaf
		parent := propertyNamesParent(e)
		for _, c := range e.Causes {
			for _, l := range leaves(c, wantType) {
				l.loc = append(append(append([]string(nil), parent...), k.Property), l.loc...)
				if rest, ok := strings.CutPrefix(l.msg, "the schema "); ok && wantType {
					l.msg = fmt.Sprintf("name %q %s", k.Property, rest)
				} else if wantType {
					l.msg = fmt.Sprintf("name %q: %s", k.Property, l.msg)
				}
				out = append(out, l)
			}
		}
		return out
	}
	var out []leaf
	for _, c := range e.Causes {
		out = append(out, leaves(c, wantType)...)
	}
	return out
}

// propertyNamesParent returns the location of the object whose member names
// a propertyNames error judges. jsonschema v6.0.3 shares the backing array
// of sibling instance locations, so the last token of such an error's
// InstanceLocation can name a sibling (e.g. "type" for a bad
// "patternProperties" key); the failing schema's URL ends in
// /properties/<member> and names the right one.
func propertyNamesParent(e *jsonschema.ValidationError) []string {
	loc := append([]string(nil), e.InstanceLocation...)
	url := strings.TrimSuffix(e.SchemaURL, "/propertyNames")
	if i := strings.LastIndex(url, "/properties/"); i >= 0 && len(loc) > 0 {
		name := url[i+len("/properties/"):]
		if !strings.Contains(name, "/") {
			loc[len(loc)-1] = source.UnescapeToken(name)
		}
	}
	return loc
}

func bestAlternatives(e *jsonschema.ValidationError, wantType bool) []leaf {
	var branches [][]leaf
	best := -1
	for _, c := range e.Causes {
		ls := leaves(c, wantType)
		d := 0
		for _, l := range ls {
			if len(l.loc) > d {
				d = len(l.loc)
			}
		}
		if d > best {
			best, branches = d, nil
		}
		if d == best {
			branches = append(branches, ls)
		}
	}
	if len(branches) == 1 {
		return branches[0]
	}
	// Several alternatives fail equally deep: one reason per location.
	byLoc := map[string]*leaf{}
	var order []string
	for _, ls := range branches {
		for _, l := range ls {
			k := ptrOf(l.loc)
			if prev, ok := byLoc[k]; ok {
				if prev.hint == "" {
					prev.hint = l.hint
				}
				if prev.want != "" && l.want != "" {
					if !strings.Contains(prev.want, l.want) {
						prev.want += ", or " + l.want
					}
					prev.msg = fmt.Sprintf("%s must be %s, got %s", subject(prev.loc), prev.want, prev.got)
				} else if !strings.Contains(prev.msg, l.msg) {
					prev.msg += ", or " + l.msg
				}
				continue
			}
			cp := l
			byLoc[k] = &cp
			order = append(order, k)
		}
	}
	out := make([]leaf, 0, len(order))
	for _, k := range order {
		out = append(out, *byLoc[k])
	}
	return out
}

func ptrOf(tokens []string) string { return source.Join("", tokens...) }

func makeLeaf(e *jsonschema.ValidationError, meta bool) leaf {
	l := leaf{loc: e.InstanceLocation, schemaURL: e.SchemaURL, kwPath: e.ErrorKind.KeywordPath()}
	if meta {
		l.msg = metaMessage(e)
		l.want, l.got = wantGot(e)
		if k, ok := e.ErrorKind.(*kind.Enum); ok {
			l.hint = enumHint(k.Got, k.Want)
		}
	} else {
		l.msg = instanceMessage(e)
	}
	return l
}

// metaMessage words a meta-schema violation: the keyword first, then what
// it must be and what it is.
func metaMessage(e *jsonschema.ValidationError) string {
	name := subject(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return fmt.Sprintf("%s must be %s, got %s", name, expected(e.InstanceLocation, k.Want), article(k.Got))
	case *kind.Enum:
		var want []string
		for _, w := range k.Want {
			want = append(want, display(w))
		}
		return fmt.Sprintf("%s must be one of %s, got %s", name, strings.Join(want, ", "), display(k.Got))
	case *kind.Const:
		return fmt.Sprintf("%s must be %s, got %s", name, display(k.Want), display(k.Got))
	case *kind.Minimum:
		return fmt.Sprintf("%s must be at least %s, got %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.ExclusiveMinimum:
		return fmt.Sprintf("%s must be greater than %s, got %s", name, k.Want.RatString(), k.Got.RatString())
	case *kind.MinItems:
		return fmt.Sprintf("%s must have at least %d item(s), got %d", name, k.Want, k.Got)
	case *kind.UniqueItems:
		return fmt.Sprintf("%s must not repeat items: items %d and %d are equal; remove one", name, k.Duplicates[0], k.Duplicates[1])
	case *kind.Format:
		if k.Want == "regex" {
			return fmt.Sprintf("%s is not a valid ECMA-262 regular expression: %v; fix the pattern", name, k.Err)
		}
		return fmt.Sprintf("%s must be a valid %s, got %s", name, k.Want, display(k.Got))
	case *kind.Pattern:
		return fmt.Sprintf("%s %s does not match %q", name, display(k.Got), k.Want)
	case *kind.FalseSchema:
		return fmt.Sprintf("%s is not allowed here", name)
	}
	return name + ": " + e.ErrorKind.LocalizedString(printer)
}

// wantGot returns what a value must be and what it is, for kinds whose
// messages alternatives can share.
func wantGot(e *jsonschema.ValidationError) (string, string) {
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		return expected(e.InstanceLocation, k.Want), article(k.Got)
	case *kind.Enum:
		var want []string
		for _, w := range k.Want {
			want = append(want, display(w))
		}
		return "one of " + strings.Join(want, ", "), display(k.Got)
	case *kind.Const:
		return display(k.Want), display(k.Got)
	}
	return "", ""
}

// subject names the schema member at loc, e.g. "required" or "required/0".
func subject(loc []string) string {
	if len(loc) == 0 {
		return "the schema"
	}
	last := loc[len(loc)-1]
	if _, err := strconv.Atoi(last); err == nil && len(loc) > 1 {
		last = loc[len(loc)-2] + "/" + last
	}
	return strconv.Quote(last)
}

// keywordShapes describes the value some keywords must have, in words.
var keywordShapes = map[string]string{
	"required": "an array of strings", "enum": "an array",
	"properties": "an object whose values are schemas", "patternProperties": "an object whose values are schemas",
	"$defs": "an object whose values are schemas", "definitions": "an object whose values are schemas",
	"allOf": "a non-empty array of schemas", "anyOf": "a non-empty array of schemas", "oneOf": "a non-empty array of schemas",
	"prefixItems": "a non-empty array of schemas", "dependentRequired": "an object whose values are arrays of strings",
}

func expected(loc []string, want []string) string {
	if len(loc) > 0 {
		if s, ok := keywordShapes[loc[len(loc)-1]]; ok && !(len(loc) > 1 && keywordShapes[loc[len(loc)-2]] != "") {
			return s
		}
	}
	out := make([]string, len(want))
	for i, w := range want {
		out[i] = article(w)
	}
	return strings.Join(out, " or ")
}

func article(t string) string {
	switch t {
	case "null":
		return "null"
	case "array", "object", "integer":
		return "an " + t
	}
	return "a " + t
}

func display(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

// metaProblems turns a meta-schema validation error into problems, one per
// location in the schema, sorted.
func metaProblems(ve *jsonschema.ValidationError) []Problem {
	ls := leaves(ve, true)
	byPtr := map[string][]string{}
	for _, l := range ls {
		p := ptrOf(l.loc)
		msgs := byPtr[p]
		msg := l.msg + l.hint
		dup := false
		for _, m := range msgs {
			dup = dup || m == msg
		}
		if !dup {
			byPtr[p] = append(msgs, msg)
		}
	}
	out := make([]Problem, 0, len(byPtr))
	for p, msgs := range byPtr {
		sort.Strings(msgs)
		out = append(out, Problem{Kind: SchemaInvalid, Pointer: p, Message: strings.Join(msgs, "; ")})
	}
	return out
}
