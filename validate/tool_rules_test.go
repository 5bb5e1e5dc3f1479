package validate

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/validate/fixture"
	"github.com/mcpschema/mcpschema/validate/rules"
)

// TestToolRulesCovered keeps the mcp.* and mcpdesc.* rules honest: each is
// documented, says how to fix, and has a failing and a passing fixture.
func TestToolRulesCovered(t *testing.T) {
	cases, err := fixture.Load("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules.All() {
		if !strings.HasPrefix(r.ID, "mcp.") && !strings.HasPrefix(r.ID, "mcpdesc.") {
			continue
		}
		if !strings.HasPrefix(r.ID, r.Owner+".") {
			t.Errorf("%s: owner %q is not the id's first segment", r.ID, r.Owner)
		}
		if r.Summary == "" || r.Doc == "" || r.Fix == "" || r.Level == "" || r.Severity == rules.Off {
			t.Errorf("%s: summary, doc, fix, level and severity are all required", r.ID)
		}
		if strings.ToLower(r.Summary[:1]) != r.Summary[:1] || strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%s: summary %q is not one lower-case line without final period", r.ID, r.Summary)
		}
		for _, v := range r.Versions {
			if !rules.IsProtocolVersion(v) {
				t.Errorf("%s: unknown protocol version %q", r.ID, v)
			}
		}
		fails, passes := false, false
		for _, c := range cases {
			fails = fails || c.Fails(r.ID)
			passes = passes || c.Passes(r.ID)
		}
		if !fails {
			t.Errorf("%s: no fixture expects a finding of it", r.ID)
		}
		if !passes {
			t.Errorf("%s: no fixture covers it without a finding", r.ID)
		}
	}
}
