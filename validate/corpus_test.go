package validate

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// corpusDir holds real tool files (see DEVELOPERS.md); tests skip without it.
const corpusDir = "../../shared/corpus"

// TestCorpus runs every check over the real tool files of the corpus: no
// file may crash the run, and the count per rule is logged (go test -v)
// so that every finding can be reviewed.
func TestCorpus(t *testing.T) {
	t.Parallel()
	var paths []string
	for _, pat := range []string{"*/latest/*.json", "*/raw/*"} {
		m, _ := filepath.Glob(filepath.Join(corpusDir, pat))
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		t.Skip("corpus not found at " + corpusDir)
	}
	var files []*source.File
	for _, p := range paths {
		if filepath.Base(p) == "_index.json" {
			continue // the corpus's own index, not a tool file
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, source.Parse(strings.TrimPrefix(p, corpusDir+"/"), data, source.Limits{}))
	}
	rep := Run(files, Options{Workers: 2})
	counts := map[string]int{}
	for _, f := range rep.Findings {
		counts[f.Rule+" "+f.Severity.String()]++
		if testing.Verbose() && os.Getenv("CORPUS_FINDINGS") != "" {
			t.Logf("%s:%d:%d: %s %s: %s", f.File, f.Line, f.Column, f.Severity, f.Rule, f.Message)
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%5d %s", counts[k], k)
	}
	t.Logf("%d files, %d tools, %d findings", rep.Summary.Files, rep.Summary.Tools, len(rep.Findings))
}
