package schema

import (
	"encoding/json"
	"testing"
	"time"
)

// TestValidateByPastDeadlineCompilesNothing: a validation asked for once
// the run's budget is spent stops at once, without compiling a schema
// whose compile was deferred (which may take up to limits.schema-timeout).
// Before, the deferred compile ran first and only then was the validation
// stopped; the diff stage, which validates through Limits.Deadline, kept
// compiling schemas after the budget.
func TestValidateByPastDeadlineCompilesNothing(t *testing.T) {
	cs := NewEngine(DefaultLimits).Check(map[string]any{"type": "string", "maxLength": json.Number("3")})
	if cs.lazy == nil {
		t.Fatal("the schema's compile is not deferred: the test needs a deferred one")
	}
	errs, ok := cs.ValidateBy("abcd", time.Now().Add(-time.Second))
	if ok || len(errs) != 1 || errs[0].Message != budgetStopped {
		t.Errorf("ValidateBy past the deadline: %v, %v", errs, ok)
	}
	if cs.lazy.doc == nil {
		t.Error("the deferred compile ran though the budget was spent")
	}
	lim := DefaultLimits
	lim.Deadline = time.Now().Add(-time.Second)
	cs = NewEngine(lim).Check(map[string]any{"type": "string", "maxLength": json.Number("4")})
	if errs, ok := cs.Validate("abcd"); ok || len(errs) != 1 || errs[0].Message != budgetStopped {
		t.Errorf("Validate past Limits.Deadline: %v, %v", errs, ok)
	}
	if cs.lazy == nil || cs.lazy.doc == nil {
		t.Error("the deferred compile ran though Limits.Deadline was spent")
	}
}
