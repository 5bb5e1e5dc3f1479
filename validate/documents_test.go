package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// checkPaths loads and checks files the way the CLI does.
func checkPaths(t *testing.T, paths ...string) []string {
	t.Helper()
	var files []*source.File
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, source.Parse(p, data, source.Limits{}))
	}
	var out []string
	for _, f := range Run(files, Options{Workers: 2}).Findings {
		out = append(out, f.Rule+" "+f.File+"#"+f.Pointer+": "+f.Message)
	}
	return out
}

// TestExampleDocumentsAreClean: the documents in testdata/examples, among
// them one that uses every collection, produce no finding.
func TestExampleDocumentsAreClean(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob("../testdata/examples/*.*")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no example documents: %v", err)
	}
	for _, f := range checkPaths(t, paths...) {
		t.Error(f)
	}
}

// TestBrokenDocumentBreaksEveryArea: testdata/broken/document.mcpdesc.yaml
// breaks exactly one rule of each area of the document.
func TestBrokenDocumentBreaksEveryArea(t *testing.T) {
	t.Parallel()
	areas := []string{"mcpdesc.transport.", "mcpdesc.security.", "mcpdesc.capabilities.", "mcpdesc.components.",
		"mcpdesc.resource", "mcpdesc.prompt.", "mcpdesc.completion.", "mcpdesc.elicitation.", "mcpdesc.client-requirements.",
		"mcpdesc.document.extension-placement"}
	found := checkPaths(t, "../testdata/broken/document.mcpdesc.yaml")
	for _, a := range areas {
		n := 0
		for _, f := range found {
			if strings.HasPrefix(f, a) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("area %s: %d findings, want 1", a, n)
		}
	}
	// the example forms that are not a Tool Example: one example each.
	forms := []string{"/tools/0/examples/task/result/task", "/tools/0/examples/state/result/requestState", "/tools/0/examples/asks/result/inputRequests"}
	for _, ptr := range forms {
		n := 0
		for _, f := range found {
			if strings.HasPrefix(f, "mcpdesc.tool.example.result ../testdata/broken/document.mcpdesc.yaml#"+ptr+":") {
				n++
			}
		}
		if n != 1 {
			t.Errorf("example form at %s: %d findings, want 1", ptr, n)
		}
	}
	if len(found) != len(areas)+len(forms) {
		t.Errorf("%d findings for %d areas and %d example forms:\n%s", len(found), len(areas), len(forms), strings.Join(found, "\n"))
	}
}

// hostileDocument builds a document with n resources sharing one uri, n
// prompt arguments, an n-component reference chain used by n examples and
// n elicitation declarations sharing one name.
func hostileDocument(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"mcpdesc":"0.8.0","info":{"name":"s","version":"1"},"protocolVersions":["2025-11-25"],"components":{"resourceExamples":{`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `"E%d":{"$componentRef":"#/components/resourceExamples/E%d"},`, i, i+1)
	}
	fmt.Fprintf(&b, `"E%d":{"result":{"contents":[{"uri":"x://a","text":"t"}]}}}},"resources":[`, n)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"uri":"x://a","name":"r","examples":{"e":{"$componentRef":"#/components/resourceExamples/E%d"}}}`, i)
	}
	b.WriteString(`],"prompts":[{"name":"p","arguments":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"a%d"}`, i%(n/2+1))
	}
	b.WriteString(`],"elicitations":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"name":"d","mode":"url","message":"m"}`)
	}
	b.WriteString(`]}]}`)
	return []byte(b.String())
}

// BenchmarkHostileDocument shows the document checks stay linear on a
// document built to make them quadratic.
func BenchmarkHostileDocument(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		data := hostileDocument(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				f := source.Parse("doc.json", data, source.Limits{})
				Run([]*source.File{f}, Options{Workers: 1})
			}
		})
	}
}
