package service

import (
	"testing"

	"github.com/mcpschema/mcpschema/validate"
)

// TestLimitTableSetsOneBoundEach: each config limit sets its own bound of
// validate.Limits and reads it back, and no two keys share a bound.
func TestLimitTableSetsOneBoundEach(t *testing.T) {
	t.Parallel()
	for i, spec := range limitTable {
		var l validate.Limits
		spec.set(&l, int64(1000+i))
		for j, other := range limitTable {
			got, want := other.get(l), int64(0)
			if j == i {
				want = int64(1000 + i)
			}
			if got != want {
				t.Errorf("setting %s: %s reads %d, want %d", spec.key, other.key, got, want)
			}
		}
	}
}
