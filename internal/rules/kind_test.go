package rules

import "testing"

func TestRegisterKind(t *testing.T) {
	r := Register(Rule{ID: "test.kind.default", Owner: "test", Level: Must, Severity: Error})
	if r.Kind != Validation {
		t.Errorf("a rule registered without kind: %q, want validation", r.Kind)
	}
	b := Register(Rule{ID: "test.kind.breaking", Kind: Breaking, Direction: Input, Owner: "test", Level: Must, Severity: Error})
	if !IsBreaking(b.ID) || IsBreaking(r.ID) || IsBreaking("test.kind.unregistered") {
		t.Errorf("IsBreaking: breaking %v, validation %v, unregistered %v", IsBreaking(b.ID), IsBreaking(r.ID), IsBreaking("test.kind.unregistered"))
	}
	for name, bad := range map[string]Rule{
		"breaking without direction": {ID: "test.kind.nodir", Kind: Breaking},
		"unknown direction":          {ID: "test.kind.baddir", Kind: Breaking, Direction: "sideways"},
		"unknown kind":               {ID: "test.kind.badkind", Kind: "lint"},
		"id with one segment":        {ID: "test"},
		"id with an upper-case word": {ID: "test.Kind.upper"},
		"id with an empty segment":   {ID: "test..empty"},
		"duplicate id":               {ID: "test.kind.default"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Register did not panic", name)
				}
			}()
			Register(bad)
		}()
	}
}

func TestDirectionOf(t *testing.T) {
	for id, want := range map[string]Direction{
		"mcpschema.file.syntax":                         File,
		"mcpdesc.document.info":                         Document,
		"mcpdesc.protocol.legacy-validation-incomplete": Document,
		"mcpdesc.tool.example.input":                    Example,
		"mcpdesc.tool.interaction-example.step":         Example,
		"mcp.tool.input-schema.required":                Input,
		"mcp.tool.output-schema.object":                 Output,
		"mcp.tool.name.format":                          Tool,
		"json-schema.tool-schema.valid":                 Tool,
		"mcpschema.config.valid":                        "",
	} {
		if got := DirectionOf(id); got != want {
			t.Errorf("DirectionOf(%q) = %q, want %q", id, got, want)
		}
	}
	r := Register(Rule{ID: "test.tool.input-schema.x", Owner: "test", Level: Must, Severity: Error})
	if r.Direction != Input {
		t.Errorf("a validation rule registered without direction: %q, want input from its id", r.Direction)
	}
}
