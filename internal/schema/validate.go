package schema

import (
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Validate checks instance against the schema and returns every reason it
// fails (nil when it passes). ok is false when there is no verdict: nothing
// was compiled (unsupported dialect, invalid schema, unresolved local
// reference, bound hit) or validation ran out of time (Limits.Timeout).
//
// When cs.Complete is false because of external references, those
// references were replaced by {} (anything goes): errs reflect the rest of
// the schema only, and callers should say the verdict is incomplete.
// Validation stops at Limits.Deadline, when set, as ValidateBy does.
func (cs *Checked) Validate(instance any) (errs []InstanceError, ok bool) {
	if cs == nil {
		return nil, false
	}
	return cs.ValidateBy(instance, cs.limits.Deadline)
}

// budgetStopped is the error of a validation stopped at its deadline.
const budgetStopped = "validation was stopped when the time budget ran out"

// ValidateBy is Validate stopped at deadline (zero: no deadline) when that
// comes before Limits.Timeout. Validation stopped at the deadline has no
// verdict (ok false) and says so in its only error; the caller, who owns
// the deadline, reports why.
func (cs *Checked) ValidateBy(instance any, deadline time.Time) (errs []InstanceError, ok bool) {
	ve, timeouts, errs, ok := cs.run(instance, deadline)
	if ve == nil {
		return errs, ok
	}
	for _, l := range leaves(ve, false) {
		msg := l.msg
		if timeouts > 0 && len(l.kwPath) == 1 && l.kwPath[0] == "pattern" {
			msg += fmt.Sprintf(" (matching may have been stopped after %s; a pattern that backtracks this much is too slow)", cs.limits.RegexTimeout)
		}
		kw := pointerOf(l.schemaURL, cs.resources)
		for _, t := range l.kwPath {
			kw = source.Join(kw, t)
		}
		errs = append(errs, InstanceError{Pointer: ptrOf(l.loc), Keyword: kw, Message: msg})
	}
	sort.Slice(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		if a.Pointer != b.Pointer {
			return a.Pointer < b.Pointer
		}
		if a.Keyword != b.Keyword {
			return a.Keyword < b.Keyword
		}
		return a.Message < b.Message
	})
	out := errs[:0]
	for i, e := range errs {
		if i == 0 || e != errs[i-1] {
			out = append(out, e)
		}
	}
	return out, true
}

// run validates instance; ve is the validator's error tree (nil when the
// value passes or there is no verdict, then errs and ok are the result).
func (cs *Checked) run(instance any, deadline time.Time) (ve *jsonschema.ValidationError, timeouts int64, errs []InstanceError, ok bool) {
	if cs == nil || cs.hasErrors() {
		return nil, 0, nil, false
	}
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		// the budget is spent: not even a deferred compile runs.
		return nil, 0, []InstanceError{{Message: budgetStopped}}, false
	}
	comp := cs.compiled()
	if comp == nil || comp.schema == nil {
		if cs.lazy != nil && cs.lazy.late {
			return nil, 0, []InstanceError{{Limit: limits.SchemaTimeout, Message: fmt.Sprintf(
				"compiling the schema took longer than %s and was stopped; simplify the schema, or %s", cs.limits.Timeout, limits.SchemaTimeout.Raise())}}, false
		}
		return nil, 0, nil, false
	}
	wait, byDeadline := cs.limits.Timeout, false
	if !deadline.IsZero() {
		if left := time.Until(deadline); wait <= 0 || left < wait {
			wait, byDeadline = left, true
		}
	}
	if byDeadline && wait <= 0 {
		return nil, 0, []InstanceError{{Message: budgetStopped}}, false
	}
	type result struct {
		err      error
		timeouts int64
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- result{err: fmt.Errorf("validator failed: %v", r)}
			}
		}()
		before := comp.timeouts.Load()
		err := comp.schema.Validate(instance)
		done <- result{err: err, timeouts: comp.timeouts.Load() - before}
	}()
	var r result
	if wait > 0 {
		t := time.NewTimer(wait)
		defer t.Stop()
		select {
		case r = <-done:
		case <-t.C:
			if byDeadline {
				return nil, 0, []InstanceError{{Message: budgetStopped}}, false
			}
			return nil, 0, []InstanceError{{Limit: limits.SchemaTimeout, Message: fmt.Sprintf(
				"validation took longer than %s and was stopped; simplify the schema, or %s", cs.limits.Timeout, limits.SchemaTimeout.Raise())}}, false
		}
	} else {
		r = <-done
	}
	if r.err == nil {
		return nil, 0, nil, true
	}
	if !errors.As(r.err, &ve) {
		return nil, 0, []InstanceError{{Message: lowerFirst(r.err.Error())}}, false
	}
	return ve, r.timeouts, nil, true
}
