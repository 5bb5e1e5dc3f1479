package validate

import (
	"strings"
	"testing"
)

// TestEveryRuleHasAProblemTitle: every validation rule's annotation title
// names the problem, not the good state its summary describes: each has a
// Title in its record, and none states a good state ("tool schema
// valid"). The compat rules' titles are kept by diffcheck's
// TestCompatTitles; the service's rules set theirs in their records too.
func TestEveryRuleHasAProblemTitle(t *testing.T) {
	for _, r := range Rules() {
		segs := strings.Split(r.ID, ".")
		derived := strings.ReplaceAll(strings.Join(segs[max(len(segs)-2, 0):], " "), "-", " ")
		state := map[string]bool{"valid": true, "unique": true, "required": true, "string": true, "object": true, "type": true, "shape": true, "format": true, "key": true}
		if r.Title == "" || r.Title == derived && state[segs[len(segs)-1]] {
			t.Errorf("rule %s has no problem title (got %q): give its record a Title", r.ID, r.Title)
		}
	}
	if r, _ := ruleByID("json-schema.tool-schema.valid"); r.ShortTitle() != "tool schema invalid" {
		t.Errorf("json-schema.tool-schema.valid is titled %q", r.ShortTitle())
	}
}
