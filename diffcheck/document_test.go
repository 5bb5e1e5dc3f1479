package diffcheck

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestSecurityGrants: a head requirement breaks when some grant that
// satisfied the base requirement no longer satisfies it.
func TestSecurityGrants(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ base, head, want string }{
		{`[]`, `[{}]`, ""},
		{`[{}]`, `[]`, ""},
		{`[{"a": ["r"]}]`, `[{"a": ["r"]}, {"b": []}]`, ""},
		{`[{"a": ["r", "w"]}]`, `[{"a": ["w"]}]`, ""},
		{`[{"a": ["r"], "b": []}]`, `[{"a": ["r"]}]`, ""},
		{`[{"b": []}, {"a": ["r"]}]`, `[{"a": ["r"]}, {"b": []}]`, ""},
		{`[{"a": ["r"]}]`, `[{"a": ["r", "w"]}]`, RuleSecurityScopeAdded.ID},
		{`[{"a": ["r"]}]`, `[{"a": ["r"], "b": []}]`, RuleSecurityRequirementAdded.ID},
		{`[{"a": []}, {"b": []}]`, `[{"a": []}]`, RuleSecurityRequirementAdded.ID},
		{`[{}, {"a": []}]`, `[{"a": []}]`, RuleSecurityRequirementAdded.ID},
		{`[]`, `[{"a": []}]`, RuleSecurityRequirementAdded.ID},
		{`[{"a": ["r"]}]`, `[{"c": ["r"]}]`, RuleSecurityRequirementAdded.ID},
		{`"not an array"`, `[{"a": []}]`, ""},
	} {
		var bv, hv any
		if err := json.Unmarshal([]byte(c.base), &bv); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(c.head), &hv); err != nil {
			t.Fatal(err)
		}
		doc := source.Parse("d.json", []byte(`{"mcpdesc": "0.8.0", "security": []}`), source.Limits{})
		d := &docCmp{base: doc, head: doc}
		d.compareRequirement(map[string]string{"a": "a", "b": "b"}, "the security", "/security", "/security", bv, hv, primPair{subject: "x"})
		got := ""
		if len(d.findings) == 1 {
			got = d.findings[0].Rule
			if d.findings[0].Witness == nil {
				t.Errorf("%s → %s: no witness grant", c.base, c.head)
			}
		}
		if len(d.findings) > 1 || got != c.want {
			t.Errorf("%s → %s: %d findings, rule %q, want %q", c.base, c.head, len(d.findings), got, c.want)
		}
	}
}

// TestCompareDocumentNotADocument: only a readable MCP Description at the
// base is compared; a head that cannot be read is left to the file rules.
func TestCompareDocumentNotADocument(t *testing.T) {
	t.Parallel()
	doc := source.Parse("d.yaml", []byte("mcpdesc: 0.8.0\ninfo: {name: x, version: 1.0.0}\nprotocolVersions: [2025-11-25]\nprompts: [{name: a}]\n"), source.Limits{})
	list := source.Parse("d.yaml", []byte("tools: [{name: a, inputSchema: {type: object}}]\n"), source.Limits{})
	broken := source.Parse("d.yaml", []byte("mcpdesc: [\n"), source.Limits{})
	if got := CompareDocument(list, doc); len(got) != 0 {
		t.Errorf("a tools list at the base: %v", got)
	}
	if got := CompareDocument(broken, doc); len(got) != 0 {
		t.Errorf("an unreadable base: %v", got)
	}
	if got := CompareDocuments(fixtureDay, []*source.File{doc}, []*source.File{broken}); len(got) != 0 {
		t.Errorf("an unreadable head: %v", got)
	}
	if got := CompareDocument(doc, list); len(got) != 1 || got[0].Rule != RulePromptRemoved.ID {
		t.Errorf("a document that became a tools list: %v, want its prompt removed", got)
	}
}

// hostileDocument is a document with n prompts of one name, n resources
// of one uri and a requirement of n alternatives: pairing and the grant
// comparison stay polynomial of low degree and bounded.
func hostileDocument(n int, scope string) *source.File {
	var b strings.Builder
	b.WriteString(`{"mcpdesc": "0.8.0", "protocolVersions": ["2025-11-25", "2026-07-28"], "security": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"s` + strings.Repeat("x", i%7) + `": ["a", "b"]}`)
	}
	b.WriteString(`], "prompts": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"name": "p", "protocolVersions": [` + scope + `], "arguments": [{"name": "a", "required": true}]}`)
	}
	b.WriteString(`], "resources": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"uri": "x://r", "name": "r", "protocolVersions": [` + scope + `]}`)
	}
	b.WriteString(`]}`)
	return source.Parse("d.json", []byte(b.String()), source.Limits{MaxBytes: 64 << 20, MaxValues: 10_000_000})
}

// TestCompareDocumentHostile: thousands of same-name declarations (invalid:
// their scopes overlap) pair by equal scope through a map; what is left is
// paired with a head declaration that still covers its versions (grouped by
// scope, linear), and with unequal scopes the overlap search is skipped
// beyond 16×16 candidates: what no head declaration covers is removed. All
// finish: see BenchmarkCompareDocumentHostile.
func TestCompareDocumentHostile(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		headScope string
		removed   int
	}{
		{`"2025-11-25"`, 0},
		{`"2026-07-28", "2025-11-25"`, 0},
		{`"2026-07-28"`, 3000},
	} {
		base := hostileDocument(3000, `"2025-11-25"`)
		head := hostileDocument(2000, c.headScope)
		if base.Fatal() || head.Fatal() {
			t.Fatalf("fixture does not parse: %v %v", base.Problems, head.Problems)
		}
		removed := 0
		for _, f := range CompareDocument(base, head) {
			if f.Rule == RulePromptRemoved.ID {
				removed++
			}
		}
		if removed != c.removed {
			t.Errorf("head scope %s: %d prompts removed, want %d", c.headScope, removed, c.removed)
		}
	}
}

func BenchmarkCompareDocumentHostile(b *testing.B) {
	base := hostileDocument(3000, `"2025-11-25"`)
	head := hostileDocument(2000, `"2026-07-28", "2025-11-25"`)
	for b.Loop() {
		CompareDocument(base, head)
	}
}
