package diffcheck

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// formsOf is the canonical form of each value.
func formsOf(vals []any) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = canonical(v)
	}
	return out
}

// refDedup is dedupValues as it was: a set of the forms.
func refDedup(vals []any) []any {
	seen := map[string]bool{}
	var out []any
	for _, v := range vals {
		if c := canonical(v); !seen[c] {
			seen[c] = true
			out = append(out, v)
		}
	}
	return out
}

// refCandidates is genCandidates with its repeats skipped by a set of the forms.
func refCandidates(n *node) []any {
	var out []any
	seen := map[string]bool{}
	add := func(v any) bool {
		if c := canonical(v); !seen[c] {
			seen[c] = true
			out = append(out, v)
		}
		return true
	}
	candidates(n, add, func(vals []any) bool {
		for _, v := range vals {
			add(v)
		}
		return true
	})
	return out
}

// randomValues returns plain values with many equal forms: numbers spelled
// several ways, objects with the same members, repeats.
func randomValues(rng *rand.Rand, n int) []any {
	spell := []string{"1", "1.0", "1e0", "10e-1", "2", "-0", "0", "0.5", "5e-1", "12345678901234567890123456789012345"}
	out := make([]any, n)
	for i := range out {
		switch rng.IntN(6) {
		case 0:
			out[i] = json.Number(spell[rng.IntN(len(spell))])
		case 1:
			out[i] = fmt.Sprint(rng.IntN(4))
		case 2:
			out[i] = map[string]any{"k": json.Number(spell[rng.IntN(3)]), fmt.Sprint(rng.IntN(2)): nil}
		case 3:
			out[i] = []any{json.Number(fmt.Sprint(rng.IntN(3))), true}
		case 4:
			out[i] = []any{nil, false, true}[rng.IntN(3)]
		default:
			out[i] = json.Number(fmt.Sprint(rng.IntN(5) - 2))
		}
	}
	return out
}

// TestValueSetsMatchForms: dedupValues, distinctValues, intersectValues,
// valueSet and seenValues answer as sets of canonical forms do, also when
// every hash collides.
func TestValueSetsMatchForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 5))
	for _, collide := range []bool{false, true} {
		collideHashes.Store(collide)
		for round := range 300 {
			a, b := randomValues(rng, rng.IntN(40)), randomValues(rng, rng.IntN(40))
			want := formsOf(refDedup(a))
			if got := formsOf(dedupValues(a)); !slices.Equal(got, want) {
				t.Fatalf("collide %v round %d: dedupValues = %v, want %v", collide, round, got, want)
			}
			if got := formsOf(distinctValues(a)); !slices.Equal(got, want) {
				t.Fatalf("collide %v round %d: distinctValues = %v, want %v", collide, round, got, want)
			}
			inB := map[string]bool{}
			for _, c := range formsOf(b) {
				inB[c] = true
			}
			var wantI []string
			for _, c := range want {
				if inB[c] {
					wantI = append(wantI, c)
				}
			}
			if got := formsOf(intersectValues(a, b)); !slices.Equal(got, wantI) && len(got)+len(wantI) > 0 {
				t.Fatalf("collide %v round %d: intersectValues = %v, want %v", collide, round, got, wantI)
			}
			set := newValueSet(b)
			var seen seenValues
			added := map[string]bool{}
			for _, v := range a {
				if got := set.has(v); got != inB[canonical(v)] {
					t.Fatalf("collide %v round %d: has(%s) = %v", collide, round, canonical(v), got)
				}
				if got, want := seen.add(v), !added[canonical(v)]; got != want {
					t.Fatalf("collide %v round %d: add(%s) = %v, want %v", collide, round, canonical(v), got, want)
				}
				added[canonical(v)] = true
				if !seen.has(v) {
					t.Fatalf("collide %v round %d: %s added but not held", collide, round, canonical(v))
				}
			}
		}
	}
	collideHashes.Store(false)
	if dedupValues(nil) != nil || distinctValues([]any{}) != nil || intersectValues(nil, nil) == nil {
		t.Fatal("empty lists: nil from dedupValues and distinctValues, an empty list from intersectValues")
	}
	enum := []any{json.Number("1"), "a"}
	if d := distinctValues(enum); &d[0] != &enum[0] {
		t.Fatal("distinctValues copied a list without repeats")
	}
}

// TestCandidatesSkipRepeatsAsForms: eachCandidate passes the first of each
// form of what candidates generates (an enum with repeats, a default or a
// generated value it lists, objects it also lists), and distinctCandidates
// the locals first; also when every hash collides.
func TestCandidatesSkipRepeatsAsForms(t *testing.T) {
	schemas := []string{
		`{"enum":[1,1.0,"1",true,1e0,{"a":1},{"a":1.0}],"default":"1"}`,
		`{"type":"object","properties":{"a":{"type":"string"}},"enum":[{"a":"x"},{"a":"x"},{}],"default":{"a":"x"}}`,
		`{"type":["string","number","null"],"default":"d"}`,
		`{"const":2,"default":2.0}`,
		`{"type":"object","properties":{"a":{"type":"string"},"b":{"enum":[3,3]}},"required":["a"]}`,
		`{}`,
	}
	for _, collide := range []bool{false, true} {
		collideHashes.Store(collide)
		for _, src := range schemas {
			var v any
			if err := json.Unmarshal([]byte(src), &v); err != nil {
				t.Fatal(err)
			}
			n := normalize(v, "")
			want := formsOf(refCandidates(n))
			if got := formsOf(genCandidates(n)); !slices.Equal(got, want) {
				t.Fatalf("collide %v %s: candidates %v, want %v", collide, src, got, want)
			}
			locals := []any{json.Number("1"), json.Number("1.0"), "x", map[string]any{"a": "x"}}
			var got []any
			for c := range distinctCandidates(locals, n) {
				got = append(got, c)
			}
			if w := formsOf(refDedup(append(slices.Clone(locals), genCandidates(n)...))); !slices.Equal(formsOf(got), w) {
				t.Fatalf("collide %v %s: distinct candidates %v, want %v", collide, src, formsOf(got), w)
			}
		}
	}
	collideHashes.Store(false)
}

// TestPlainIntegerCanonical: the integers canonical and valueType read
// without big.Rat are written and typed as through it.
func TestPlainIntegerCanonical(t *testing.T) {
	t.Parallel()
	texts := []string{"0", "-0", "7", "-7", "00", "01", "-01", "1.0", "1e3", "+1", "-", "", "x",
		"12345678901234567890123456789012", "-1234567890123456789012345678901", "100000000000000000000000000000000",
		"-10000000000000000000000000000000", "99999999999999999999999999999999", "1000000000000000000000000000000000"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		texts = append(texts, fmt.Sprint(rng.Int64()-rng.Int64()), fmt.Sprintf("%d000000000000000000000", rng.IntN(1000)))
	}
	for _, s := range texts {
		slow := s
		r, ok := new(big.Rat).SetString(s)
		if ok {
			slow = exactText(r)
		}
		if plainInteger(s) {
			if !ok || slow != s || !r.IsInt() {
				t.Errorf("%q: read as a plain integer, but the rational writes %q", s, slow)
			}
			if got := valueType(json.Number(s)); got != tInteger {
				t.Errorf("%q: type %v", s, got)
			}
		}
		if ok && len(s) <= 400 {
			if got := canonical(json.Number(s)); got != slow {
				t.Errorf("canonical(%q) = %q, want %q", s, got, slow)
			}
		}
	}
}
