package diffcheck

import (
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestDependentRequiredRemovedWitness: an output's dependentRequired
// removed together with the declarations of its members was a warning
// without a witness (so the run passed); an object with the trigger member
// alone ({"a": "x"}, no "b") is one.
func TestDependentRequiredRemovedWitness(t *testing.T) {
	t.Parallel()
	base := `{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"v": {"type": "object", "properties": {"a": {}, "b": {}}, "dependentRequired": {"a": ["b"]}}}, "required": ["v"]}}`
	head := `{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": {"v": {"type": "object"}}, "required": ["v"]}}`
	got := Compare([]*source.File{source.Parse("t.json", []byte(base), source.Limits{})},
		[]*source.File{source.Parse("t.json", []byte(head), source.Limits{})}, Options{})
	found := false
	for _, f := range got {
		if f.Rule != RuleOutputConditionalRemoved.ID {
			continue
		}
		found = true
		if f.Severity.String() != "error" || f.Witness == nil {
			t.Errorf("%s without the witness {\"v\": {\"a\": \"x\"}}: %s (witness %v)", f.Severity, f.Message, f.Witness)
		}
	}
	if !found {
		t.Fatalf("no %s finding: %+v", RuleOutputConditionalRemoved.ID, got)
	}
}
