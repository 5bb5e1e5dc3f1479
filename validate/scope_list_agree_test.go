package validate

import (
	"sort"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/source"
)

// TestToolAndDeclarationScopeListsAgree: a tool's protocolVersions and a
// prompt's are checked by one function (checkScopeList), so the same list
// gets the same findings at the same entries, told with the declaration's
// name (and its fix wording). Before, the two copies differed: the tool's found a repeat among
// every entry and showed untrimmed values, the prompt's only among the
// accepted ones and trimmed.
func TestToolAndDeclarationScopeListsAgree(t *testing.T) {
	t.Parallel()
	for _, list := range []string{
		`["later", "later"]`, `[" 2025-11-25", "2025-11-25"]`, `["2025-11-25 "]`, `[3, "2025-11-25"]`, `[]`, `"2025-11-25"`,
		`["2025-06-18", "2025-06-18"]`, `["x", "2025-06-18", "x"]`,
	} {
		doc := `{"mcpdesc": "0.8.0", "info": {"name": "x", "version": "1.0.0"}, "protocolVersions": ["2025-06-18", "2025-11-25"],
"tools": [{"name": "t", "inputSchema": {"type": "object"}, "protocolVersions": ` + list + `}],
"prompts": [{"name": "p", "protocolVersions": ` + list + `}]}`
		f := source.Parse("d.json", []byte(doc), source.Limits{})
		var tool, prompt []string
		for _, fd := range CheckFile(f, Options{}, nil).Findings {
			switch {
			case fd.Rule == RuleToolScope.ID && strings.HasPrefix(fd.Pointer, "/tools/0/protocolVersions"):
				msg := strings.Replace(strings.TrimPrefix(fd.Message, "tool "), "the tool applies to", "it applies to", 1)
				tool = append(tool, strings.TrimPrefix(fd.Pointer, "/tools/0")+" "+msg)
			case fd.Rule == RuleDeclScope.ID && strings.HasPrefix(fd.Pointer, "/prompts/0/protocolVersions"):
				prompt = append(prompt, strings.TrimPrefix(fd.Pointer, "/prompts/0")+" "+strings.TrimPrefix(fd.Message, "prompt "))
			}
		}
		sort.Strings(tool)
		sort.Strings(prompt)
		if strings.Join(tool, "\n") != strings.Join(prompt, "\n") {
			t.Errorf("%s:\ntool:   %q\nprompt: %q", list, tool, prompt)
		}
	}
}
