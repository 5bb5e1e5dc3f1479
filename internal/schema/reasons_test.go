package schema

import "testing"

// TestReasonsKeepEveryBranch: where Validate keeps the anyOf branch that got
// deepest into the value, Reasons keeps every branch's reasons, so the
// branch that does not get deepest (a closed branch rejecting a member)
// is still seen; a oneOf several branches match is a leaf at oneOf.
func TestReasonsKeepEveryBranch(t *testing.T) {
	e := NewEngine(testLimits)
	cs := e.Check(parse(t, `{"anyOf":[
		{"type":"object","properties":{"type":{"const":"message"}},"required":["type"],"additionalProperties":false},
		{"type":"object","properties":{"type":{"const":"tool_call"},"name":{"type":"string"}},"required":["type","name"],"additionalProperties":false}]}`))
	v := parse(t, `{"type":"message","extra":1}`)
	errs, _ := cs.Validate(v)
	for _, e := range errs {
		if e.Keyword == "/anyOf/0/additionalProperties" {
			t.Fatalf("Validate kept the shallow branch (the test no longer shows the difference): %+v", errs)
		}
	}
	rs, ok := cs.Reasons(v)
	if !ok || len(rs) != 1 || rs[0].Keyword != "/anyOf" || len(rs[0].Alternatives) != 2 {
		t.Fatalf("reasons %+v %v, want one anyOf reason with two alternatives", rs, ok)
	}
	found := false
	for _, r := range rs[0].Alternatives[0] {
		found = found || r.Keyword == "/anyOf/0/additionalProperties"
	}
	if !found {
		t.Errorf("branch 0 reasons %+v lack its additionalProperties", rs[0].Alternatives[0])
	}
	if rs, ok := cs.Reasons(parse(t, `{"type":"message"}`)); !ok || len(rs) != 0 {
		t.Errorf("valid value: %+v %v", rs, ok)
	}

	one := e.Check(parse(t, `{"oneOf":[{"type":"object"},{"required":["a"]}]}`))
	rs, ok = one.Reasons(parse(t, `{"a":1}`))
	if !ok || len(rs) != 1 || rs[0].Keyword != "/oneOf" || len(rs[0].Alternatives) != 0 {
		t.Errorf("oneOf matched twice: %+v %v, want one leaf at /oneOf", rs, ok)
	}
}
