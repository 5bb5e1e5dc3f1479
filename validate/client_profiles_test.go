package validate

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestClientConstraintsAreRecords: every client constraint is a complete
// record (issue 28 item 1): a known profile, what it rejects, what
// happens, sources with their dates, the day they were checked, a rule
// whose id is client.<profile>.<name>, a check that owns the rule or the
// whole-server limits that report it, and a line in docs/clients.md.
func TestClientConstraintsAreRecords(t *testing.T) {
	date := regexp.MustCompile(`^20\d\d-\d\d-\d\d$`)
	consequences := map[Consequence]bool{RequestFails: true, ListRejected: true, ToolDropped: true, NameCut: true}
	docs, err := os.ReadFile("../docs/clients.md")
	if err != nil {
		t.Fatal(err)
	}
	owned := map[string]bool{}
	for _, c := range Checks() {
		for _, r := range c.Rules {
			owned[r.ID] = true
		}
	}
	cs := ClientConstraints()
	if len(cs) < 12 {
		t.Fatalf("%d client constraints", len(cs))
	}
	for _, c := range cs {
		if _, ok := LookupClient(c.Profile.ID); !ok {
			t.Errorf("%s: unknown profile %q", c.Rule.ID, c.Profile.ID)
		}
		if c.Rule.ID != "client."+c.Profile.ID+"."+c.Name {
			t.Errorf("%s: id is not client.%s.%s", c.Rule.ID, c.Profile.ID, c.Name)
		}
		if c.Rejects == "" || !consequences[c.Consequence] || !date.MatchString(c.Observed) || len(c.Sources) == 0 {
			t.Errorf("%s: incomplete record %+v", c.Rule.ID, c)
		}
		for _, s := range c.Sources {
			if s.Ref == "" || s.Shows == "" || !date.MatchString(s.Date) {
				t.Errorf("%s: source %+v needs a ref, a date and what it shows", c.Rule.ID, s)
			}
			if !strings.Contains(c.Rule.Doc, s.Ref) {
				t.Errorf("%s: the rule's doc does not cite %s", c.Rule.ID, s.Ref)
			}
		}
		if _, elsewhere := EmittedElsewhere[c.Rule]; !owned[c.Rule.ID] && !elsewhere {
			t.Errorf("%s: no check reports it", c.Rule.ID)
		}
		if !strings.Contains(string(docs), "`"+c.Rule.ID+"`") {
			t.Errorf("%s: docs/clients.md does not name it", c.Rule.ID)
		}
	}
	for _, p := range ClientProfiles() {
		if !strings.Contains(string(docs), "`"+p.ID+"`") {
			t.Errorf("profile %s: docs/clients.md does not name it", p.ID)
		}
	}
	if got := strings.Join(DefaultClients(), ","); got != "anthropic,mcp-ts-sdk,cursor,vscode" {
		t.Errorf("default clients %s", got)
	}
}
