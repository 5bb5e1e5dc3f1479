package diffcheck

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// The verdict oracle: generated (base, head) schema pairs, built by
// mutating realistic schemas, are diffed, and the verdicts are checked
// against what the real validator says about many sampled values:
//   - a value accepted at base and rejected at head (inputs; for outputs
//     admitted at head and rejected at base) implies a compat.* error or
//     warning at, above or under the changed place;
//   - every witness is confirmed by the validator;
//   - a pair that only spells the schema differently gives no finding.

// oraclePairsPerSeed is how many pairs the deterministic test builds from
// each seed schema and side.
const oraclePairsPerSeed = 100

// oracleSamples is how many values each pair is tried with (before perturbing).
const oracleSamples = 24

// oracleStats counts what the oracle checked.
type oracleStats struct {
	pairs, equivalent, samples, breaks, findings int
	undeclared                                   int // breaks only through a member base did not declare
	nonInterop                                   int // breaks only through a number beyond ±(2^53−1)
	unions                                       int // pairs whose change is a union shape or lies in a union
	shapes                                       map[string]int
}

// unionShape names the union shape of a pair ("" when the change touches
// no union): the shape a union mutation builds, or the mutation applied
// inside an anyOf/oneOf branch; with the side and whether the changed
// branch is closed.
func (oc *oracleCase) unionShape() string {
	what := oc.mut.shape
	if what == "" {
		i := strings.LastIndex(oc.mut.ptr, "/anyOf/")
		if j := strings.LastIndex(oc.mut.ptr, "/oneOf/"); j > i {
			i = j
		}
		if i < 0 {
			return ""
		}
		what = oc.mut.what
		if strings.HasPrefix(what, "member ") {
			// "member x removed": the member's name is not part of the shape.
			f := strings.Fields(what)
			what = "member " + strings.Join(f[2:], " ")
		}
		what += " in a branch"
	}
	side := "input"
	if oc.output {
		side = "output"
	}
	closed := "open"
	// the changed schema: the one at the pointer, or the one holding the keyword there.
	for _, p := range []string{oc.mut.ptr, oc.mut.ptr[:max(strings.LastIndex(oc.mut.ptr, "/"), 0)]} {
		v, ok := source.Resolve(oc.base, p)
		m, isObj := v.(map[string]any)
		if !ok || !isObj || (m["type"] == nil && m["properties"] == nil) {
			continue
		}
		if m["additionalProperties"] == false || m["unevaluatedProperties"] == false {
			closed = "closed"
		}
		break
	}
	return what + ", " + side + ", " + closed
}

// add sums the counts of st into s.
func (s *oracleStats) add(st oracleStats) {
	s.pairs += st.pairs
	s.equivalent += st.equivalent
	s.samples += st.samples
	s.breaks += st.breaks
	s.findings += st.findings
	s.undeclared += st.undeclared
	s.nonInterop += st.nonInterop
	s.unions += st.unions
	for k, n := range st.shapes {
		if s.shapes == nil {
			s.shapes = map[string]int{}
		}
		s.shapes[k] += n
	}
}

// oracleCase is one pair to check.
type oracleCase struct {
	base, head any
	mut        mutation
	output     bool
	seed       [2]uint64
}

// buildOracleCase builds the pair of a seed: a seed schema and one
// mutation (sometimes two) that applies to it.
func buildOracleCase(schemaIdx int, output bool, s1, s2 uint64) (*oracleCase, bool) {
	return buildOracleCaseFrom(decodeSchema(oracleSeedSchemas[schemaIdx%len(oracleSeedSchemas)]), output, s1, s2)
}

// buildOracleCaseFrom is buildOracleCase for any base schema.
func buildOracleCaseFrom(base any, output bool, s1, s2 uint64) (*oracleCase, bool) {
	r := rand.New(rand.NewPCG(s1, s2))
	for range 30 {
		head, m, ok := mutate(base, r)
		if !ok {
			continue
		}
		if r.IntN(4) == 0 {
			if h2, m2, ok := mutate(head, r); ok {
				if m.equivalent && m2.equivalent {
					head, m = h2, mutation{ptr: "", what: m.what + ", " + m2.what, equivalent: true}
				} else if !m.equivalent && m2.equivalent {
					head = h2 // the change stays where it was... unless moved: keep the first place
					m.what += ", " + m2.what
					m.ptr = commonPrefix(m.ptr, m2.ptr)
				}
			}
		}
		return &oracleCase{base: base, head: head, mut: m, output: output, seed: [2]uint64{s1, s2}}, true
	}
	return nil, false
}

func commonPrefix(a, b string) string {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return strings.Join(as[:n], "/")
}

// oracleToolFile wraps a schema into a tool file.
func oracleToolFile(key string, s any) *source.File {
	data, err := json.MarshalIndent(map[string]any{"name": "t", key: s}, "", " ")
	if err != nil {
		panic(err)
	}
	return source.Parse("t.json", data, source.Limits{})
}

// places returns where findings about the change may be: the changed
// pointer and, for a change inside $defs/definitions, every $ref to it.
func (oc *oracleCase) places(key string) []string {
	out := []string{"/" + key + oc.mut.ptr}
	for _, defs := range []string{"/$defs/", "/definitions/"} {
		if rest, ok := strings.CutPrefix(oc.mut.ptr, defs); ok {
			name, _, _ := strings.Cut(rest, "/")
			target := "#" + defs + name
			var sites []string
			refSites(oc.head, "", target, &sites)
			refSites(oc.base, "", target, &sites)
			for _, s := range sites {
				out = append(out, "/"+key+s)
			}
		}
	}
	return out
}

func refSites(v any, ptr, target string, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		if x["$ref"] == target {
			*out = append(*out, ptr)
		}
		for k, e := range x {
			refSites(e, ptr+"/"+escape(k), target, out)
		}
	case []any:
		for i, e := range x {
			refSites(e, fmt.Sprintf("%s/%d", ptr, i), target, out)
		}
	}
}

// related says whether two pointers lie on one path (one is a prefix of the other).
func related(a, b string) bool {
	return a == b || strings.HasPrefix(a, b+"/") || strings.HasPrefix(b, a+"/")
}

// checkOracleCase diffs one pair and checks the verdicts; it returns what
// it checked and a description of each counterexample.
func checkOracleCase(eng *schema.Engine, oc *oracleCase, samples int) (oracleStats, []string) {
	st := oracleStats{pairs: 1}
	shape := oc.unionShape()
	if shape != "" {
		st.unions, st.shapes = 1, map[string]int{shape: 1}
	}
	key := "inputSchema"
	if oc.output {
		key = "outputSchema"
	}
	bf, hf := oracleToolFile(key, oc.base), oracleToolFile(key, oc.head)
	if bf.Fatal() || hf.Fatal() {
		return st, nil
	}
	got := Compare([]*source.File{bf}, []*source.File{hf}, fuzzOptions)
	st.findings = len(got)
	bc, hc := eng.Check(oc.base), eng.Check(oc.head)
	var bad []string
	fail := func(format string, args ...any) {
		bad = append(bad, fmt.Sprintf("%s %s (seed %d,%d, %s at %q):\n  base %s\n  head %s\n  ",
			key, fmt.Sprintf(format, args...), oc.seed[0], oc.seed[1], oc.mut.what, oc.mut.ptr, canonical(oc.base), canonical(oc.head)))
	}
	if oc.mut.equivalent {
		st.equivalent = 1
		for _, f := range got {
			fail("equivalent spelling gives %s %s at %s: %s", f.Severity, f.Rule, f.Pointer, f.Message)
		}
	}
	// every witness is confirmed by the validator.
	for _, f := range got {
		if f.Witness == nil || !strings.HasPrefix(f.Rule, "compat.input.") && !strings.HasPrefix(f.Rule, "compat.output.") ||
			f.Rule == RuleOutputSchemaRemoved.ID {
			continue
		}
		b, h := accepts(bc, f.Witness), accepts(hc, f.Witness)
		if oc.output && !(h == yes && b == no) || !oc.output && !(b == yes && h == no) {
			fail("witness %s of %s at %s not confirmed (base %v, head %v)", canonical(f.Witness), f.Rule, f.Pointer, b, h)
		}
	}
	// a sampled break implies a finding at the change.
	acc, rej := bc, hc // input: accepted at base, rejected at head
	gen := &valueGen{root: oc.base, r: rand.New(rand.NewPCG(oc.seed[0]^0x5eed, oc.seed[1]))}
	other := &valueGen{root: oc.head, r: gen.r}
	if oc.output {
		acc, rej = hc, bc
		gen, other = other, gen
	}
	var vals []any
	for range samples {
		v := gen.gen(gen.root, 0)
		vals = append(vals, v, gen.perturb(v, func() any { return other.gen(other.root, 0) }, 0))
	}
	for range samples / 2 {
		v := other.gen(other.root, 0)
		vals = append(vals, v, other.perturb(v, gen.scalar, 0))
	}
	var breaking any
	for _, v := range vals {
		st.samples++
		if accepts(acc, v) == yes && accepts(rej, v) == no {
			if u := oc.mut.undeclared; u != "" && !oc.output && accepts(rej, without(v, u)) == yes {
				st.undeclared++ // a break only through a member base did not declare
				continue
			}
			if !interoperable(v) {
				st.nonInterop++ // a number no JSON parser is sure to read exactly
				continue
			}
			breaking = v
			break
		}
	}
	if breaking == nil {
		return st, bad
	}
	st.breaks = 1
	places := oc.places(key)
	var weak *report.Finding
	for _, f := range got {
		if !strings.HasPrefix(f.Rule, "compat.") || f.Severity < rules.Warning {
			continue
		}
		for _, p := range places {
			if covers(f.Pointer, p) || f.Base != nil && covers(f.Base.Pointer, p) {
				if shape != "" && f.Witness == nil && f.Severity == rules.Warning && strings.Contains(f.Message, "no witness could be confirmed") {
					// a union's verdict: the sample is a witness, so "no
					// witness could be confirmed" is a miss (issue 22).
					weak = &f
					break
				}
				return st, bad
			}
		}
	}
	if weak != nil {
		fail("%s breaks, but the finding at %s is a warning without a witness (%s): %s", canonical(breaking), weak.Pointer, shape, weak.Message)
		return st, bad
	}
	fail("%s breaks (accepted by one side, rejected by the other) but no compat error or warning is at %v; findings: %s",
		canonical(breaking), places, describe(got))
	return st, bad
}

// covers says whether a finding at ptr is about a change at place: on
// one path with it, or a keyword of a schema whose allOf member holds the
// change (allOf members are judged merged into the schema that holds them).
func covers(ptr, place string) bool {
	if related(ptr, place) {
		return true
	}
	i := strings.LastIndex(ptr, "/")
	if i < 0 {
		return false
	}
	rest, ok := strings.CutPrefix(place, ptr[:i]+"/allOf/")
	return ok && rest != ""
}

func describe(fs []report.Finding) string {
	if len(fs) == 0 {
		return "none"
	}
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "\n    %s %s %s: %s", f.Severity, f.Rule, f.Pointer, f.Message)
	}
	return b.String()
}

// TestOracle runs the verdict oracle over its deterministic seed set.
func TestOracle(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("slow (one of the four slowest tests): runs without -short, as CI does")
	}
	eng := schema.NewEngine(schema.DefaultLimits)
	var total oracleStats
	fails := 0
	for i := range oracleSeedSchemas {
		for _, output := range []bool{false, true} {
			for k := range oraclePairsPerSeed {
				oc, ok := buildOracleCase(i, output, uint64(i), uint64(k))
				if !ok {
					continue
				}
				st, bad := checkOracleCase(eng, oc, oracleSamples)
				total.add(st)
				for _, b := range bad {
					fails++
					t.Error(b)
				}
			}
		}
	}
	t.Logf("oracle: %d pairs (%d equivalent spellings), %d samples, %d pairs with a sampled break, %d findings, %d counterexamples; by design, %d samples broke only through a member base did not declare (silent) and %d only through a number beyond ±(2^53−1) (a notice)",
		total.pairs, total.equivalent, total.samples, total.breaks, total.findings, fails, total.undeclared, total.nonInterop)
	t.Logf("oracle unions: %d pairs change a union, in %d shapes (change, side, open or closed branch):%s", total.unions, len(total.shapes), shapeList(total.shapes))
}

// FuzzOracle runs the verdict oracle on pairs built from fuzzed seeds.
func FuzzOracle(f *testing.F) {
	for i := range oracleSeedSchemas {
		f.Add(uint8(i), false, uint64(i), uint64(0))
		f.Add(uint8(i), true, uint64(i), uint64(1))
	}
	eng := schema.NewEngine(schema.DefaultLimits)
	f.Fuzz(func(t *testing.T, idx uint8, output bool, s1, s2 uint64) {
		oc, ok := buildOracleCase(int(idx), output, s1, s2)
		if !ok {
			return
		}
		if _, bad := checkOracleCase(eng, oc, oracleSamples); len(bad) > 0 {
			t.Fatal(strings.Join(bad, "\n"))
		}
	})
}

// oracleCorpusMutations is how many pairs TestOracleCorpus builds from each
// corpus schema.
const oracleCorpusMutations = 6

// TestOracleCorpus runs the verdict oracle on pairs built by mutating the
// real tool schemas of the shared corpus (latest/*.json); it skips when the
// corpus is absent. Run with -v for the counts.
func TestOracleCorpus(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("slow (one of the four slowest tests): runs without -short, as CI does")
	}
	paths, _ := filepath.Glob(filepath.Join(corpusDir, "*", "latest", "*.json"))
	if len(paths) == 0 {
		t.Skip("corpus not available")
	}
	sort.Strings(paths)
	eng := schema.NewEngine(schema.DefaultLimits)
	var total oracleStats
	fails := 0
	for pi, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var tool map[string]any
		d := json.NewDecoder(strings.NewReader(string(data)))
		d.UseNumber()
		if d.Decode(&tool) != nil {
			continue // an index or a list, not one tool
		}
		for _, key := range []string{"inputSchema", "outputSchema"} {
			s, ok := tool[key].(map[string]any)
			if !ok {
				continue
			}
			for k := range oracleCorpusMutations {
				oc, ok := buildOracleCaseFrom(s, key == "outputSchema", uint64(pi), uint64(k))
				if !ok {
					continue
				}
				st, bad := checkOracleCase(eng, oc, oracleSamples)
				total.add(st)
				for _, b := range bad {
					fails++
					t.Errorf("%s: %s", p, b)
				}
			}
		}
	}
	t.Logf("oracle on the corpus: %d pairs (%d equivalent spellings), %d samples, %d pairs with a sampled break, %d findings, %d counterexamples",
		total.pairs, total.equivalent, total.samples, total.breaks, total.findings, fails)
}

// shapeList renders union shapes and their pair counts, one a line.
func shapeList(shapes map[string]int) string {
	var b strings.Builder
	for _, k := range sortedKeys(shapes) {
		fmt.Fprintf(&b, "\n  %4d  %s", shapes[k], k)
	}
	return b.String()
}
