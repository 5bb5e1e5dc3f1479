package diffcheck

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// boundDoc builds a JSON MCP Description document from root members.
func boundDoc(t testing.TB, members ...string) *source.File {
	t.Helper()
	f := source.Parse("d.json", []byte(`{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1.0.0"}, "protocolVersions": ["2025-06-18", "2025-11-25"], `+strings.Join(members, ", ")+`}`),
		source.Limits{MaxBytes: 64 << 20, MaxValues: 10_000_000})
	if f.Fatal() {
		t.Fatalf("fixture does not parse: %v", f.Problems)
	}
	return f
}

// list joins n renderings of an element into a JSON array.
func list(n int, elem func(i int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = elem(i)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// TestCompareDocumentBoundsAreUndecidable: past each work bound of the
// document comparison (the scope-overlap pairing of same-name
// declarations, the prompt rename search, the grant checks of one
// security comparison, the transports a primitive is compared through)
// the comparison reports compat.document.undecidable, an error that
// names the bound, and the report is incomplete: never a silent pass.
func TestCompareDocumentBoundsAreUndecidable(t *testing.T) {
	t.Parallel()
	prompts := func(n int, name func(int) string, scope string) string {
		return `"prompts": ` + list(n, func(i int) string {
			return fmt.Sprintf(`{"name": %q, "protocolVersions": [%s], "arguments": [{"name": "a%d"}]}`, name(i), scope, i)
		})
	}
	same := func(int) string { return "p" }
	tool := func(security string) string {
		s := ""
		if security != "" {
			s = `, "security": ` + security
		}
		return `"tools": [{"name": "t", "inputSchema": {"type": "object"}` + s + `}]`
	}
	transports := func(n int, scopes string) string {
		return `"transports": ` + list(n, func(i int) string {
			return fmt.Sprintf(`{"type": "streamable-http", "url": "https://h%d.example.com/mcp", "security": [{"o": [%q%s]}]}`, i, fmt.Sprint("s", i), scopes)
		})
	}
	schemes := `"securitySchemes": {"o": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://a.example.com/token", "scopes": {}}}}}`
	for _, c := range []struct {
		name       string
		base, head *source.File
		bound      string
	}{
		{"scope overlap pairing", boundDoc(t, prompts(17, same, `"2025-06-18", "2025-11-25"`)), boundDoc(t, prompts(17, same, `"2025-06-18"`)), "16"},
		{"prompt rename search", boundDoc(t, prompts(201, func(i int) string { return fmt.Sprint("old", i) }, `"2025-06-18"`)),
			boundDoc(t, prompts(201, func(i int) string { return fmt.Sprint("new", i) }, `"2025-06-18"`)), "40000"},
		{"grant checks", boundDoc(t, schemes, `"security": `+list(400, func(i int) string { return fmt.Sprintf(`{"o": ["a%d"]}`, i) })),
			boundDoc(t, schemes, `"security": `+list(400, func(i int) string { return fmt.Sprintf(`{"o": ["b%d"]}`, i) })), "100000"},
		{"transports per primitive", boundDoc(t, schemes, transports(40, ""), tool("")),
			boundDoc(t, schemes, transports(40, ""), tool(`[{"o": []}]`)), "32"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := CompareDocument(c.base, c.head)
			rep := &report.Report{Findings: got}
			rep.Finalize()
			var und []report.Finding
			for _, f := range got {
				if f.Rule == RuleDocumentUndecidable.ID {
					und = append(und, f)
				}
			}
			if len(und) == 0 {
				t.Fatalf("no %s finding; got %d findings", RuleDocumentUndecidable.ID, len(got))
			}
			for _, f := range und {
				if f.Severity.String() != "error" || !f.Incomplete || f.Line == 0 || !strings.Contains(f.Message, c.bound) {
					t.Errorf("%s: want an incomplete error naming the bound %s, positioned: %+v", c.name, c.bound, f)
				}
			}
			if rep.Summary.Complete {
				t.Errorf("%s: report complete, want incomplete", c.name)
			}
		})
	}
}

// TestCompareDocumentWithinBoundsIsComplete: large but harmless documents
// stay within the bounds: identical security alternatives are matched
// without a search, transports that add nothing to a primitive's
// requirement are compared once, and the report stays complete.
func TestCompareDocumentWithinBoundsIsComplete(t *testing.T) {
	t.Parallel()
	schemes := `"securitySchemes": {"o": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://a.example.com/token", "scopes": {}}}}}`
	sec := `"security": ` + list(1000, func(i int) string { return fmt.Sprintf(`{"o": ["a%d"]}`, i) })
	ts := `"transports": ` + list(100, func(i int) string {
		return fmt.Sprintf(`{"type": "streamable-http", "url": "https://h%d.example.com/mcp"}`, i)
	})
	base := boundDoc(t, schemes, sec, ts, `"tools": [{"name": "t", "inputSchema": {"type": "object"}}]`)
	head := boundDoc(t, schemes, sec, ts, `"tools": [{"name": "t", "inputSchema": {"type": "object"}, "security": [{"o": []}]}]`)
	rep := &report.Report{Findings: CompareDocument(base, head)}
	rep.Finalize()
	for _, f := range rep.Findings {
		t.Errorf("unexpected %s: %s", f.Rule, f.Message)
	}
	if !rep.Summary.Complete {
		t.Error("report incomplete")
	}
}

// BenchmarkCompareDocumentSameNameVariants compares a document of 20000
// prompts of one name in two protocol scopes with itself: the versions a
// name serves are looked up in a set, so the time grows linearly (a list
// of every variant's versions made it quadratic: 0.48 s a comparison, now
// 0.04 s).
func BenchmarkCompareDocumentSameNameVariants(b *testing.B) {
	n := 20000
	p := `"prompts": ` + list(n, func(i int) string {
		v := "2025-06-18"
		if i >= n/2 {
			v = "2025-11-25"
		}
		return fmt.Sprintf(`{"name": "p", "protocolVersions": [%q]}`, v)
	})
	base, head := boundDoc(b, p), boundDoc(b, p)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if f := CompareDocument(base, head); len(f) != 0 {
			b.Fatalf("findings for an unchanged document: %v", f)
		}
	}
}

// BenchmarkCompareDocumentRenameSearchManyArguments removes a prompt of
// 100000 arguments while 2000 prompts are added: each prompt's arguments
// are read once for the rename search (reading them again for every
// candidate pair took 120 s a comparison; now 0.15 s).
func BenchmarkCompareDocumentRenameSearchManyArguments(b *testing.B) {
	big := fmt.Sprintf(`{"name": "gone", "arguments": %s}`, list(100000, func(i int) string { return fmt.Sprintf(`{"name": "a%d"}`, i) }))
	base := boundDoc(b, `"prompts": [`+big+`]`)
	head := boundDoc(b, `"prompts": `+list(2000, func(i int) string { return fmt.Sprintf(`{"name": "n%d", "arguments": [{"name": "a"}]}`, i) }))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if f := CompareDocument(base, head); len(f) != 1 || f[0].Rule != RulePromptRemoved.ID {
			b.Fatalf("want one %s finding, got %v", RulePromptRemoved.ID, f)
		}
	}
}

// BenchmarkCompareDocumentSecurityManyScopes compares a tool requirement
// of 20000 scopes with one of 20000 other scopes: a scope is looked up in
// the grant's sorted list by binary search (a scan made it quadratic:
// 1.8 s a comparison, now 0.04 s).
func BenchmarkCompareDocumentSecurityManyScopes(b *testing.B) {
	schemes := `"securitySchemes": {"o": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://a.example.com/token", "scopes": {}}}}}`
	doc := func(p string) string {
		return `"tools": [{"name": "t", "inputSchema": {"type": "object"}, "security": [{"o": ` + list(20000, func(i int) string { return fmt.Sprintf(`"%s%d"`, p, i) }) + `}]}]`
	}
	base, head := boundDoc(b, schemes, doc("s")), boundDoc(b, schemes, doc("t"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if f := CompareDocument(base, head); len(f) != 1 || f[0].Rule != RuleSecurityScopeAdded.ID {
			b.Fatalf("want one %s finding, got %v", RuleSecurityScopeAdded.ID, f)
		}
	}
}

// BenchmarkCompareDocumentInheritedSecurity gives 2000 prompts their own
// security at head only, under a root requirement of 50000 scopes: the
// root requirement is read once, not once per prompt (47 s a comparison
// before, now 0.45 s).
func BenchmarkCompareDocumentInheritedSecurity(b *testing.B) {
	schemes := `"securitySchemes": {"o": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://a.example.com/token", "scopes": {}}}}}`
	root := `"security": [{"o": ` + list(50000, func(i int) string { return fmt.Sprintf(`"s%d"`, i) }) + `}]`
	prompts := func(own string) string {
		return `"prompts": ` + list(2000, func(i int) string { return fmt.Sprintf(`{"name": "p%d"%s}`, i, own) })
	}
	base, head := boundDoc(b, schemes, root, prompts("")), boundDoc(b, schemes, root, prompts(`, "security": []`))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if f := CompareDocument(base, head); len(f) != 0 {
			b.Fatalf("findings for a requirement that accepts more: %v", f)
		}
	}
}

// BenchmarkCompareDocumentRemovedAndAdded replaces 50000 resources and
// 20000 stdio transports by as many others (sse transports): the hint of
// each removed one is a lookup in the added ones by name or type, not a
// scan of them all (12 s a comparison before, now 0.3 s).
func BenchmarkCompareDocumentRemovedAndAdded(b *testing.B) {
	res := func(p string) string {
		return `"resources": ` + list(50000, func(i int) string { return fmt.Sprintf(`{"name": "%s%d", "uri": "f://%s%d"}`, p, i, p, i) })
	}
	tr := func(typ, p string) string {
		return `"transports": ` + list(20000, func(i int) string {
			if typ == "stdio" {
				return fmt.Sprintf(`{"type": "stdio", "command": "%s%d"}`, p, i)
			}
			return fmt.Sprintf(`{"type": "sse", "url": "https://%s%d.example.com/"}`, p, i)
		})
	}
	base, head := boundDoc(b, res("a"), tr("stdio", "a")), boundDoc(b, res("b"), tr("sse", "b"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if f := CompareDocument(base, head); len(f) != 70000 {
			b.Fatalf("want 70000 findings, got %d", len(f))
		}
	}
}
