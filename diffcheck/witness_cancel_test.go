package diffcheck

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestWitnessSearchStopsOnCancel: once the comparison's context is done
// (Ctrl-C), no witness is searched any more. The search only looked at the
// run's deadline, so a long search went on for 26 s after SIGINT before
// the run exited 130. A change then says that the run was interrupted; the
// pipeline reports no result of an interrupted run.
func TestWitnessSearchStopsOnCancel(t *testing.T) {
	t.Parallel()
	const n = 20
	base, head := requiredAddedPair(n)
	compare := func(ctx context.Context) []string {
		bf := source.Parse("t.json", []byte(base), source.Limits{})
		hf := source.Parse("t.json", []byte(head), source.Limits{})
		var msgs []string
		for _, f := range Compare([]*source.File{bf}, []*source.File{hf}, Options{Context: ctx}) {
			if f.Rule != RuleInputRequiredAdded.ID || f.Severity.String() != "error" {
				t.Errorf("%s %s: %s", f.Severity, f.Rule, f.Message)
			}
			if f.Witness != nil {
				msgs = append(msgs, "witness")
			} else {
				msgs = append(msgs, f.Message)
			}
		}
		if len(msgs) != n {
			t.Fatalf("%d findings, want %d", len(msgs), n)
		}
		return msgs
	}
	// the same pair with a live context finds a witness for each change.
	for _, m := range compare(context.Background()) {
		if m != "witness" {
			t.Fatalf("live context: no witness: %s", m)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, m := range compare(ctx) {
		if !strings.Contains(m, "the run was interrupted before a witness was searched") {
			t.Errorf("cancelled context: %s", m)
		}
	}
}
