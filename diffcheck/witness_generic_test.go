package diffcheck

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// genericOnlyPair is a pair only the generic search judges: draft-07
// ignores keywords beside $ref as the judge reads it, but the validator
// applies the const beside it, so head rejects every other path.
const (
	genericOnlyBase = `{"name": "t", "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "definitions": {"p": {"type": "string"}}, "properties": {"path": {"$ref": "#/definitions/p"}}}}`
	genericOnlyHead = `{"name": "t", "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "definitions": {"p": {"type": "string"}}, "properties": {"path": {"$ref": "#/definitions/p", "const": "open"}}}}`
)

func compareText(t *testing.T, base, head string, opts Options) []report.Finding {
	t.Helper()
	bf := source.Parse("t.json", []byte(base), source.Limits{})
	hf := source.Parse("t.json", []byte(head), source.Limits{})
	return Compare([]*source.File{bf}, []*source.File{hf}, opts)
}

// TestGenericSearchFindsWhatNoRuleNames: the judge finds nothing in the
// pair, the generic search finds the witness, and the finding is an error
// of the rule of the keyword where head rejects it.
func TestGenericSearchFindsWhatNoRuleNames(t *testing.T) {
	t.Parallel()
	got := compareText(t, genericOnlyBase, genericOnlyHead, Options{})
	if len(got) != 1 || got[0].Rule != RuleInputEnumAdded.ID || got[0].Severity.String() != "error" || got[0].Witness == nil ||
		got[0].Pointer != "/inputSchema/properties/path/const" {
		t.Fatalf("got %s", describe(got))
	}
}

// TestGenericSearchKeepsTheBudgets: past the run's deadline, or once the
// run is interrupted (Ctrl-C), the generic search does not start (the
// pipeline then reports the diff cut short, or no result at all).
func TestGenericSearchKeepsTheBudgets(t *testing.T) {
	t.Parallel()
	if got := compareText(t, genericOnlyBase, genericOnlyHead, Options{Schema: schema.Limits{Deadline: time.Now().Add(-time.Second)}}); len(got) != 0 {
		t.Errorf("past the deadline: %s", describe(got))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := compareText(t, genericOnlyBase, genericOnlyHead, Options{Context: ctx}); len(got) != 0 {
		t.Errorf("interrupted: %s", describe(got))
	}
}

// TestGenericSearchIsBounded: however large the schemas, the search checks
// at most maxGenericTries values and builds values of bounded size: a
// closed object of 1,000 members under a oneOf (so the judge is not exact
// and the search runs) whose head narrows one member's oneOf.
func TestGenericSearchIsBounded(t *testing.T) {
	t.Parallel()
	var props []string
	for i := range 1000 {
		props = append(props, fmt.Sprintf(`"p%d": {"oneOf": [{"type": "string"}, {"type": "integer"}]}`, i))
	}
	tool := func(last string) string {
		return fmt.Sprintf(`{"name": "t", "inputSchema": {"type": "object", "properties": {%s, "last": %s}, "additionalProperties": false}}`, strings.Join(props, ", "), last)
	}
	bf := source.Parse("t.json", []byte(tool(`{"oneOf": [{"type": "string"}, {"type": "integer"}]}`)), source.Limits{})
	hf := source.Parse("t.json", []byte(tool(`{"oneOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]}`)), source.Limits{})
	b := &side{tool: &toolRef{file: bf, tool: bf.Tools[0]}, ptr: "/inputSchema", raw: bf.Tools[0].Value["inputSchema"], node: normalize(bf.Root, "/inputSchema")}
	h := &side{tool: &toolRef{file: hf, tool: hf.Tools[0]}, ptr: "/inputSchema", raw: hf.Tools[0].Value["inputSchema"], node: normalize(hf.Root, "/inputSchema")}
	c := &comparer{eng: schema.NewEngine(schema.DefaultLimits)}
	ws := c.newWitnessSearch(b, h)
	if !ws.ic.Complete || !ws.oc.Complete {
		t.Fatal("the schemas are over the engine's bounds")
	}
	g := &genericRun{ws: ws, tried: map[string]bool{}}
	g.run()
	if g.tries > maxGenericTries {
		t.Errorf("%d values checked, more than %d", g.tries, maxGenericTries)
	}
	for _, w := range g.found {
		if m, ok := w.value.(map[string]any); ok && len(m) > maxRichMembers+1 {
			t.Errorf("a witness of %d members", len(m))
		}
	}
	if len(g.found) == 0 {
		t.Error("no witness for a value of \"last\" below 0")
	}
}

// TestHugeListIsBounded: beside an enum of 100,000 values, a not that
// rejects the last one: the listed values are checked up to maxListed,
// and the generic search, from the head's boundary (the not's const),
// still finds the witness.
func TestHugeListIsBounded(t *testing.T) {
	t.Parallel()
	var vals []string
	for i := range 100000 {
		vals = append(vals, fmt.Sprintf(`"v%d"`, i))
	}
	enum := strings.Join(vals, ",")
	base := fmt.Sprintf(`{"name": "t", "inputSchema": {"type": "object", "properties": {"k": {"enum": [%s]}}}}`, enum)
	head := fmt.Sprintf(`{"name": "t", "inputSchema": {"type": "object", "properties": {"k": {"enum": [%s], "not": {"const": "v99999"}}}}}`, enum)
	got := compareText(t, base, head, Options{})
	if len(got) != 1 || got[0].Rule != RuleInputConditionalAdded.ID || got[0].Severity.String() != "error" || canonical(got[0].Witness) != `{"k":"v99999"}` {
		t.Fatalf("got %s", describe(got))
	}
}
