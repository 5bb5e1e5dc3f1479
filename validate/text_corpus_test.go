package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

// TestTextAndQualityOnCorpus runs the risky-text rules and the quality
// lints over every real description of the corpus (issue 31 item 4:
// precision first) and pins, in testdata/golden/text-corpus.txt, the
// findings and tools of each rule per server, on the current tools and
// on the history (every before/after pair and removed tool, each file
// alone), with every risky-text finding listed for the hand-check that
// docs/text.md reports. The risky-text rules may fire on at most 0.5% of
// the real tools. TEXT_FINDINGS=1 with -v logs every finding.
func TestTextAndQualityOnCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus is read by go test without -short")
	}
	runs := corpusServers()
	if len(runs) == 0 {
		t.Skip("corpus not found at " + corpusDir)
	}
	names := make([]string, 0, len(runs))
	for k := range runs {
		names = append(names, k)
	}
	sort.Strings(names)
	ours := func(id string) bool { return IsTextRule(id) || isQualityRule(id) }
	type cell struct{ findings, tools int }
	table := map[string]map[string]cell{}
	total := 0
	textTools := map[string]bool{}
	var textLines []string
	for _, server := range names {
		var files []*source.File
		for _, p := range runs[server] {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, source.Parse(strings.TrimPrefix(p, corpusDir+"/"), data, source.Limits{}))
		}
		rep := Run(files, Options{Workers: 2, Quality: true})
		total += rep.Summary.Tools
		tools := map[string]map[string]bool{}
		for _, f := range rep.Findings {
			if !ours(f.Rule) {
				continue
			}
			if table[f.Rule] == nil {
				table[f.Rule] = map[string]cell{}
				tools[f.Rule] = map[string]bool{}
			}
			if tools[f.Rule] == nil {
				tools[f.Rule] = map[string]bool{}
			}
			c := table[f.Rule][server]
			c.findings += f.Count()
			if !tools[f.Rule][f.Tool] {
				tools[f.Rule][f.Tool] = true
				c.tools++
			}
			table[f.Rule][server] = c
			if IsTextRule(f.Rule) {
				textTools[server+"/"+f.Tool] = true
				textLines = append(textLines, fmt.Sprintf("  %s:%d:%d %s: %s", f.File, f.Line, f.Column, f.Rule, f.Message))
			}
			if testing.Verbose() && os.Getenv("TEXT_FINDINGS") != "" {
				t.Logf("%s:%d:%d: %s %s: %s", f.File, f.Line, f.Column, f.Severity, f.Rule, f.Message)
			}
		}
	}
	var b strings.Builder
	b.WriteString("# risky-text and quality findings on ../shared/corpus, per server: findings (tools)\n")
	b.WriteString("# regenerate: go test ./validate -run TestTextAndQualityOnCorpus -update\n")
	fmt.Fprintf(&b, "current tools: %d; tools with a risky-text finding: %d (%.2f%%)\n", total, len(textTools), 100*float64(len(textTools))/float64(max(total, 1)))
	var ids []string
	for _, r := range Rules() {
		if ours(r.ID) {
			ids = append(ids, r.ID)
		}
	}
	for _, id := range ids {
		fmt.Fprintf(&b, "%s:", id)
		sum := cell{}
		for _, server := range names {
			if x, ok := table[id][server]; ok {
				fmt.Fprintf(&b, " %s=%d(%d)", server, x.findings, x.tools)
				sum.findings += x.findings
				sum.tools += x.tools
			}
		}
		fmt.Fprintf(&b, " total=%d(%d)\n", sum.findings, sum.tools)
	}
	b.WriteString("risky-text findings on the current tools:\n")
	sort.Strings(textLines)
	for _, l := range textLines {
		b.WriteString(l + "\n")
	}
	if share := float64(len(textTools)) / float64(max(total, 1)); share > 0.005 {
		t.Errorf("the risky-text rules fire on %d of %d real tools (%.2f%%), over 0.5%%", len(textTools), total, 100*share)
	}
	hist, _ := filepath.Glob(filepath.Join(corpusDir, "*/pairs/*/*.json"))
	removed, _ := filepath.Glob(filepath.Join(corpusDir, "*/removed/*/*.json"))
	hist = append(hist, removed...)
	sort.Strings(hist)
	counts := map[string]int{}
	var histLines []string
	for _, p := range hist {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f := source.Parse(strings.TrimPrefix(p, corpusDir+"/"), data, source.Limits{})
		for _, x := range Run([]*source.File{f}, Options{Workers: 1, Quality: true}).Findings {
			if !ours(x.Rule) {
				continue
			}
			counts[x.Rule] += x.Count()
			if testing.Verbose() && os.Getenv("TEXT_FINDINGS") != "" {
				t.Logf("history %s:%d:%d: %s %s: %s", x.File, x.Line, x.Column, x.Severity, x.Rule, x.Message)
			}
			if IsTextRule(x.Rule) {
				histLines = append(histLines, fmt.Sprintf("  %s:%d:%d %s: %s", x.File, x.Line, x.Column, x.Rule, x.Message))
			}
		}
	}
	fmt.Fprintf(&b, "history: %d files (pairs/*/base.json, head.json and removed/*), each file alone:\n", len(hist))
	for _, id := range ids {
		fmt.Fprintf(&b, "%s: %d\n", id, counts[id])
	}
	b.WriteString("risky-text findings on the history:\n")
	for _, l := range histLines {
		b.WriteString(l + "\n")
	}
	golden.Check(t, "text-corpus.txt", []byte(b.String()))
}
