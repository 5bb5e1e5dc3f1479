package source

import "testing"

// TestShapeDoesNotGuess: only objects that are tools, arrays that hold
// objects, and JSON or YAML text are read as tools.
func TestShapeDoesNotGuess(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, body string
		shape      Shape
		tools      int
	}{
		{"package.json", `{"name": "my-mcp-server", "version": "1.0.0", "scripts": {}}`, ShapeUnknown, 0},
		{"_roster.json", `["a", "b", "c"]`, ShapeUnknown, 0},
		{"get_me.json", `{"name": "get_me", "description": "d", "annotations": {}}`, ShapeTool, 1},
		{"x.json", `{"name": "x", "x-owner": "me"}`, ShapeTool, 1},
		{"out.json", `{"outputSchema": {"type": "object"}}`, ShapeTool, 1},
		{"odd.snap", `{"title": "t"}`, ShapeTool, 1},
		{"pkg/__toolsnaps__/odd.json", `{"title": "t"}`, ShapeTool, 1},
		{"__toolsnaps__/odd.json", `{"title": "t"}`, ShapeTool, 1},
		{"odd.json", `{"title": "t"}`, ShapeUnknown, 0},
		{"empties.json", `[{}, {}]`, ShapeArray, 2},
		{"mixed.json", `["a", {"name": "b"}]`, ShapeArray, 2},
		{"empty.json", `[]`, ShapeArray, 0},
		{"README.md", "# title\n\nrun `make`\n", ShapeText, 0},
		{"notes.txt", "key: value\n", ShapeText, 0},
		{"LICENSE", "MIT License\n\nCopyright\n", ShapeText, 0},
		{"front.md", "---\ntitle: x\n---\n# body\n", ShapeText, 0},
		{"tools.txt", `[{"name": "a", "inputSchema": {}}]`, ShapeArray, 1},
		{"value", `"just a string"`, ShapeUnknown, 0},
		{"number", "42\n", ShapeUnknown, 0},
		{"tools", "tools:\n  - name: a\n    inputSchema: {}\n", ShapeListResult, 1},
	} {
		f := Parse(tc.name, []byte(tc.body), Limits{})
		if f.Fatal() {
			t.Errorf("%s: fatal %v", tc.name, f.Problems)
			continue
		}
		if f.Shape != tc.shape || len(f.Tools) != tc.tools {
			t.Errorf("%s: shape %s with %d tools, want %s with %d", tc.name, f.Shape, len(f.Tools), tc.shape, tc.tools)
		}
		if tc.shape == ShapeText && len(f.Problems) != 0 {
			t.Errorf("%s: problems %v, want none for a text file", tc.name, f.Problems)
		}
	}
}

// TestShapeKeepsSyntaxErrors: a file named as JSON or YAML, or whose text
// starts like JSON, keeps its syntax error instead of being called text.
func TestShapeKeepsSyntaxErrors(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"bad.json": "# not json\n",
		"bad.yaml": "a: `b`\n",
		"tools":    `{"tools": [}`,
	} {
		f := Parse(name, []byte(body), Limits{})
		if f.Shape == ShapeText || len(f.Problems) == 0 || f.Problems[0].Kind != ProblemSyntax {
			t.Errorf("%s: shape %s, problems %v; want a syntax error", name, f.Shape, f.Problems)
		}
	}
}
