package validate

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// argumentsDocument builds a prompt with n optional arguments and n
// examples that each pass one of them.
func argumentsDocument(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"mcpdesc":"0.8.0","info":{"name":"s","version":"1"},"protocolVersions":["2025-11-25"],"prompts":[{"name":"p","arguments":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"a%d"}`, i)
	}
	b.WriteString(`],"examples":{`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"e%d":{"arguments":{"a%d":"v"},"result":{"messages":[{"role":"user","content":{"type":"text","text":"t"}}]}}`, i, i)
	}
	b.WriteString(`}}]}`)
	return []byte(b.String())
}

// BenchmarkPromptExampleArguments shows prompt examples are checked in
// time linear in the document, however many arguments the prompt declares.
func BenchmarkPromptExampleArguments(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		data := argumentsDocument(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				f := source.Parse("doc.json", data, source.Limits{})
				Run([]*source.File{f}, Options{Workers: 1})
			}
		})
	}
}

// TestPromptExampleArguments: the benchmark's document has no prompt
// findings, so the benchmark measures the checks and not the reporting.
func TestPromptExampleArguments(t *testing.T) {
	t.Parallel()
	f := source.Parse("doc.json", argumentsDocument(20), source.Limits{})
	for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
		if strings.Contains(x.Rule, "prompt") {
			t.Errorf("%s %s: %s", x.Rule, x.Pointer, x.Message)
		}
	}
}
