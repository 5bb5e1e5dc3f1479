package diffcheck

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// The referee (issue 29): a fixed budget of generated (base, head) pairs
// over every keyword, each edited one to three times (referee_gen_test.go),
// searched for a witness with the real validator by a sampler of its own
// (values drawn from both raw schemas and perturbed; accepted at base and
// rejected at head for inputs, the reverse for outputs; only members the
// accepting schema declares; numbers within ±(2^53−1)). Over the pairs with
// a witness it counts those the differ gives an error, only a warning, or
// nothing at the changed places, and fails on any pair with nothing (and
// on a warning-only share above -referee.max-warnings percent). It is a
// fixed amount of work, not a timed test: .ci/referee runs it (from
// .ci/run); plain `go test` skips it.

var (
	refereeOn       = flag.Bool("referee", false, "run the referee (see .ci/referee)")
	refereePairs    = flag.Int("referee.pairs", 7200, "pairs the referee generates")
	refereeSamples  = flag.Int("referee.samples", 24, "values the referee draws from each side of a pair (each perturbed twice)")
	refereeWarnings = flag.Float64("referee.max-warnings", 1.0, "largest share (percent) of witnessed pairs with only a warning")
	refereeShow     = flag.Int("referee.show", 25, "pairs of each class printed in full")
)

// refCase is one referee pair.
type refCase struct {
	base, head any
	muts       []mutation
	output     bool
	seed       [2]uint64
}

// refOutcome is what the referee found for one pair.
type refOutcome int

const (
	refNoWitness refOutcome = iota // no witness found (or the pair is not comparable)
	refError
	refWarning
	refSilent
)

type refResult struct {
	c       *refCase
	outcome refOutcome
	invalid bool
	witness any
	got     []report.Finding
}

func (c *refCase) what() string {
	var parts []string
	for _, m := range c.muts {
		parts = append(parts, fmt.Sprintf("%s at %q", m.what, m.ptr))
	}
	return strings.Join(parts, "; ")
}

// buildRefCase builds the pair of a seed.
func buildRefCase(seeds []any, idx int, output bool, s1, s2 uint64) (*refCase, bool) {
	base := seeds[idx%len(seeds)]
	r := rand.New(rand.NewPCG(s1, s2))
	for range 20 {
		head, muts, ok := refereeMutate(base, isDraft7(base), r)
		if ok {
			// as a file holds it (a nil list is null there)
			data, err := json.Marshal(head)
			if err != nil {
				continue
			}
			head = decodeSchema(string(data))
			return &refCase{base: base, head: head, muts: muts, output: output, seed: [2]uint64{s1, s2}}, true
		}
	}
	return nil, false
}

// refWitness searches a witness of a pair with the referee's own sampler.
func refWitness(eng *schema.Engine, c *refCase, samples int) (w any, invalid bool) {
	accRaw, rejRaw := c.base, c.head
	if c.output {
		accRaw, rejRaw = c.head, c.base
	}
	acc, rej := eng.Check(accRaw), eng.Check(rejRaw)
	for _, cs := range []*schema.Checked{acc, rej} {
		for _, p := range cs.Problems {
			if p.Kind != schema.SchemaExternalRef {
				return nil, true
			}
		}
	}
	r := rand.New(rand.NewPCG(c.seed[0]^0x7e7e, c.seed[1]))
	ga, gr := &rawGen{root: accRaw, r: r}, &rawGen{root: rejRaw, r: r}
	nameSet := map[string]bool{}
	declaredNames(c.base, r, 0, nameSet)
	declaredNames(c.head, r, 0, nameSet)
	names := sortedKeys(nameSet)
	try := func(v any) bool {
		return accepts(acc, v) == yes && accepts(rej, v) == no && interoperable(v) && onlyDeclared(accRaw, accRaw, v)
	}
	for range samples {
		for _, g := range []*rawGen{ga, gr} {
			v := g.gen(g.root, 0)
			if try(v) {
				return v, false
			}
			for range 2 {
				other := func() any { return ga.gen(ga.root, 1) }
				if p := g.perturb(v, names, other, 0); try(p) {
					return p, false
				}
			}
		}
	}
	return nil, false
}

// checkRefCase diffs one pair and classifies it.
func checkRefCase(eng *schema.Engine, c *refCase, samples int) refResult {
	res := refResult{c: c}
	w, invalid := refWitness(eng, c, samples)
	res.invalid = invalid
	if w == nil {
		return res
	}
	res.witness = w
	key := "inputSchema"
	if c.output {
		key = "outputSchema"
	}
	bf, hf := oracleToolFile(key, c.base), oracleToolFile(key, c.head)
	if bf.Fatal() || hf.Fatal() {
		res.witness = nil
		return res
	}
	opts := fuzzOptions
	opts.StrictOutputs = true // an output-policy warning is an error here: the break is what is counted
	res.got = Compare([]*source.File{bf}, []*source.File{hf}, opts)
	places := refMutPlaces(c.muts, c.base, c.head, key)
	// or where the rejecting schema rejects the witness, by the validator's
	// error tree (every leaf, in every branch)
	rejRaw := c.head
	if c.output {
		rejRaw = c.base
	}
	rs, _ := eng.Check(rejRaw).Reasons(w)
	eachReason(rs, func(r schema.Reason) {
		k := "/" + key + strings.ReplaceAll(r.Keyword, "/dependency/", "/dependencies/")
		// the keyword, or another keyword of the schema that holds it
		places = append(places, k, k[:strings.LastIndex(k, "/")])
	})
	prefix := "compat.input."
	if c.output {
		prefix = "compat.output."
	}
	best := rules.Severity(0)
	for _, f := range res.got {
		if !strings.HasPrefix(f.Rule, prefix) || f.Severity < rules.Warning {
			continue
		}
		for _, p := range places {
			if covers(f.Pointer, p) || f.Base != nil && covers(f.Base.Pointer, p) {
				best = max(best, f.Severity)
			}
		}
	}
	switch {
	case best >= rules.Error:
		res.outcome = refError
	case best == rules.Warning:
		res.outcome = refWarning
	default:
		res.outcome = refSilent
	}
	return res
}

// TestReferee runs the referee over its fixed budget of pairs.
func TestReferee(t *testing.T) {
	if !*refereeOn {
		t.Skip("the referee runs from .ci/referee (go test ./diffcheck -run '^TestReferee$' -referee)")
	}
	var seeds []any
	for _, s := range refereeSeeds() {
		seeds = append(seeds, decodeSchema(s))
	}
	per := (*refereePairs + 2*len(seeds) - 1) / (2 * len(seeds))
	var cases []*refCase
	for k := range per {
		for i := range seeds {
			for _, output := range []bool{false, true} {
				if len(cases) >= *refereePairs {
					break
				}
				side := uint64(0)
				if output {
					side = 1
				}
				if c, ok := buildRefCase(seeds, i, output, uint64(1000+i), uint64(k)<<1|side); ok {
					cases = append(cases, c)
				}
			}
		}
	}
	eng := schema.NewEngine(schema.DefaultLimits)
	results := make([]refResult, len(cases))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = checkRefCase(eng, cases[i], *refereeSamples)
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()

	count := map[refOutcome]int{}
	invalid := 0
	byWhat := map[refOutcome]map[string]int{refWarning: {}, refSilent: {}}
	shown := map[refOutcome]int{}
	for _, r := range results {
		if r.invalid {
			invalid++
			continue
		}
		count[r.outcome]++
		if r.outcome != refWarning && r.outcome != refSilent {
			continue
		}
		for _, m := range r.c.muts {
			byWhat[r.outcome][m.what]++
		}
		if shown[r.outcome] >= *refereeShow {
			continue
		}
		shown[r.outcome]++
		label := map[refOutcome]string{refWarning: "warning only", refSilent: "nothing"}[r.outcome]
		side := "inputSchema"
		if r.c.output {
			side = "outputSchema"
		}
		msg := fmt.Sprintf("%s: %s (seed %d,%d): %s\n  base %s\n  head %s\n  witness %s\n  findings:%s",
			label, side, r.c.seed[0], r.c.seed[1], r.c.what(), canonical(r.c.base), canonical(r.c.head), canonical(r.witness), describe(r.got))
		if r.outcome == refSilent {
			t.Error(msg)
		} else {
			t.Log(msg)
		}
	}
	witnessed := count[refError] + count[refWarning] + count[refSilent]
	share := func(n int) float64 {
		if witnessed == 0 {
			return 0
		}
		return 100 * float64(n) / float64(witnessed)
	}
	for _, o := range []refOutcome{refWarning, refSilent} {
		if len(byWhat[o]) == 0 {
			continue
		}
		label := map[refOutcome]string{refWarning: "warning only", refSilent: "nothing"}[o]
		var lines []string
		for _, w := range sortedKeys(byWhat[o]) {
			lines = append(lines, fmt.Sprintf("  %4d  %s", byWhat[o][w], w))
		}
		sort.SliceStable(lines, func(i, j int) bool { return lines[i] > lines[j] })
		fmt.Printf("referee: edits of the pairs with %s:\n%s\n", label, strings.Join(lines, "\n"))
	}
	fmt.Printf("referee: %d pairs (%d with a schema the validator refuses, left out), %d with a confirmed witness: error %d (%.1f%%), warning only %d (%.1f%%), nothing %d (%.1f%%)\n",
		len(cases), invalid, witnessed, count[refError], share(count[refError]), count[refWarning], share(count[refWarning]), count[refSilent], share(count[refSilent]))
	if count[refSilent] > 0 {
		t.Errorf("%d witnessed pairs get no finding (printed above)", count[refSilent])
	}
	if share(count[refWarning]) > *refereeWarnings {
		t.Errorf("%.1f%% of the witnessed pairs get only a warning, more than %.1f%%", share(count[refWarning]), *refereeWarnings)
	}
}
