package app

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// TestChangelogMarkdownOfTheValue: the release notes render what the
// service's changelog says (its tests in cmd/internal/service:
// TestChangelogDocumentChangesAreNotTools,
// TestChangelogRenamedToolAddsNoArguments, TestChangelogUnreadableHeadFile
// and TestVersionStoryPolicy): a document's entry is counted apart from
// the tools and listed under its path; a renamed tool is marked so, with
// only what it added; the bump is proposed for every file that declares
// the version; a file not compared is named with its position, before the
// other files' changes.
func TestChangelogMarkdownOfTheValue(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		cl        service.Changelog
		want, not []string
	}{
		"document": {
			cl: service.Changelog{Base: "v1", Tools: []service.ChangelogTool{{Name: "mcp.yaml", Status: "changed", Document: true,
				Changes: []service.Change{{Kind: "breaking", Rule: "compat.prompt.removed", Message: `prompt "q" was removed`}}}}},
			want: []string{"\n1 document changed: ", "### `mcp.yaml`"},
			not:  []string{"1 tool changed"},
		},
		"renamed": {
			cl: service.Changelog{Base: "HEAD~1", Tools: []service.ChangelogTool{
				{Name: "remove_comment", Status: "renamed", Changes: []service.Change{{Kind: "changed", Rule: "compat.tool.renamed", Message: `tool "delete_comment" was renamed to "remove_comment"`}}},
				{Name: "search", Status: "renamed", Changes: []service.Change{{Kind: "changed", Rule: "compat.tool.renamed", Message: `tool "find" was renamed to "search"`},
					{Kind: "added", Message: `argument "limit" added (optional)`}}}}},
			want: []string{"### `remove_comment` (renamed)", "### `search` (renamed)", `- added: argument "limit" added (optional)`, "1 addition"},
		},
		"bump of every file": {
			cl: service.Changelog{Base: "base", Bump: &service.Bump{Kind: "major", Files: []service.BumpFile{{File: "server.json", From: "1.4.0", To: "2.0.0"},
				{File: "tools/snapshot.json", From: "1.4.0", To: "2.0.0"}, {File: "weather.mcpdesc.yaml", From: "1.4.0", To: "2.0.0"}}},
				Tools: []service.ChangelogTool{{Name: "radar", Status: "removed", Changes: []service.Change{{Kind: "breaking", Rule: "compat.tool.removed", Message: `tool "radar" was removed`}}}}},
			want: []string{"Proposed version bump: major (1.4.0 → 2.0.0 in `server.json`, 1.4.0 → 2.0.0 in `tools/snapshot.json`, 1.4.0 → 2.0.0 in `weather.mcpdesc.yaml`)."},
		},
		"not compared": {
			cl: service.Changelog{Base: "v1.0.0", NotCompared: []service.NotCompared{{File: "tools.json", Line: 2, Column: 4, Message: "invalid character 'b'"}},
				Tools: []service.ChangelogTool{{Name: "gone", Status: "removed", Changes: []service.Change{{Kind: "breaking", Rule: "compat.tool.removed", Message: `tool "gone" was removed`}}}}},
			want: []string{"not compared", "`tools.json:2:4`", "### `gone` (removed)"},
		},
	} {
		md := changelogMarkdown(&c.cl)
		for _, w := range c.want {
			if !strings.Contains(md, w) {
				t.Errorf("%s: changelog lacks %q:\n%s", name, w, md)
			}
		}
		for _, bad := range c.not {
			if strings.Contains(md, bad) {
				t.Errorf("%s: changelog has %q:\n%s", name, bad, md)
			}
		}
	}
}
