package source

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// blockTools is a YAML tools/list of n tools in block style.
func blockTools(n int) []byte {
	var b strings.Builder
	b.WriteString("tools:\n")
	for i := range n {
		fmt.Fprintf(&b, "  - name: tool_%d\n    description: does %d things\n    inputSchema:\n      type: object\n      properties:\n        q: {type: string}\n", i, i)
	}
	return []byte(b.String())
}

// TestParseYAMLTimeBudget: reading a YAML file stops when its time budget
// (limits.file-timeout, counted from the start of Parse) is spent, with a
// fatal time-budget problem at the place reached. The clock is a fake one
// that moves one second at each look: with a budget of five seconds, the
// parser is stopped a few buffers into the file, not at its start or end.
// (Before, go.yaml.in/yaml/v3 read the whole file outside every budget.)
func TestParseYAMLTimeBudget(t *testing.T) {
	data := blockTools(200)
	var tick time.Duration
	timeNow = func() time.Time { tick += time.Second; return time.Unix(0, 0).Add(tick) }
	defer func() { timeNow = time.Now }()
	f := Parse("tools.yaml", data, Limits{Timeout: 5 * time.Second})
	if len(f.Problems) != 1 {
		t.Fatalf("problems = %+v, want one", f.Problems)
	}
	p := f.Problems[0]
	lines := strings.Count(string(data), "\n")
	if p.Kind != ProblemTimeBudget || !p.Fatal || !strings.Contains(p.Message, "limits.file-timeout") || p.Pos.Line < 2 || p.Pos.Line >= lines {
		t.Errorf("problem = %+v, want a fatal time-budget problem naming limits.file-timeout inside the file (of %d lines)", p, lines)
	}
	if f.Root != nil || len(f.Tools) != 0 {
		t.Errorf("a file cut short kept a value (%d tools)", len(f.Tools))
	}
}

// TestParseYAMLDeadlinePassed: a run's deadline already passed stops the
// reading at the start; a file read without budget is read whole.
func TestParseYAMLDeadlinePassed(t *testing.T) {
	t.Parallel()
	data := blockTools(3)
	f := Parse("tools.yaml", data, Limits{Deadline: time.Unix(1, 0)})
	if len(f.Problems) != 1 || f.Problems[0].Kind != ProblemTimeBudget || f.Problems[0].Pos != (Pos{Line: 1, Column: 1}) {
		t.Errorf("problems = %+v, want one time-budget problem at 1:1", f.Problems)
	}
	if f := Parse("tools.yaml", data, Limits{}); f.Fatal() || len(f.Tools) != 3 {
		t.Errorf("without budget: problems %+v, %d tools", f.Problems, len(f.Tools))
	}
}

// TestYAMLTreeWalkTimeBudget: the walks over the node tree (profile, then
// convert) look at the clock every checkEvery nodes, and stop at the node
// reached once the budget is spent, with a fatal time-budget problem there.
func TestYAMLTreeWalkTimeBudget(t *testing.T) {
	t.Parallel()
	data := blockTools(300)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	c := &yamlConverter{data: data, lim: DefaultLimits, lines: lineLengths(data),
		budget: &budgetReader{data: data, deadline: time.Unix(1, 0)}}
	c.profile(doc.Content[0], 0, false)
	if len(c.problems) != 1 || c.problems[0].Kind != ProblemTimeBudget || !c.problems[0].Fatal || c.visits != checkEvery || c.problems[0].Pos.Line < 2 {
		t.Errorf("after %d nodes: problems %+v; want one fatal time-budget problem at node %d, inside the file", c.visits, c.problems, checkEvery)
	}
	if v := c.convert(doc.Content[0], 0); v != nil {
		t.Errorf("converted a value after the budget was spent: %T", v)
	}
}
