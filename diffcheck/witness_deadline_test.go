package diffcheck

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// TestWitnessSearchStopsAtDeadline: once the run's deadline
// (Options.Schema.Deadline, limits.run-timeout) has passed, no witness is
// searched any more. Each search builds and validates candidate objects as
// large as the schema, so a head that makes 5,000 properties required
// (188 KB) kept the run judging for 268 s past a 5 s run-timeout. A change
// then says the budget stopped the search, and the certain ones stay errors.
func TestWitnessSearchStopsAtDeadline(t *testing.T) {
	t.Parallel()
	const n = 40
	base, head := requiredAddedPair(n)
	bf := source.Parse("t.json", []byte(base), source.Limits{})
	hf := source.Parse("t.json", []byte(head), source.Limits{})
	opts := Options{Schema: schema.Limits{Deadline: time.Now().Add(-time.Second)}}
	got := Compare([]*source.File{bf}, []*source.File{hf}, opts)
	if len(got) != n {
		t.Fatalf("%d findings, want %d", len(got), n)
	}
	for _, f := range got {
		if f.Rule != RuleInputRequiredAdded.ID || f.Severity.String() != "error" || f.Witness != nil ||
			!strings.Contains(f.Message, "the run's time budget ran out before a witness was searched") {
			t.Errorf("%s %s: %s (witness %v)", f.Severity, f.Rule, f.Message, f.Witness)
		}
	}
}

// requiredAddedPair is a tool whose head makes each of its n string
// properties required: n certain input.required-added changes, each with a
// witness to search.
func requiredAddedPair(n int) (base, head string) {
	var props, req []string
	for i := 0; i < n; i++ {
		props = append(props, fmt.Sprintf(`"p%d": {"type": "string"}`, i))
		req = append(req, fmt.Sprintf(`"p%d"`, i))
	}
	base = fmt.Sprintf(`{"name": "t", "inputSchema": {"type": "object", "properties": {%s}}}`, strings.Join(props, ", "))
	head = fmt.Sprintf(`{"name": "t", "inputSchema": {"type": "object", "properties": {%s}, "required": [%s]}}`, strings.Join(props, ", "), strings.Join(req, ", "))
	return base, head
}
