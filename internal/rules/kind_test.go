package rules

import "testing"

func TestNewSet(t *testing.T) {
	r := New(Rule{ID: "test.kind.default", Owner: "test", Level: Must, Severity: Error})
	if r.Kind != Validation {
		t.Errorf("a rule made without kind: %q, want validation", r.Kind)
	}
	b := New(Rule{ID: "compat.input.test", Kind: Breaking, Direction: Input, Owner: "test", Level: Must, Severity: Error})
	s, err := NewSet([]*Rule{b}, []*Rule{r, b})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.IDs(); len(got) != 2 || got[0] != b.ID || got[1] != r.ID {
		t.Errorf("IDs: %q, want the two ids sorted, the record listed twice once", got)
	}
	if x, ok := s.Lookup(b.ID); !ok || x != b {
		t.Errorf("Lookup(%q): %v %v", b.ID, x, ok)
	}
	if _, ok := s.Lookup("test.kind.unknown"); ok {
		t.Error("Lookup of an unknown id found it")
	}
	if s.Title("test.kind.unknown") != "test.kind.unknown" || s.Title(r.ID) != "kind default" {
		t.Errorf("Title: %q, %q", s.Title("test.kind.unknown"), s.Title(r.ID))
	}
	if !IsBreaking(b.ID) || IsBreaking(r.ID) {
		t.Errorf("IsBreaking: breaking %v, validation %v", IsBreaking(b.ID), IsBreaking(r.ID))
	}
	for name, bad := range map[string]*Rule{
		"breaking without direction":   {ID: "compat.input.nodir", Kind: Breaking},
		"unknown direction":            {ID: "compat.input.baddir", Kind: Breaking, Direction: "sideways"},
		"unknown kind":                 {ID: "test.kind.badkind", Kind: "lint"},
		"breaking outside compat.":     {ID: "test.kind.breaking", Kind: Breaking, Direction: Input},
		"validation inside compat.":    New(Rule{ID: "compat.input.lint"}),
		"id with one segment":          New(Rule{ID: "test"}),
		"id with an upper-case word":   New(Rule{ID: "test.Kind.upper"}),
		"id with an empty segment":     New(Rule{ID: "test..empty"}),
		"duplicate id, another record": New(Rule{ID: "test.kind.default"}),
	} {
		if _, err := NewSet([]*Rule{r}, []*Rule{bad}); err == nil {
			t.Errorf("%s: NewSet took it", name)
		}
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
	r := New(Rule{ID: "test.tool.input-schema.x", Owner: "test", Level: Must, Severity: Error})
	if r.Direction != Input {
		t.Errorf("a validation rule made without direction: %q, want input from its id", r.Direction)
	}
}
