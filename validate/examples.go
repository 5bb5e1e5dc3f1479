package validate

import (
	"regexp"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Rules about the shape of a tool's named examples.
var (
	RuleExampleShape = rules.New(rules.Rule{
		ID: "mcpdesc.tool.example.shape", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "malformed examples",
		Summary: "tool examples are a non-empty map of {input, result} objects",
		Doc: "MCP Description 0.8.0 section 9.3: a tool's examples is a map (a JSON object, not an array) from an example name to a Tool Example Object or a Reference Object to #/components/toolExamples/<name>; when present it holds at least one entry (section 3.3). " +
			"Each example has exactly an input object (the complete tools/call params.arguments; {} for no arguments) and a result object (the completed Tool Result without JSON-RPC envelope), plus x-* extensions.",
		Fix: "write examples as {\"<name>\": {\"input\": {...}, \"result\": {...}}}, or remove an empty examples map",
	})
	RuleExampleName = rules.New(rules.Rule{
		ID: "mcpdesc.tool.example.name", Owner: "mcpdesc", Level: rules.Must, Severity: rules.Error,
		Title:   "bad example name",
		Summary: "a tool example or interaction example name matches ^[A-Za-z0-9._-]+$",
		Doc:     "MCP Description 0.8.0 sections 9.3 and 9.4: each example name and each interaction scenario name MUST match ^[A-Za-z0-9._-]+$; names are case-sensitive, scoped to the tool, and serve as stable selection names for documentation and mock tooling.",
		Fix:     "rename the example using only letters, digits, ., _ and -",
	})
)

var exampleNameRe = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// toolExample is one resolved example of a tool: a named Tool Example or
// a Tool Interaction Example (kind "interaction example").
type toolExample struct {
	kind  string
	name  string
	ptr   string
	value map[string]any
}

// label names the example in messages: example "name".
func (ex toolExample) label() string {
	kind := ex.kind
	if kind == "" {
		kind = "example"
	}
	return kind + " " + quote(ex.name)
}

// checkExamples checks the examples map, then every example in name order.
func checkExamples(c *ToolContext) {
	for _, ex := range collectExamples(c) {
		checkExampleInput(c, ex)
		checkExampleResult(c, ex)
	}
}

// collectExamples checks the map's shape and returns the examples that are
// objects, references resolved, sorted by name.
func collectExamples(c *ToolContext) []toolExample {
	if c.Tool.Value == nil {
		return nil
	}
	raw, has := c.Tool.Value["examples"]
	if !has {
		return nil
	}
	ptr := c.Ptr("examples")
	m, ok := raw.(map[string]any)
	if !ok {
		c.Report(RuleExampleShape, ptr, nil,
			"tool examples is %s, not a map: write it as {\"<name>\": {\"input\": {...}, \"result\": {...}}}", jsonType(raw))
		return nil
	}
	if len(m) == 0 {
		c.Report(RuleExampleShape, ptr, nil, "tool examples is an empty map, which MCP Description forbids: add an example or remove examples")
		return nil
	}
	var out []toolExample
	for _, name := range sortedKeys(m) {
		eptr := source.Join(ptr, name)
		if !exampleNameRe.MatchString(name) {
			c.Report(RuleExampleName, eptr, nil,
				"example name %q does not match ^[A-Za-z0-9._-]+$: rename it using only letters, digits, ., _ and -", name)
		}
		val := m[name]
		if ref, isRef := componentRef(val); isRef {
			if closedObjects(c.FileContext) {
				reportRefSiblings(c, RuleComponentRef, val.(map[string]any), eptr, "example "+quote(name))
			}
			r := c.followComponent(ref, "toolExamples")
			if r.Problem != source.RefOK {
				c.reportRefProblem(c, RuleComponentRef, source.Join(eptr, componentRefKey), "example "+quote(name), "toolExamples", r)
				continue
			}
			val, eptr = r.Value, r.Pointer
		}
		obj, isObj := val.(map[string]any)
		if !isObj {
			c.Report(RuleExampleShape, eptr, nil,
				"example %q is %s, not an object: write it as {\"input\": {...}, \"result\": {...}}", name, jsonType(val))
			continue
		}
		if closedObjects(c.FileContext) {
			reportUnknownMembers(c.FileContext, obj, eptr, exampleFields, "tool example")
		}
		for _, part := range []string{"input", "result"} {
			v, has := obj[part]
			switch _, isObj := v.(map[string]any); {
			case !has:
				hint := "add the completed Tool Result, for example {\"content\": [{\"type\": \"text\", \"text\": \"...\"}]}"
				if part == "input" {
					hint = "add it (use \"input\": {} for a call without arguments)"
				}
				c.Report(RuleExampleShape, eptr, nil, "example %q has no %q: %s", name, part, hint)
			case !isObj:
				c.Report(RuleExampleShape, source.Join(eptr, part), nil, "example %q %s is %s, not an object: give the complete %s object", name, part, jsonType(v), part)
			}
		}
		out = append(out, toolExample{name: name, ptr: eptr, value: obj})
	}
	return out
}

// exampleFields are the members a Tool Example Object may hold besides x-*.
var exampleFields = []string{"input", "result"}
