package diffcheck

import (
	"encoding/json"
	"testing"
)

// TestEachCandidateStopsOnAPrefix checks that stopping eachCandidate after
// k values yields the first k values of genCandidates, each once, so that
// the witness search's seeds do not depend on where it stops.
func TestEachCandidateStopsOnAPrefix(t *testing.T) {
	t.Parallel()
	schemas := []string{
		`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer","minimum":3},"c":{"enum":["x","y"]}},"required":["a"],"additionalProperties":false}`,
		`{"type":["string","number","null"],"default":"d"}`,
		`{}`,
		`{"enum":[1,1.0,"1",true]}`,
		`{"type":"array","items":{"type":"boolean"}}`,
		`{"anyOf":[{"type":"string"},{"type":"object","properties":{"k":{"const":2}}}]}`,
	}
	for _, src := range schemas {
		var v any
		if err := json.Unmarshal([]byte(src), &v); err != nil {
			t.Fatal(err)
		}
		n := normalize(v, "")
		all := genCandidates(n)
		if len(all) == 0 {
			t.Fatalf("%s: no candidates", src)
		}
		for k := 1; k <= len(all); k++ {
			var got []any
			eachCandidate(n, func(v any) bool {
				got = append(got, v)
				return len(got) < k
			})
			if len(got) != k {
				t.Fatalf("%s: stopped after %d values, want %d", src, len(got), k)
			}
			for i := range got {
				if canonical(got[i]) != canonical(all[i]) {
					t.Fatalf("%s: value %d is %s, want %s", src, i, canonical(got[i]), canonical(all[i]))
				}
			}
		}
		if d := dedupValues(all); len(d) != len(all) {
			t.Fatalf("%s: genCandidates repeats a value", src)
		}
	}
	if got := genCandidates(nil); len(got) != 3 {
		t.Fatalf("genCandidates(nil) = %v", got)
	}
}
