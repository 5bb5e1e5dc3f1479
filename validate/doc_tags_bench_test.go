package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// taggedDocument builds a document with n root tags and n resources, n
// resource templates and n prompts that each name the last root tag.
func taggedDocument(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"mcpdesc":"0.8.0","info":{"name":"s","version":"1"},"protocolVersions":["2025-11-25"],"tags":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"t%d"}`, i)
	}
	b.WriteString(`],"resources":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"uri":"x://r%d","name":"r%d","tags":["t%d"]}`, i, i, n-1)
	}
	b.WriteString(`],"resourceTemplates":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"uriTemplate":"x://t%d/{id}","name":"t%d","tags":["t%d"]}`, i, i, n-1)
	}
	b.WriteString(`],"prompts":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"p%d","tags":["t%d"]}`, i, n-1)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// BenchmarkTaggedPrimitives shows the tag references of resources,
// resource templates and prompts are checked in time linear in the
// document, however many root tags and tagged primitives it has.
func BenchmarkTaggedPrimitives(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		data := taggedDocument(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				f := source.Parse("doc.json", data, source.Limits{})
				Run([]*source.File{f}, Options{Workers: 1})
			}
		})
	}
}

// TestTaggedPrimitivesValid: the tagged document is valid, so the
// benchmark measures the checks and not the reporting.
func TestTaggedPrimitivesValid(t *testing.T) {
	t.Parallel()
	f := source.Parse("doc.json", taggedDocument(20), source.Limits{})
	for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
		if strings.Contains(x.Rule, "tag") || strings.HasSuffix(x.Rule, ".shape") {
			t.Errorf("%s %s: %s", x.Rule, x.Pointer, x.Message)
		}
	}
}
