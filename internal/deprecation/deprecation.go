// Package deprecation is the one model of a deprecation: which tool,
// resource, resource template, prompt or schema property a file marks as
// deprecated, in which form the file says so, since when, until which
// sunset date, and what replaces it. Validation (validate: a deprecation
// without a date or a successor, one still shipped after its sunset, a
// malformed marker) and the breaking-change judge (diffcheck: removal
// after the sunset, before it, sunsets moved) read deprecations only
// through it, from the plain values of internal/source.
//
// The forms, strongest first:
//
//   - the MCP Description member "deprecated": true on a tool, resource,
//     resource template or prompt (FormFlag);
//   - the _meta member "io.mcpschema/deprecated" holding {"since",
//     "sunset", "use"} (each optional), on a tool in any file shape and on
//     the other primitives (FormMeta);
//   - JSON Schema's own "deprecated": true on a property of a tool's
//     inputSchema or outputSchema, with the same object under
//     "x-mcpschema-deprecated" for its dates (FormSchema);
//   - a description that starts with a deprecation prefix ("[DEPRECATED
//     …]", "Deprecated: …", "DEPRECATED - use X - sunset 2027-01-31"), or
//     whose later sentence starts with "DEPRECATED:" in capitals, the
//     fallback, read only where no other form says anything (FormDescription).
//
// Structured values win: the description only fills in a date or a
// successor the structured form leaves out.
package deprecation

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/source"
)

// MetaKey is the _meta member that carries a deprecation.
const MetaKey = "io.mcpschema/deprecated"

// SchemaKey is the schema member that carries a deprecated property's dates.
const SchemaKey = "x-mcpschema-deprecated"

// Kind is what is deprecated.
type Kind string

// Kinds of deprecated items.
const (
	Tool             Kind = "tool"
	Resource         Kind = "resource"
	ResourceTemplate Kind = "resource template"
	Prompt           Kind = "prompt"
	// Parameter is a property of a tool's inputSchema.
	Parameter Kind = "parameter"
	// OutputProperty is a property of a tool's outputSchema.
	OutputProperty Kind = "output property"
)

// Form is what a deprecation was read from.
type Form string

// Forms of deprecation markers.
const (
	// FormFlag: the MCP Description member "deprecated": true.
	FormFlag Form = "flag"
	// FormMeta: the _meta member "io.mcpschema/deprecated".
	FormMeta Form = "meta"
	// FormSchema: JSON Schema's "deprecated": true on a property (its
	// dates under "x-mcpschema-deprecated").
	FormSchema Form = "schema"
	// FormDescription: a deprecation prefix of the description (fallback).
	FormDescription Form = "description"
)

// Deprecation is one deprecated item.
type Deprecation struct {
	// Kind is what is deprecated.
	Kind Kind
	// Name identifies the item within its kind: a tool's or prompt's name,
	// a resource's uri, a template's uriTemplate, a property's path
	// (Path joined with ".", "[]" after an array's items).
	Name string
	// Path is a property's names from the schema root ("[]" for items).
	Path []string
	// Pointer selects the item (the tool, the property's schema).
	Pointer string
	// Form is the marker that makes the item deprecated.
	Form Form
	// Marker is the pointer of that marker (the flag, the _meta member,
	// the description).
	Marker string
	// Since is the version or date the item has been deprecated since ("" unknown).
	Since string
	// Sunset is the day after which the item may be removed, YYYY-MM-DD
	// ("" none, or not a date: a Problem says so).
	Sunset string
	// Use names what replaces the item ("" none given).
	Use string
	// SincePointer, SunsetPointer and UsePointer are where each value was
	// read (a _meta or x-mcpschema-deprecated member, or the description).
	SincePointer, SunsetPointer, UsePointer string
	// Fallback lists the values read from the description because the
	// structured form left them out ("since", "sunset", "use").
	Fallback []string
	// DescriptionLater reports that the description's deprecation is in a
	// later sentence, not its prefix (deprecation.ParseDescription).
	DescriptionLater bool
}

// Label names the item for messages: `tool "x"`, `parameter "a.b"`.
func (d *Deprecation) Label() string {
	return fmt.Sprintf("%s %q", d.Kind, d.Name)
}

// Passed reports whether the sunset is before day (YYYY-MM-DD): on the
// sunset day itself the item may still be shipped.
func (d *Deprecation) Passed(day string) bool {
	return d.Sunset != "" && d.Sunset < day
}

// FormText names the marker for messages: `"_meta" "io.mcpschema/deprecated"`.
func (d *Deprecation) FormText() string {
	switch d.Form {
	case FormFlag:
		return `"deprecated": true`
	case FormMeta:
		return fmt.Sprintf(`_meta %q`, MetaKey)
	case FormSchema:
		return `"deprecated": true`
	}
	return "read from " + d.DescriptionText()
}

// DescriptionText names where in the description the deprecation was
// read: "its description prefix", or "its description" for a later sentence.
func (d *Deprecation) DescriptionText() string {
	if d.DescriptionLater {
		return "its description"
	}
	return "its description prefix"
}

// FromDescription reports whether value ("since", "sunset", "use") was
// read from the description prefix.
func (d *Deprecation) FromDescription(value string) bool {
	if d.Form == FormDescription {
		return true
	}
	for _, f := range d.Fallback {
		if f == value {
			return true
		}
	}
	return false
}

// Problem is a malformed marker: a sunset that is not a date, a marker of
// the wrong type, an unknown member, markers that contradict each other.
type Problem struct {
	// Kind and Name are the item whose marker it is (as in Deprecation).
	Kind Kind
	Name string
	// Pointer is where the problem is.
	Pointer string
	// Message is lower case: what is wrong, then how to fix it (without
	// naming the item; the caller does).
	Message string
}

// Read reads the deprecation of a tool, resource, resource template or
// prompt object at ptr: nil when it is not deprecated. name identifies it
// (see Deprecation.Name).
func Read(kind Kind, name string, obj map[string]any, ptr string) (*Deprecation, []Problem) {
	if obj == nil {
		return nil, nil
	}
	var probs []Problem
	d := &Deprecation{Kind: kind, Name: name, Pointer: ptr}
	flag, hasFlag := obj["deprecated"].(bool)
	meta, _ := obj["_meta"].(map[string]any)
	mv, hasMeta := meta[MetaKey]
	metaPtr := source.Join(ptr, "_meta", MetaKey)
	switch {
	case hasFlag && !flag && hasMeta && mv != nil && mv != false:
		probs = append(probs, Problem{Pointer: metaPtr, Message: fmt.Sprintf("_meta %q marks it deprecated, but \"deprecated\" is false: remove one of them", MetaKey)})
		return nil, probs
	case hasFlag && flag:
		d.Form, d.Marker = FormFlag, source.Join(ptr, "deprecated")
	case hasMeta && mv != nil && mv != false:
		d.Form, d.Marker = FormMeta, metaPtr
	}
	if hasMeta {
		probs = append(probs, d.readObject(mv, metaPtr, fmt.Sprintf("_meta %q", MetaKey))...)
	}
	desc, _ := obj["description"].(string)
	probs = append(probs, d.readDescription(desc, source.Join(ptr, "description"), hasFlag && !flag)...)
	for i := range probs {
		probs[i].Kind, probs[i].Name = kind, name
	}
	if d.Form == "" {
		return nil, probs
	}
	return d, probs
}

// Label names the problem's item for messages (see Deprecation.Label).
func (p *Problem) Label() string { return fmt.Sprintf("%s %q", p.Kind, p.Name) }

// readObject reads the {since, sunset, use} object v at ptr (what names
// the marker for messages). A value that is not an object is a problem;
// the item stays deprecated unless the value is false or null.
func (d *Deprecation) readObject(v any, ptr, what string) []Problem {
	if v == nil || v == false {
		return nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return []Problem{{Pointer: ptr, Message: fmt.Sprintf("%s is %s, not an object: write {\"since\": \"1.4.0\", \"sunset\": \"2027-01-31\", \"use\": \"<successor>\"} (each member optional)", what, typeName(v))}}
	}
	var probs []Problem
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		mp := source.Join(ptr, k)
		s, isStr := obj[k].(string)
		switch k {
		case "since", "sunset", "use":
			if !isStr || strings.TrimSpace(s) == "" {
				probs = append(probs, Problem{Pointer: mp, Message: fmt.Sprintf("%s %q is %s, not a non-empty string: %s", what, k, valueText(obj[k]), memberHint(k))})
				continue
			}
		default:
			if !strings.HasPrefix(k, "x-") {
				probs = append(probs, Problem{Pointer: mp, Message: fmt.Sprintf("%s has the unknown member %q: use \"since\", \"sunset\" or \"use\"", what, k)})
			}
			continue
		}
		s = strings.TrimSpace(s)
		switch k {
		case "since":
			d.Since, d.SincePointer = s, mp
		case "use":
			d.Use, d.UsePointer = s, mp
		case "sunset":
			if day, ok := ParseDay(s); ok {
				d.Sunset, d.SunsetPointer = day, mp
			} else {
				probs = append(probs, Problem{Pointer: mp, Message: fmt.Sprintf("%s sunset %q is not a date: write it as YYYY-MM-DD, such as \"2027-01-31\"", what, s)})
			}
		}
	}
	return probs
}

// readDescription fills what the structured form left out from the
// description's deprecation prefix, or makes the item deprecated by it
// when no other form did. A prefix under "deprecated": false is a problem.
func (d *Deprecation) readDescription(desc, ptr string, flagFalse bool) []Problem {
	p, ok := ParseDescription(desc)
	if !ok {
		return nil
	}
	where := "its description prefix"
	if p.Later {
		where = "its description"
	}
	if flagFalse {
		return []Problem{{Pointer: ptr, Message: fmt.Sprintf("%s announces a deprecation, but \"deprecated\" is false: remove the announcement, or set \"deprecated\": true", where)}}
	}
	var probs []Problem
	if p.BadSunset != "" {
		probs = append(probs, Problem{Pointer: ptr, Message: fmt.Sprintf("the sunset %q in %s is not a date: write it as YYYY-MM-DD, such as \"2027-01-31\"", p.BadSunset, where)})
	}
	if d.Form == "" {
		d.Form, d.Marker, d.DescriptionLater = FormDescription, ptr, p.Later
	}
	fill := func(have *string, at *string, v, name string) {
		if *have != "" || v == "" {
			return
		}
		*have, *at = v, ptr
		if d.Form != FormDescription {
			d.Fallback = append(d.Fallback, name)
		}
	}
	fill(&d.Since, &d.SincePointer, p.Since, "since")
	fill(&d.Sunset, &d.SunsetPointer, p.Sunset, "sunset")
	fill(&d.Use, &d.UsePointer, p.Use, "use")
	return probs
}

// memberHint says what a member of the marker object holds.
func memberHint(k string) string {
	switch k {
	case "since":
		return "write the version or date it was deprecated in, such as \"1.4.0\""
	case "sunset":
		return "write the day after which it may be removed, as YYYY-MM-DD"
	}
	return "write the name of what replaces it"
}

// typeName is the JSON type of v with an article ("a string", "an array").
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a number"
}

// valueText renders a member's value for messages: an empty string as
// such, anything else by its type.
func valueText(v any) string {
	if s, ok := v.(string); ok {
		if strings.TrimSpace(s) == "" {
			return "empty"
		}
		return "a string"
	}
	return typeName(v)
}
