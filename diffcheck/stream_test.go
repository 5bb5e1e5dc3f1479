package diffcheck

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
)

// compareGlobal is the comparison as it was before Differ: every tool of
// every file collected, paired at once, every pair judged, then the
// documents (CompareDocuments) and the bases that held no tools
// (BaseNotComparable). The per-path Compare must give the same findings.
func compareGlobal(base, head []*source.File, opts Options) []report.Finding {
	c := &comparer{eng: NewDiffer(opts, nil).eng, headByPath: map[string]*source.File{}, strictOutputs: opts.StrictOutputs, day: opts.day()}
	for _, f := range head {
		if f != nil {
			c.headByPath[f.Path] = f
		}
	}
	unreadable := map[string]bool{}
	for _, f := range base {
		if f != nil && f.Fatal() {
			unreadable[f.Path] = true
			c.baseUnreadable(f)
		}
	}
	headFatal := map[string]bool{}
	for _, f := range head {
		if f != nil && f.Fatal() {
			headFatal[f.Path] = true
		}
	}
	bt, ht := collectTools(base), collectTools(head)
	pairs, removed, added := pairTools(bt, ht, opts.Aliases, c.equivalentInputs)
	for _, p := range pairs {
		c.comparePair(p)
	}
	// a document moved to another path (one base and one head document of
	// the same server name, each on one side only) holds its removed tools
	gone, added2 := map[string][]*source.File{}, map[string][]*source.File{}
	for _, b := range base {
		if _, ok := c.headByPath[b.Path]; b != nil && !ok && !b.Fatal() {
			if n := source.ServerName(b); n != "" {
				gone[n] = append(gone[n], b)
			}
		}
	}
	inBase := map[string]bool{}
	for _, b := range base {
		if b != nil {
			inBase[b.Path] = true
		}
	}
	for _, h := range head {
		if h != nil && !inBase[h.Path] && !h.Fatal() {
			if n := source.ServerName(h); n != "" {
				added2[n] = append(added2[n], h)
			}
		}
	}
	for n, g := range gone {
		if len(g) == 1 && len(added2[n]) == 1 {
			c.headByPath[g[0].Path] = added2[n][0]
		}
	}
	// a name defined twice: every definition is compared with the other side's
	bIndex, hIndex := byName(bt), byName(ht)
	for _, t := range removed {
		if headFatal[t.file.Path] {
			continue
		}
		if o := definedTwice(t, hIndex); o != nil {
			c.comparePair(pair{base: t, head: o})
			continue
		}
		c.toolRemoved(t)
	}
	for _, t := range added {
		if unreadable[t.file.Path] {
			continue
		}
		if o := definedTwice(t, bIndex); o != nil {
			c.comparePair(pair{base: o, head: t})
			continue
		}
		c.toolAdded(t)
	}
	c.findings = append(c.findings, CompareDocuments(opts.day(), base, head)...)
	sort.SliceStable(c.findings, func(i, j int) bool { return report.Less(c.findings[i], c.findings[j]) })
	return BaseNotComparable(base, head, c.findings)
}

func sameFindings(t *testing.T, name string, got, want []report.Finding) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: per-path comparison differs from the global one:\n got %d: %s\nwant %d: %s", name, len(got), brief(got), len(want), brief(want))
	}
}

func brief(fs []report.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "\n  %s %s#%s %s", f.Rule, f.File, f.Pointer, f.Message)
	}
	return b.String()
}

// TestStreamMatchesGlobalFixtures compares every fixture both ways, as
// written and with every head file moved to another path (so that every
// pair is found across files).
func TestStreamMatchesGlobalFixtures(t *testing.T) {
	t.Parallel()
	for _, c := range loadDiffCases(t, "testdata") {
		opts := c.options()
		sameFindings(t, c.Name, Compare(c.base, c.head, opts), compareGlobal(c.base, c.head, opts))
		var moved []*source.File
		for _, f := range c.head {
			g := *f
			g.Path = "moved/" + f.Path
			moved = append(moved, &g)
		}
		sameFindings(t, c.Name+" (moved)", Compare(c.base, moved, opts), compareGlobal(c.base, moved, opts))
		sameFindings(t, c.Name+" (unchanged)", Compare(c.head, c.head, opts), nil)
	}
}

// TestStreamMatchesGlobalRandom compares random trees both ways: tools
// with few names spread over a few files per side, protocol scopes,
// aliases, renames, moves, duplicates, unreadable and unchanged files,
// files without tools (bases not comparable) and an MCP Description
// document whose prompts change or which is deleted.
func TestStreamMatchesGlobalRandom(t *testing.T) {
	t.Parallel()
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 11))
		base, head, aliases := randomTrees(rng)
		opts := Options{Aliases: aliases}
		sameFindings(t, fmt.Sprintf("seed %d", seed), Compare(base, head, opts), compareGlobal(base, head, opts))
	}
}

func randomTrees(rng *rand.Rand) (base, head []*source.File, aliases map[string]string) {
	names := []string{"a", "b", "c", "d", "e"}
	scopes := [][]string{nil, {"2025-06-18"}, {"2025-03-26"}, {"2025-03-26", "2025-06-18"}}
	schemas := []string{
		`{"type":"object","properties":{"q":{"type":"string"}}}`,
		`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`,
		`{"type":"object","properties":{"q":{"type":"integer"}}}`,
		`{"type":"object","properties":{"r":{"type":"string"}},"additionalProperties":false}`,
		`{"$ref":"#/$defs/in","$defs":{"in":{"type":"object","properties":{"q":{"type":"string"}}}}}`,
	}
	tool := func() string {
		s := fmt.Sprintf(`{"name":%q,"inputSchema":%s`, names[rng.IntN(len(names))], schemas[rng.IntN(len(schemas))])
		if sc := scopes[rng.IntN(len(scopes))]; sc != nil {
			v, _ := json.Marshal(sc)
			s += `,"protocolVersions":` + string(v)
		}
		return s + "}"
	}
	file := func(path string) *source.File {
		switch rng.IntN(12) {
		case 0:
			return source.Parse(path, []byte(`{"tools": [`), source.Limits{})
		case 1: // no tool definitions: a base not comparable
			return source.Parse(path, []byte(`{"version": 1, "entries": ["a", "b"]}`), source.Limits{})
		}
		var ts []string
		for range rng.IntN(4) {
			ts = append(ts, tool())
		}
		if path == "d.json" { // an MCP Description document: prompts beside the tools
			prompts := []string{`{"name":"greet"}`, `{"name":"brief","arguments":[{"name":"city","required":true}]}`, `{"name":"brief"}`}
			var ps []string
			for range rng.IntN(3) {
				ps = append(ps, prompts[rng.IntN(len(prompts))])
			}
			return source.Parse(path, []byte(`{"mcpdesc":"0.8.0","info":{"name":"x","version":"1.0.0"},"protocolVersions":["2025-11-25"],`+
				`"prompts":[`+strings.Join(ps, ",")+`],"tools":[`+strings.Join(ts, ",")+`]}`), source.Limits{})
		}
		return source.Parse(path, []byte(`{"tools":[`+strings.Join(ts, ",")+`]}`), source.Limits{})
	}
	paths := []string{"p.json", "q.json", "r.json", "s.json", "d.json"}
	for _, p := range paths {
		var b, h *source.File
		if rng.IntN(5) > 0 {
			b = file(p)
		}
		switch {
		case b != nil && rng.IntN(3) == 0:
			h = b // unchanged
		case rng.IntN(5) > 0:
			h = file(p)
		}
		if b != nil {
			base = append(base, b)
		}
		if h != nil {
			head = append(head, h)
		}
	}
	if rng.IntN(3) == 0 {
		aliases = map[string]string{names[rng.IntN(len(names))]: names[rng.IntN(len(names))]}
	}
	return base, head, aliases
}
