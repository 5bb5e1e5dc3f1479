package diffcheck

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// corpusDir is the shared corpus, relative to this package.
const corpusDir = "../../shared/corpus"

var corpusTable = flag.Bool("corpus-table", false, "print the table of findings per rule over the corpus (for CORPUS.md)")

type corpusPair struct {
	Source string `json:"source"`
	Path   string `json:"path"`
	Tool   string `json:"tool"`
}

// TestCorpusPairs compares every before/after pair of the corpus: no
// panic, and pairs that differ only in key order or formatting report nothing.
func TestCorpusPairs(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus is read by go test without -short")
	}
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(corpusDir, "pairs_index.json"))
	if err != nil {
		t.Skip("corpus not available:", err)
	}
	var pairs []corpusPair
	if err := json.Unmarshal(data, &pairs); err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 672 {
		t.Errorf("%d pairs, want 672", len(pairs))
	}
	perRule := map[string]int{}
	perRuleSev := map[string]map[string]int{}
	pairsWith := map[string]int{}
	var sample []string
	keyOrder, githubKeyOrder := 0, 0
	for _, p := range pairs {
		bdata, err1 := os.ReadFile(filepath.Join(corpusDir, p.Path, "base.json"))
		hdata, err2 := os.ReadFile(filepath.Join(corpusDir, p.Path, "head.json"))
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", p.Path, err1, err2)
		}
		base := source.Parse(p.Tool+".json", bdata, source.Limits{})
		head := source.Parse(p.Tool+".json", hdata, source.Limits{})
		var got []report.Finding
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", p.Path, r)
				}
			}()
			got = Compare([]*source.File{base}, []*source.File{head}, Options{})
		}()
		if canonical(base.Root) == canonical(head.Root) {
			keyOrder++
			if p.Source == "github-mcp-server" {
				githubKeyOrder++
			}
			for _, f := range got {
				t.Errorf("%s: key-order-only pair reports %s: %s", p.Path, f.Rule, f.Message)
			}
		}
		seen := map[string]bool{}
		for _, f := range got {
			if f.Base == nil && f.Rule != RuleToolAdded.ID && f.Rule != RuleOutputSchemaAdded.ID {
				t.Errorf("%s: %s has no base location", p.Path, f.Rule)
			}
			perRule[f.Rule]++
			if perRuleSev[f.Rule] == nil {
				perRuleSev[f.Rule] = map[string]int{}
			}
			perRuleSev[f.Rule][f.Severity.String()]++
			if !seen[f.Rule] {
				seen[f.Rule] = true
				pairsWith[f.Rule]++
			}
			sample = append(sample, fmt.Sprintf("%s\t%s\t%s\t%s\t%s", p.Path, f.Severity, f.Rule, f.Pointer, f.Message))
		}
	}
	if githubKeyOrder != 138 {
		t.Errorf("%d github key-order-only pairs, want 138", githubKeyOrder)
	}
	if *corpusTable {
		printCorpusTable(perRule, perRuleSev, pairsWith, len(pairs), keyOrder)
		if os.Getenv("CORPUS_FINDINGS") != "" {
			fmt.Println(strings.Join(sample, "\n"))
		}
	}
}

// severities renders how many findings of a rule had each severity: "error"
// when all had one, "error 3, warning 2" when they differ (a confirmed
// witness makes a finding an error, for instance).
func severities(m map[string]int) string {
	if len(m) == 1 {
		for s := range m {
			return s
		}
	}
	var parts []string
	for _, s := range []string{"error", "warning", "notice"} {
		if m[s] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s, m[s]))
		}
	}
	return strings.Join(parts, ", ")
}

func printCorpusTable(perRule map[string]int, sev map[string]map[string]int, pairsWith map[string]int, total, keyOrder int) {
	ids := make([]string, 0, len(perRule))
	for id := range perRule {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	fmt.Printf("%d pairs, %d of them key-order or formatting only (no findings).\n\n", total, keyOrder)
	fmt.Println("| rule | severity | findings | pairs |")
	fmt.Println("|---|---|---|---|")
	sum := 0
	for _, id := range ids {
		fmt.Printf("| `%s` | %s | %d | %d |\n", id, severities(sev[id]), perRule[id], pairsWith[id])
		sum += perRule[id]
	}
	for _, r := range Rules() {
		if perRule[r.ID] == 0 {
			fmt.Printf("| `%s` | %s | 0 | 0 |\n", r.ID, r.Severity)
		}
	}
	fmt.Printf("| total | | %d | |\n", sum)
}

// BenchmarkCompareCorpus compares every corpus pair once per iteration.
func BenchmarkCompareCorpus(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpusDir, "pairs_index.json"))
	if err != nil {
		b.Skip("corpus not available:", err)
	}
	var pairs []corpusPair
	if err := json.Unmarshal(data, &pairs); err != nil {
		b.Fatal(err)
	}
	var bases, heads [][]*source.File
	for _, p := range pairs {
		bd, _ := os.ReadFile(filepath.Join(corpusDir, p.Path, "base.json"))
		hd, _ := os.ReadFile(filepath.Join(corpusDir, p.Path, "head.json"))
		bases = append(bases, []*source.File{source.Parse("t.json", bd, source.Limits{})})
		heads = append(heads, []*source.File{source.Parse("t.json", hd, source.Limits{})})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range bases {
			Compare(bases[k], heads[k], Options{})
		}
	}
}
