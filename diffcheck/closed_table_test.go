package diffcheck

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
)

// The closed-object table: {open, closed by additionalProperties: false,
// closed by unevaluatedProperties: false, closed with patternProperties} ×
// {member added optional/required, removed optional/required, made
// required/optional} × {input, output} × {root, nested, $defs, items, anyOf
// branch}. Each case names the rule and severity it expects; every finding's
// witness is re-checked with the validator (checkFinding).

type closure struct {
	name string
	kw   map[string]any
}

var closures = []closure{
	{"open", nil},
	{"additionalProperties", map[string]any{"additionalProperties": false}},
	{"unevaluatedProperties", map[string]any{"unevaluatedProperties": false}},
	{"patternProperties", map[string]any{"additionalProperties": false,
		"patternProperties": map[string]any{"^meta_": map[string]any{"type": "string"}}}},
	// a pattern that admits x as its declaration did: declaring or dropping
	// x changes nothing a validator sees.
	{"patternProperties-matching", map[string]any{"additionalProperties": false,
		"patternProperties": map[string]any{"^x$": map[string]any{"type": "integer"}}}},
}

// memberChange says whether member x is declared and required on each side.
type memberChange struct {
	name                 string
	baseHas, baseReq     bool
	headHas, headReq     bool
	input, inputClosed   string // expected "severity rule" ("" none) for an open / a closed object
	output, outputClosed string
	// for a closed object whose patternProperties admit x as declared
	inputMatching, outputMatching string
}

var memberChanges = []memberChange{
	// a closed output that gains a member: a warning by default, an error
	// with Options.StrictOutputs (TestClosedObjectTable runs both).
	{name: "added-optional", headHas: true,
		outputClosed: "warning compat.output.additional-properties-relaxed"},
	{name: "added-required", headHas: true, headReq: true,
		input: "error compat.input.required-added", inputClosed: "error compat.input.required-added",
		outputClosed: "warning compat.output.additional-properties-relaxed", inputMatching: "error compat.input.required-added"},
	{name: "removed-optional", baseHas: true,
		input: "warning compat.input.property-removed", inputClosed: "error compat.input.property-removed",
		output: "warning compat.output.property-removed", outputClosed: "warning compat.output.property-removed"},
	{name: "removed-required", baseHas: true, baseReq: true,
		input: "warning compat.input.property-removed", inputClosed: "error compat.input.property-removed",
		output: "error compat.output.required-removed", outputClosed: "error compat.output.required-removed",
		outputMatching: "error compat.output.required-removed"},
	{name: "made-required", baseHas: true, headHas: true, headReq: true,
		input: "error compat.input.required-added", inputClosed: "error compat.input.required-added",
		inputMatching: "error compat.input.required-added"},
	{name: "made-optional", baseHas: true, baseReq: true, headHas: true,
		output: "error compat.output.property-became-optional", outputClosed: "error compat.output.property-became-optional",
		outputMatching: "error compat.output.property-became-optional"},
}

// object returns the object schema with member a (always required) and x.
func (cl closure) object(hasX, reqX bool) map[string]any {
	props := map[string]any{"a": map[string]any{"type": "string"}}
	req := []any{"a"}
	if hasX {
		props["x"] = map[string]any{"type": "integer"}
		if reqX {
			req = append(req, "x")
		}
	}
	o := map[string]any{"type": "object", "properties": props, "required": req}
	for k, v := range cl.kw {
		o[k] = v
	}
	return o
}

var positions = []struct {
	name string
	wrap func(obj map[string]any) map[string]any
}{
	{"root", func(o map[string]any) map[string]any { return o }},
	{"nested", func(o map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"n": o}, "required": []any{"n"}}
	}},
	{"defs", func(o map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"$ref": "#/$defs/o"}},
			"required": []any{"n"}, "$defs": map[string]any{"o": o}}
	}},
	{"items", func(o map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "array", "items": o}},
			"required": []any{"n"}}
	}},
	{"anyOf", func(o map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"anyOf": []any{
			o, map[string]any{"type": "object", "properties": map[string]any{"kind": map[string]any{"const": "other"}},
				"required": []any{"kind"}, "additionalProperties": false}}}},
			"required": []any{"n"}}
	}},
}

func toolFile(t *testing.T, key string, s map[string]any) *source.File {
	t.Helper()
	tool := map[string]any{"name": "t", "inputSchema": map[string]any{"type": "object"}}
	tool[key] = s
	data, err := json.MarshalIndent(tool, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return source.Parse("t.json", data, source.Limits{})
}

func TestClosedObjectTable(t *testing.T) {
	t.Parallel()
	eng := schema.NewEngine(schema.DefaultLimits)
	for _, pos := range positions {
		for _, cl := range closures {
			for _, mc := range memberChanges {
				for _, key := range []string{"inputSchema", "outputSchema"} {
					name := fmt.Sprintf("%s/%s/%s/%s", pos.name, cl.name, mc.name, key)
					t.Run(name, func(t *testing.T) {
						base := toolFile(t, key, pos.wrap(cl.object(mc.baseHas, mc.baseReq)))
						head := toolFile(t, key, pos.wrap(cl.object(mc.headHas, mc.headReq)))
						want := mc.input
						switch {
						case cl.name == "patternProperties-matching" && key == "inputSchema":
							want = mc.inputMatching
						case cl.name == "patternProperties-matching":
							want = mc.outputMatching
						case key == "inputSchema" && cl.kw != nil:
							want = mc.inputClosed
						case key == "outputSchema" && cl.kw == nil:
							want = mc.output
						case key == "outputSchema":
							want = mc.outputClosed
						}
						got := Compare([]*source.File{base}, []*source.File{head}, Options{})
						var have []string
						for _, f := range got {
							have = append(have, f.Severity.String()+" "+f.Rule)
						}
						sort.Strings(have)
						var wants []string
						if want != "" {
							wants = []string{want}
						}
						if want == "warning compat.output.additional-properties-relaxed" {
							// strict outputs: the addition is an error.
							strict := Compare([]*source.File{base}, []*source.File{head}, Options{StrictOutputs: true})
							if len(strict) != 1 || strict[0].Severity.String() != "error" {
								t.Errorf("strict outputs: got %v, want one error", strict)
							}
						}
						if strings.Join(have, "; ") != strings.Join(wants, "; ") {
							for _, f := range got {
								t.Logf("%s %s %s: %s", f.Severity, f.Rule, f.Pointer, f.Message)
							}
							t.Errorf("got [%s], want [%s]", strings.Join(have, "; "), strings.Join(wants, "; "))
						}
						c := &diffCase{Case: &fixture.Case{Name: name}, base: []*source.File{base}, head: []*source.File{head}}
						for _, f := range got {
							checkFinding(t, c, eng, f)
							// the witness of a member removed from a closed input, or added to
							// a closed output, carries it; the others lack it.
							carries := f.Rule == RuleInputPropertyRemoved.ID || f.Rule == RuleOutputAdditionalRelaxed.ID
							if f.Witness != nil && hasMember(f.Witness, "x") != carries {
								t.Errorf("%s: witness %s, want it %s member \"x\"", f.Rule, display(f.Witness), map[bool]string{true: "to carry", false: "not to carry"}[carries])
							}
						}
					})
				}
			}
		}
	}
}

// TestClosedObjectRenamed: a member of a closed object renamed (iid removed,
// epic_iid added as required) gives both findings, each with a witness.
func TestClosedObjectRenamed(t *testing.T) {
	t.Parallel()
	eng := schema.NewEngine(schema.DefaultLimits)
	obj := func(member string) map[string]any {
		return map[string]any{"type": "object", "additionalProperties": false, "required": []any{member},
			"properties": map[string]any{"project": map[string]any{"type": "string"}, member: map[string]any{"type": "integer"}}}
	}
	base, head := toolFile(t, "inputSchema", obj("iid")), toolFile(t, "inputSchema", obj("epic_iid"))
	got := Compare([]*source.File{base}, []*source.File{head}, Options{})
	var have []string
	for _, f := range got {
		have = append(have, f.Severity.String()+" "+f.Rule)
	}
	sort.Strings(have)
	if w := "error compat.input.property-removed; error compat.input.required-added"; strings.Join(have, "; ") != w {
		t.Errorf("got [%s], want [%s]", strings.Join(have, "; "), w)
	}
	c := &diffCase{Case: &fixture.Case{Name: "renamed"}, base: []*source.File{base}, head: []*source.File{head}}
	for _, f := range got {
		checkFinding(t, c, eng, f)
	}
}

// hasMember reports whether some object inside v has member key.
func hasMember(v any, key string) bool {
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x[key]; ok {
			return true
		}
		for _, e := range x {
			if hasMember(e, key) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasMember(e, key) {
				return true
			}
		}
	}
	return false
}
