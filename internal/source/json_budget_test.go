package source

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/limits"
)

// enumText is a tool whose inputSchema is an enum of n one-member objects.
func enumText(n int, key string) []byte {
	var b strings.Builder
	b.WriteString(`{"tools":[{"name":"t","inputSchema":{"enum":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{%q:%d}`, key, i)
	}
	b.WriteString(`]}}]}`)
	return []byte(b.String())
}

// TestValueCostIsWhatTheDecoderCharges: the cost the decoder charges as it
// builds a file's values is valueCost of the result, for every test file
// decoded without a problem (ParseLike charges reused values that way).
func TestValueCostIsWhatTheDecoderCharges(t *testing.T) {
	t.Parallel()
	seeds := append(fuzzSeeds(t, "../.."), enumText(100, "k"), []byte(`[[],{},[[{}]],{"a":{"b":[1,{}]}}]`),
		[]byte(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}`))
	checked := 0
	for _, data := range seeds {
		d := newJSONDecoder(data, DefaultLimits, nil, nil)
		root, _, problems := d.run()
		if len(problems) > 0 || root == nil {
			continue
		}
		checked++
		if got := valueCost(root); got != d.cost {
			t.Fatalf("valueCost %d, the decoder charged %d, for %.80q", got, d.cost, data)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d files checked", checked)
	}
}

// TestValueMemoryBound: a file whose values cost more than its bound is
// refused where the bound passes, naming limits.max-file-values, and one at
// the bound is read; the densest files past their size's bound are refused
// by default, a larger limits.max-file-values allows them in proportion,
// and the corpus and test files are never near it.
func TestValueMemoryBound(t *testing.T) {
	t.Parallel()
	data := enumText(1000, "k")
	cost := valueCost(Parse("t.json", data, Limits{}).Root)
	for _, max := range []int64{cost - 1, cost} {
		f := Parse("t.json", data, Limits{valueMemory: max})
		if refused := f.Fatal(); refused != (max < cost) {
			t.Fatalf("bound %d for a cost of %d: refused %v (%v)", max, cost, refused, f.Problems)
		}
		if max < cost {
			p := f.Problems[0]
			if p.Kind != ProblemTooMany || p.Limit != limits.MaxFileValues || !strings.Contains(p.Message, limits.MaxFileValues.Config()) {
				t.Fatalf("problem %+v", p)
			}
		}
	}
	// refused where the bound passes: half of it about half way
	if f := Parse("t.json", data, Limits{valueMemory: cost / 2}); !f.Fatal() || f.Problems[0].Pos.Column < len(data)*4/10 || f.Problems[0].Pos.Column > len(data)*6/10 {
		t.Fatalf("half the bound: refused at %v of %d bytes", f.Problems[0].Pos, len(data))
	}
	// An enum of 100,000 one-member objects (1.2 MB) costs 35 MB: past
	// 20 MB + 10 × its size, but within it when the values bound is tripled.
	dense := enumText(100_000, "k")
	if f := Parse("t.json", dense, Limits{}); !f.Fatal() || f.Problems[0].Limit != limits.MaxFileValues {
		t.Fatalf("dense enum: %v", f.Problems)
	}
	if f := Parse("t.json", dense, Limits{MaxValues: 3 * DefaultLimits.MaxValues}); f.Fatal() {
		t.Fatalf("dense enum with the values bound tripled: %v", f.Problems)
	}
	for _, data := range fuzzSeeds(t, "../..") {
		if c, max := valueCost(Parse("t.json", data, Limits{}).Root), jsonMaxCost(len(data), DefaultLimits); c > max/4 {
			t.Fatalf("a test file costs %d, more than a quarter of its bound %d: %.80q", c, max, data)
		}
	}
}

// TestParseLikeAtTheValueMemoryBound: a reused tool whose cost would pass
// the bound is decoded instead, so ParseLike refuses the file where Parse
// does, and reads it when Parse does.
func TestParseLikeAtTheValueMemoryBound(t *testing.T) {
	t.Parallel()
	a, b := toolText(1, "a"), toolText(2, "b")
	headData := listText(a, b)
	like := Parse("tools.json", headData, Limits{})
	cost := valueCost(like.Root)
	for max := cost - 700; max <= cost+50; max += 8 {
		t.Run(fmt.Sprint(max), func(t *testing.T) {
			lim := Limits{valueMemory: max}
			sameParse(t, "tools.json", listText(b, a), lim, like, headData)
			sameParse(t, "tools.json", listText(a, b, a), lim, like, headData)
		})
	}
}
