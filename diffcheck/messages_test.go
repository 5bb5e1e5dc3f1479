package diffcheck

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestBranchAddedNamesMember: a result branch made wider names the member
// that widens it, and does not advise dropping the branch.
func TestBranchAddedNamesMember(t *testing.T) {
	t.Parallel()
	cases := loadDiffCases(t, "testdata/output")
	var c *diffCase
	for _, x := range cases {
		if x.Name == "branch-added-member" {
			c = x
		}
	}
	if c == nil {
		t.Fatal("fixture output/branch-added-member not found")
	}
	got := map[string]string{}
	for _, f := range Compare(c.base, c.head, Options{}) {
		if f.Rule == RuleOutputBranchAdded.ID {
			got[f.Pointer] = f.Message
		}
	}
	m0 := got["/outputSchema/properties/user/anyOf/0"]
	if !strings.Contains(m0, `property "userEmail" may now be returned in anyOf branch 0`) {
		t.Errorf("branch 0 does not name the member: %q", m0)
	}
	m2 := got["/outputSchema/properties/user/anyOf/2"]
	if !strings.Contains(m2, `property "bot" may now be returned in anyOf branch 2`) {
		t.Errorf("branch 2: %q", m2)
	}
	for p, m := range got {
		if strings.Contains(m, "drop") {
			t.Errorf("%s advises dropping the branch: %q", p, m)
		}
	}
}

// TestWitnessShortenedSaysSo: a witness too long for a message is cut on a
// character boundary, and the message says the whole value is the witness.
func TestWitnessShortenedSaysSo(t *testing.T) {
	t.Parallel()
	long := map[string]any{"name": strings.Repeat("é", 60)}
	s := witnessText(long)
	if !strings.Contains(s, "…") || !strings.Contains(s, "the whole value is the finding's witness") {
		t.Errorf("shortened witness: %q", s)
	}
	if !utf8.ValidString(s) {
		t.Errorf("cut inside a character: %q", s)
	}
	if s := witnessText(map[string]any{"a": "b"}); s != `{"a":"b"}` {
		t.Errorf("short witness changed: %q", s)
	}
}

// TestUnionMessages: inside unions, findings say what happened: options
// that overlap say so (not "removed from an open object"), and a member
// another alternative still declares is not "removed from an open object".
func TestUnionMessages(t *testing.T) {
	byName := map[string]*diffCase{}
	for _, dir := range []string{"testdata/input", "testdata/output"} {
		for _, c := range loadDiffCases(t, dir) {
			byName[dir[len("testdata/"):]+"/"+c.Name] = c
		}
	}
	for _, name := range []string{"input/union-oneof-overlap", "input/union-wrapped-alternatives", "output/union-wrapped-alternatives",
		"input/union-combined-members", "input/union-option-closed", "input/union-closed-branch-member-removed"} {
		c := byName[name]
		if c == nil {
			t.Fatalf("fixture %s not found", name)
		}
		for _, f := range Compare(c.base, c.head, Options{}) {
			if strings.Contains(f.Message, "removed from an open object") {
				t.Errorf("%s: %s", name, f.Message)
			}
		}
	}
	got := Compare(byName["input/union-oneof-overlap"].base, byName["input/union-oneof-overlap"].head, Options{})
	if len(got) != 1 || !strings.Contains(got[0].Message, `oneOf options at "/parent" overlap`) || !strings.Contains(got[0].Message, `{"parent":{"page_id":"a","type":"page_id"}}`) {
		t.Errorf("overlap finding: %+v", got)
	}
}
