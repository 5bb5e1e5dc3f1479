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
