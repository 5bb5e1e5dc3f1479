package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// multiSelectDocument builds a prompt whose elicitation asks for a
// multi-select of n choices with all n of them as the default.
func multiSelectDocument(n int) []byte {
	var enum, def strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			enum.WriteString(",")
			def.WriteString(",")
		}
		fmt.Fprintf(&enum, `"c%d"`, i)
		fmt.Fprintf(&def, `"c%d"`, n-1-i)
	}
	return []byte(`{"mcpdesc":"0.8.0","info":{"name":"s","version":"1"},"protocolVersions":["2025-11-25"],"prompts":[{"name":"p","elicitations":[{"name":"e","mode":"form","message":"m",` +
		`"requestedSchema":{"type":"object","properties":{"pick":{"type":"array","items":{"type":"string","enum":[` + enum.String() + `]},"default":[` + def.String() + `]}}}}]}]}`)
}

// BenchmarkMultiSelectDefault shows a multi-select default is checked
// against its item choices in time linear in the two lists.
func BenchmarkMultiSelectDefault(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		data := multiSelectDocument(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				f := source.Parse("doc.json", data, source.Limits{})
				Run([]*source.File{f}, Options{Workers: 1})
			}
		})
	}
}

// TestMultiSelectDefault: a default made of item choices is valid, and a
// value that is no choice is reported at its index.
func TestMultiSelectDefault(t *testing.T) {
	t.Parallel()
	var got []string
	for _, doc := range [][]byte{multiSelectDocument(5), []byte(strings.Replace(string(multiSelectDocument(5)), `"default":["c4"`, `"default":["c9"`, 1))} {
		f := source.Parse("doc.json", doc, source.Limits{})
		for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
			if x.Rule == RuleElicitationSchema.ID {
				got = append(got, x.Pointer+" "+x.Message)
			}
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "/prompts/0/elicitations/0/requestedSchema/properties/pick/default/0 ") || !strings.Contains(got[0], `"c9" is not one of its item choices`) {
		t.Errorf("findings %q, want one about default/0 \"c9\"", got)
	}
}
