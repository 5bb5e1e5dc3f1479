package suggest

import "testing"

func TestNearest(t *testing.T) {
	cmds := []string{"check", "rules", "action", "version", "help"}
	for _, tc := range []struct {
		word, want string
		ok         bool
	}{
		{"chek", "check", true},
		{"chekc", "check", true},
		{"rule", "rules", true},
		{"verison", "version", true},
		{"ac", "action", true},
		{"CHECK", "check", true},
		{"deploy", "", false},
		{"x", "", false},
		{"", "", false},
	} {
		got, ok := Nearest(tc.word, cmds)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("Nearest(%q) = %q, %v; want %q, %v", tc.word, got, ok, tc.want, tc.ok)
		}
	}
	types := []string{"array", "boolean", "integer", "null", "number", "object", "string"}
	for word, want := range map[string]string{"str": "string", "strin": "string", "Integer": "integer", "bool": "boolean", "nul": "null", "obejct": "object"} {
		if got, ok := Nearest(word, types); !ok || got != want {
			t.Errorf("Nearest(%q) = %q, %v; want %q", word, got, ok, want)
		}
	}
	if got, ok := Nearest("mcp.tool.name.requried", []string{"mcp.tool.name.required", "mcp.tool.name.format"}); !ok || got != "mcp.tool.name.required" {
		t.Errorf("rule id: got %q, %v", got, ok)
	}
	if got, ok := Nearest("n", types); ok {
		t.Errorf("a one-letter prefix suggests %q", got)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"ab", "ba", 1}, {"kitten", "sitting", 3}, {"check", "chekc", 1}} {
		if d := distance(tc.a, tc.b); d != tc.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, d, tc.d)
		}
	}
}
