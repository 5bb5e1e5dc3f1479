package validate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestDocMessagesSayHowToFix: elicitation schema and completion context
// findings say what is wrong, then how to fix it.
func TestDocMessagesSayHowToFix(t *testing.T) {
	t.Parallel()
	doc := `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2025-11-25"],
"tools": [{"name": "t", "inputSchema": {"type": "object"}, "elicitations": [{"name": "e", "mode": "form", "message": "m", "requestedSchema": {"type": "object",
  "properties": {"n": {"type": "integer", "minimum": 5, "maximum": 1}, "c": {"type": "string", "enum": ["a", "b"], "default": "z"},
    "m": {"type": "array", "items": {"type": "string", "enum": ["a"]}, "default": ["q"]}},
  "required": ["zz"]}}]}],
"prompts": [{"name": "p", "arguments": [{"name": "a"}, {"name": "b"}], "completionExamples": {"c": {"argument": {"name": "a", "value": "x"}, "context": {"arguments": {"zz": "y"}}, "result": {"completion": {"values": []}}}}}]}`
	f := source.Parse("d.json", []byte(doc), source.Limits{})
	want := map[string]string{
		"/tools/0/elicitations/0/requestedSchema/properties/n/minimum":   "lower minimum or raise maximum",
		"/tools/0/elicitations/0/requestedSchema/properties/c/default":   "use one of the enum values",
		"/tools/0/elicitations/0/requestedSchema/properties/m/default/0": "use one of the item choices",
		"/tools/0/elicitations/0/requestedSchema/required/0":             "declare it in properties",
		"/prompts/0/completionExamples/c/context/arguments/zz":           "remove it from context",
	}
	got := map[string]string{}
	for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
		got[x.Pointer] = x.Message
	}
	for ptr, fix := range want {
		if msg, ok := got[ptr]; !ok || !strings.Contains(msg, fix) {
			t.Errorf("%s: %q, want it to say %q", ptr, msg, fix)
		}
	}
}
