package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// securedDocument builds a document with one oauth2 scheme cataloguing n
// scopes, n other schemes, and n prompts that each require one scope of
// the oauth2 scheme and name one undeclared scheme.
func securedDocument(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"mcpdesc":"0.8.0","info":{"name":"s","version":"1"},"protocolVersions":["2025-11-25"],"securitySchemes":{"o":{"type":"oauth2","flows":{"clientCredentials":{"tokenUrl":"https://example.com/t","scopes":{`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"s%d":"d"`, i)
	}
	b.WriteString(`}}}}`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `,"k%d":{"type":"http","scheme":"bearer"}`, i)
	}
	b.WriteString(`},"prompts":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"p%d","security":[{"o":["s%d"]},{"missing":[]}]}`, i, i)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// BenchmarkSecuredPrimitives shows security requirements are checked in
// time linear in the document, however many scopes a scheme catalogues and
// however many requirements name it or an undeclared scheme.
func BenchmarkSecuredPrimitives(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		data := securedDocument(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				f := source.Parse("doc.json", data, source.Limits{})
				Run([]*source.File{f}, Options{Workers: 1})
			}
		})
	}
}

// TestSecuredPrimitives: in the benchmark's document only the undeclared
// scheme is reported, once per prompt, with at most ten declared names.
func TestSecuredPrimitives(t *testing.T) {
	t.Parallel()
	f := source.Parse("doc.json", securedDocument(20), source.Limits{})
	n := 0
	for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
		if !strings.HasPrefix(x.Rule, "mcpdesc.security") {
			continue
		}
		n++
		if x.Rule != RuleSecurityRequirement.ID || !strings.Contains(x.Message, `scheme "missing"`) || !strings.Contains(x.Message, `and 11 more`) {
			t.Errorf("%s %s: %s", x.Rule, x.Pointer, x.Message)
		}
	}
	if n != 20 {
		t.Errorf("%d security findings, want 20", n)
	}
}
