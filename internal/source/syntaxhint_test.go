package source

import (
	"strings"
	"testing"
)

// TestSyntaxHints: common JSON and YAML mistakes are named at their
// position, with what to do.
func TestSyntaxHints(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, body string
		line, col  int
		want       string
	}{
		{"trailing.json", `{"tools": [{"name": "a",}]}`, 1, 24, `trailing comma before "}": JSON allows no comma after the last member; remove it`},
		{"trailing-array.json", "[1, 2,\n]", 1, 6, `trailing comma before "]"`},
		{"missing.json", "{\"name\": \"a\"\n \"inputSchema\": {}}", 1, 13, `missing comma between two values: add "," here`},
		{"missing-array.json", `[{"name": "a"} {"name": "b"}]`, 1, 15, "missing comma"},
		{"single.json", `{'tools': []}`, 1, 2, "single quotes: JSON strings and member names take double quotes"},
		{"comment.json", "{\"tools\": [\n  // none yet\n]}", 2, 3, "comment: JSON allows no comments"},
		{"unquoted.json", `{tools: []}`, 1, 2, `member name tools has no quotes: JSON names are strings in double quotes; write "tools"`},
		{"python.json", `{"deprecated": True}`, 1, 16, "True is not a JSON literal: write true"},
		{"none.json", `{"default": None}`, 1, 13, "None is not a JSON literal: write null"},
		{"nan.json", `{"maximum": NaN}`, 1, 13, "NaN is not a JSON number"},
		{"tab.yaml", "tools:\n  - name: a\n\tinputSchema: {}\n", 3, 1, "a tab indents line 3; YAML indents with spaces only: replace the tab with spaces"},
		{"tab-inner.yaml", "tools:\n  - name: a\n    inputSchema:\n  \t  type: object\n", 4, 3, "a tab indents line 4"},
		{"colon.yaml", "tools:\n  - name: a\n    description: Note: this breaks\n", 3, 18, `the value of "description" holds ": " and is not quoted`},
		{"backtick.yaml", "tools:\n  - name: a\n    description: `code` here\n", 3, 18, "a plain value cannot start with \"`\""},
	} {
		f := Parse(tc.name, []byte(tc.body), Limits{})
		if len(f.Problems) == 0 {
			t.Errorf("%s: no problem", tc.name)
			continue
		}
		p := f.Problems[0]
		if p.Kind != ProblemSyntax || p.Pos.Line != tc.line || p.Pos.Column != tc.col || !strings.Contains(p.Message, tc.want) {
			t.Errorf("%s: %s at %d:%d %q; want syntax at %d:%d containing %q", tc.name, p.Kind, p.Pos.Line, p.Pos.Column, p.Message, tc.line, tc.col, tc.want)
		}
	}
	// A comma with nothing before it is no trailing comma: the message and
	// position stay the decoder's.
	f := Parse("lead.json", []byte(`{"inputSchema": {,}}`), Limits{})
	if p := f.Problems[0]; p.Pos.Column != 18 || strings.Contains(p.Message, "trailing") {
		t.Errorf("lead.json: %+v", p)
	}
}
