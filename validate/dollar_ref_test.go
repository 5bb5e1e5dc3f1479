package validate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestDollarRefIsNotAComponentRef: $ref where a Reference Object may
// stand (a tool, resource or prompt example) is never an MCP Description
// reference (MCP Description 17.2); the finding says to write
// $componentRef, not to rename $ref "x-$ref".
func TestDollarRefIsNotAComponentRef(t *testing.T) {
	t.Parallel()
	doc := `{"mcpdesc": "0.8.0", "info": {"name": "s", "version": "1"}, "protocolVersions": ["2025-11-25"],
"components": {"toolExamples": {"E": {"input": {}, "result": {"content": []}}}, "promptExamples": {"P": {"result": {"messages": []}}}},
"tools": [{"name": "t", "inputSchema": {"type": "object"}, "examples": {"e": {"$ref": "#/components/toolExamples/E"}}}],
"prompts": [{"name": "p", "examples": {"e": {"$ref": "#/components/promptExamples/P"}}}]}`
	f := source.Parse("d.json", []byte(doc), source.Limits{})
	seen := 0
	for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
		if !strings.HasSuffix(x.Pointer, "/$ref") {
			continue
		}
		seen++
		if strings.Contains(x.Message, "x-$ref") || !strings.Contains(x.Message, `"$componentRef": "#/components/`) {
			t.Errorf("%s at %s: %s, want it told to write $componentRef", x.Rule, x.Pointer, x.Message)
		}
	}
	if seen != 2 {
		t.Errorf("%d findings at a $ref, want 2", seen)
	}
}
