package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/validate/source"
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
	if len(found) != len(areas) {
		t.Errorf("%d findings for %d areas:\n%s", len(found), len(areas), strings.Join(found, "\n"))
	}
}
