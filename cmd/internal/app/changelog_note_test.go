package app

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// TestChangelogReleaseNotesForUsers: a release note says what changed and
// what it does to callers; the reviewer's advice ("make it optional…",
// "inline the definition…", "to fix…") and the witness are left out.
func TestChangelogReleaseNotesForUsers(t *testing.T) {
	cases := map[string]string{
		`property "page" was added as required at "/page": calls that omit it are rejected; make it optional with a server-side default; for example {"q":"a"} is accepted at base and rejected at head`:                                                                                                                 `property "page" was added as required at "/page": calls that omit it are rejected`,
		`required property "has_more" at "/has_more" was added to an output object the base closed: every result carries it and the base schema rejects them all; add it to the base contract first, or make it optional and tell consumers to accept it; for example head admits {"has_more":true}, which base rejects`: `required property "has_more" at "/has_more" was added to an output object the base closed: every result carries it and the base schema rejects them all`,
		`tool "op_00" was removed: callers that name it break; keep it, or deprecate it first and remove it in a later release`:                                                                                                                                                                                          `tool "op_00" was removed: callers that name it break`,
		`the $ref target changed: to fix, inline the definition in the tool`: `the $ref target changed`,
		`result field "has_more" added`:                                      `result field "has_more" added`,
	}
	for in, want := range cases {
		if got := releaseNote(in); got != want {
			t.Errorf("releaseNote(%q)\n got %q\nwant %q", in, got, want)
		}
	}
	md := changelogMarkdown(&service.Changelog{Base: "v1", Tools: []service.ChangelogTool{{Name: "search", Status: "changed",
		Changes: []service.Change{{Kind: "breaking", Rule: "compat.input.required-added", Message: `property "q" became required: calls that omit it are rejected; make it optional with a server-side default`}}}}})
	if strings.Contains(md, "make it optional") || !strings.Contains(md, "calls that omit it are rejected") {
		t.Errorf("release notes:\n%s", md)
	}
}
