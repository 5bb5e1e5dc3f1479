package schema

import (
	"strings"
	"testing"
)

// TestTypeHint: a misspelled or foreign "type" names the JSON Schema type
// meant, for a string and inside a type array; an unrelated word gets no
// guess.
func TestTypeHint(t *testing.T) {
	t.Parallel()
	e := NewEngine(testLimits)
	for schema, want := range map[string]string{
		`{"type": "str"}`:                           `got "str": did you mean "string"?`,
		`{"type": "Integer"}`:                       `got "Integer": did you mean "integer"?`,
		`{"type": "float"}`:                         `got "float": did you mean "number"?`,
		`{"type": "bool"}`:                          `got "bool": did you mean "boolean"?`,
		`{"type": ["strin", "null"]}`:               `got "strin": did you mean "string"?`,
		`{"properties": {"a": {"type": "obejct"}}}`: `got "obejct": did you mean "object"?`,
		`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "dict"}`: `did you mean "object"?`,
	} {
		cs := e.Check(parse(t, schema))
		if len(cs.Problems) != 1 || !strings.Contains(cs.Problems[0].Message, want) {
			t.Errorf("%s: problems %+v, want one containing %q", schema, cs.Problems, want)
		}
	}
	cs := e.Check(parse(t, `{"type": "zebra"}`))
	if len(cs.Problems) != 1 || strings.Contains(cs.Problems[0].Message, "did you mean") {
		t.Errorf("zebra: %+v, want one problem without a guess", cs.Problems)
	}
}
