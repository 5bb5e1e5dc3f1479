package diffcheck

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// manyPropsTool is a tool whose inputSchema has n properties of type typ.
func manyPropsTool(n int, typ string) []byte {
	var b strings.Builder
	b.WriteString(`{"name":"t","inputSchema":{"type":"object","properties":{`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%d":{"type":%q}`, i, typ)
	}
	b.WriteString(`}}}`)
	return []byte(b.String())
}

// TestManyChangesBounded reproduces the diff bomb of issue 19 item 8: a
// pair whose 50,000 property types changed (1.4 MB each) peaked at 392 MB,
// each change costing kilobytes of findings, messages and witness search,
// and every change past the judge's step bound getting an undecidable
// finding of its own. A judge now records at most maxChanges changes; one
// undecidable error names the bound and says the rest is not judged.
func TestManyChangesBounded(t *testing.T) {
	t.Parallel()
	const n = maxChanges + 1000
	bf := source.Parse("t.json", manyPropsTool(n, "string"), source.Limits{})
	hf := source.Parse("t.json", manyPropsTool(n, "integer"), source.Limits{})
	got := Compare([]*source.File{bf}, []*source.File{hf}, Options{})
	if len(got) != maxChanges+1 {
		t.Fatalf("%d findings, want %d", len(got), maxChanges+1)
	}
	undecidable := 0
	for _, f := range got {
		if f.Severity.String() != "error" {
			t.Errorf("%s %s: %s", f.Severity, f.Rule, f.Message)
		}
		if f.Rule == RuleInputUndecidable.ID {
			undecidable++
			if want := fmt.Sprintf("more places than the %d changes judged per tool and side", maxChanges); !strings.Contains(f.Message, want) {
				t.Errorf("undecidable: %s; want it to name the bound", f.Message)
			}
		}
	}
	if undecidable != 1 {
		t.Errorf("%d undecidable findings, want 1", undecidable)
	}
}

// TestStepBoundReportedOnce: past the judge's step bound (maxSteps pairs
// of subschemas), one undecidable change says so, not one per change left
// (30,000 findings for the pair above once maxChanges is out of the way).
func TestStepBoundReportedOnce(t *testing.T) {
	t.Parallel()
	in, out := normalize(map[string]any{"type": "object"}, ""), normalize(map[string]any{"type": "object"}, "")
	j := newJudge(dirInput)
	*j.steps = maxSteps
	for range 10 {
		j.sub(in, out, nil)
		in, out = normalize(map[string]any{"type": "object"}, ""), normalize(map[string]any{"type": "object"}, "")
	}
	if len(j.changes) != 1 || j.changes[0].rule != RuleInputUndecidable || !strings.Contains(j.changes[0].msg, "work bound (20000 pairs of subschemas)") {
		t.Fatalf("changes %+v, want one undecidable change naming the bound", j.changes)
	}
}

// BenchmarkManyChanges: the diff of 50,000 changed property types (see
// TestManyChangesBounded and .ci/bench-hostile, diff-many-changes.json).
func BenchmarkManyChanges(b *testing.B) {
	base, head := manyPropsTool(50_000, "string"), manyPropsTool(50_000, "integer")
	b.ReportAllocs()
	for range b.N {
		bf := source.Parse("t.json", base, source.Limits{})
		hf := source.Parse("t.json", head, source.Limits{})
		Compare([]*source.File{bf}, []*source.File{hf}, Options{})
	}
}

// TestManyChangesAllocPerByte: judging a pair whose 50,000 property types
// changed (2.7 MB of input) allocates less than 20 bytes per input byte.
// It allocated 550 MB (200 per byte): a node of about 1 KB for each
// subschema of both sides, and a change, finding and message for each of
// the 50,000 changes.
func TestManyChangesAllocPerByte(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 2.7 MB of schemas")
	}
	base, head := manyPropsTool(50_000, "string"), manyPropsTool(50_000, "integer")
	bf := source.Parse("t.json", base, source.Limits{})
	hf := source.Parse("t.json", head, source.Limits{})
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := Compare([]*source.File{bf}, []*source.File{hf}, Options{})
	runtime.ReadMemStats(&after)
	size := uint64(len(base) + len(head))
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 20*size {
		t.Errorf("allocated %d bytes (%.0f per input byte), want at most 20 per byte", alloc, float64(alloc)/float64(size))
	}
	if len(got) == 0 || got[0].Rule != RuleInputUndecidable.ID || got[0].Severity.String() != "error" {
		t.Errorf("findings %v; want an undecidable error first", got)
	}
}
