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

// corpusServers are the runs of TestClientProfilesOnCorpus: one per
// server of the corpus, so that whole-server limits count one server's
// tools (the single-tool snapshots of a repository are one server; a
// repository's per-configuration lists are one server; each capture of
// mcp-proxy-captures is its own server).
func corpusServers() map[string][]string {
	runs := map[string][]string{}
	glob := func(pat string) []string {
		m, _ := filepath.Glob(filepath.Join(corpusDir, pat))
		var out []string
		for _, p := range m {
			if filepath.Base(p) != "_index.json" {
				out = append(out, p)
			}
		}
		return out
	}
	runs["github-mcp-server"] = glob("github-mcp-server/latest/*.json")
	runs["gitlab-mcp-server-inkyquill"] = glob("gitlab-mcp-server-inkyquill/latest/*.json")
	runs["kubernetes-mcp-server"] = glob("kubernetes-mcp-server/raw/*.json")
	runs["mcp-interviewer-everything"] = glob("mcp-interviewer-everything/raw/*.json")
	for _, p := range glob("mcp-proxy-captures/raw/*.json") {
		runs["mcp-proxy-captures/"+strings.TrimSuffix(filepath.Base(p), ".json")] = []string{p}
	}
	for k, v := range runs {
		if len(v) == 0 {
			delete(runs, k)
		}
	}
	return runs
}

// TestClientProfilesOnCorpus runs every client profile over the corpus
// (issue 28 item 6: precision first) and pins the number of findings of
// each client rule per server, and the tools they concern, in
// testdata/golden/client-corpus.txt (docs/clients.md reports them with
// the hand-check of ten findings per profile). CLIENT_FINDINGS=1 with -v
// logs every finding for review.
func TestClientProfilesOnCorpus(t *testing.T) {
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
	type cell struct{ findings, tools int }
	table := map[string]map[string]cell{}
	totalTools := map[string]int{}
	for _, server := range names {
		var files []*source.File
		for _, p := range runs[server] {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, source.Parse(strings.TrimPrefix(p, corpusDir+"/"), data, source.Limits{}))
		}
		rep := Run(files, Options{Workers: 2, Clients: ClientIDs()})
		totalTools[server] = rep.Summary.Tools
		tools := map[string]map[string]bool{}
		for _, f := range rep.Findings {
			if _, ok := ClientOfRule(f.Rule); !ok {
				continue
			}
			if table[f.Rule] == nil {
				table[f.Rule] = map[string]cell{}
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
			if testing.Verbose() && os.Getenv("CLIENT_FINDINGS") != "" {
				t.Logf("%s:%d:%d: %s %s: %s", f.File, f.Line, f.Column, f.Severity, f.Rule, f.Message)
			}
		}
	}
	var b strings.Builder
	b.WriteString("# client rule findings on ../shared/corpus, per server: findings (tools)\n")
	b.WriteString("# regenerate: go test ./validate -run TestClientProfilesOnCorpus -update\n")
	for _, server := range names {
		fmt.Fprintf(&b, "server %s: %d tools\n", server, totalTools[server])
	}
	for _, c := range ClientConstraints() {
		fmt.Fprintf(&b, "%s:", c.Rule.ID)
		total := cell{}
		for _, server := range names {
			if x, ok := table[c.Rule.ID][server]; ok {
				fmt.Fprintf(&b, " %s=%d(%d)", server, x.findings, x.tools)
				total.findings += x.findings
				total.tools += x.tools
			}
		}
		fmt.Fprintf(&b, " total=%d(%d)\n", total.findings, total.tools)
	}
	// The history: every before/after pair and removed tool, each file
	// alone (one tool: no whole-server limit), with the default profiles;
	// each finding is listed, so that every one can be checked by hand.
	hist, _ := filepath.Glob(filepath.Join(corpusDir, "*/pairs/*/*.json"))
	removed, _ := filepath.Glob(filepath.Join(corpusDir, "*/removed/*/*.json"))
	hist = append(hist, removed...)
	sort.Strings(hist)
	histCounts := map[string]int{}
	var histLines []string
	for _, p := range hist {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f := source.Parse(strings.TrimPrefix(p, corpusDir+"/"), data, source.Limits{})
		for _, x := range Run([]*source.File{f}, Options{Workers: 1}).Findings {
			if _, ok := ClientOfRule(x.Rule); ok {
				histCounts[x.Rule]++
				histLines = append(histLines, fmt.Sprintf("  %s:%d:%d %s %s", x.File, x.Line, x.Column, x.Rule, x.Tool))
			}
		}
	}
	fmt.Fprintf(&b, "history: %d files (pairs/*/base.json, head.json and removed/*), default profiles, each file alone:\n", len(hist))
	for _, c := range ClientConstraints() {
		if c.Profile.Default {
			fmt.Fprintf(&b, "%s: %d\n", c.Rule.ID, histCounts[c.Rule.ID])
		}
	}
	b.WriteString(strings.Join(histLines, "\n") + "\n")
	golden.Check(t, "client-corpus.txt", []byte(b.String()))
}
