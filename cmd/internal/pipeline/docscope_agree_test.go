package pipeline

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// TestValidateAndDiffcheckAgreeOnProtocolScopes is the differential test
// of the two readers of an MCP Description document's protocol scopes, now
// one model (internal/mcpdesc). Each case is a base and head document
// where the copies differed: validation read a declaration's scope with
// surrounding spaces trimmed and within its container's (the root's), and
// fell back to the container when the declaration named no usable
// version; the judge did none of it, so it called a prompt validation
// accepts for a version "no longer declared" for it, or missed a narrowed
// one. The judge's verdict now follows validation's reading.
func TestValidateAndDiffcheckAgreeOnProtocolScopes(t *testing.T) {
	t.Parallel()
	doc := func(root, prompt string) string {
		s := "mcpdesc: 0.8.0\ninfo: {name: x, version: 1.0.0}\nprotocolVersions: " + root + "\n" +
			"transports: [{type: stdio, command: x}]\nprompts:\n  - name: p\n"
		if prompt != "" {
			s += "    protocolVersions: " + prompt + "\n"
		}
		return s
	}
	cases := []struct {
		name             string
		base, head       string
		headScopeFinding bool // validation reports the head prompt's protocolVersions
		lost             bool // the judge reports the prompt lost versions
	}{
		{"spaces in the head's scope: validation accepts it for 2025-11-25, nothing lost",
			doc(`["2025-06-18", "2025-11-25"]`, `["2025-11-25"]`), doc(`["2025-06-18", "2025-11-25"]`, `[" 2025-11-25"]`), false, false},
		{"spaces in the base's scope, narrowed at head",
			doc(`["2025-06-18", "2025-11-25"]`, `[" 2025-06-18", "2025-11-25 "]`), doc(`["2025-06-18", "2025-11-25"]`, `["2025-11-25"]`), false, true},
		{"the base's scope outside its root: it served only the root's versions, nothing lost",
			doc(`["2025-11-25"]`, `["2025-06-18"]`), doc(`["2025-06-18", "2025-11-25"]`, ``), false, false},
		{"the base names no known version: it served the root's, narrowed at head",
			doc(`["2025-06-18", "2025-11-25"]`, `["later"]`), doc(`["2025-06-18", "2025-11-25"]`, `["2025-11-25"]`), false, true},
		{"the head names no known version: it serves the root's (validation reports it), nothing lost",
			doc(`["2025-06-18", "2025-11-25"]`, ``), doc(`["2025-06-18", "2025-11-25"]`, `["later"]`), true, false},
		{"a real narrowing stays one",
			doc(`["2025-06-18", "2025-11-25"]`, ``), doc(`["2025-06-18", "2025-11-25"]`, `["2025-11-25"]`), false, true},
	}
	for _, c := range cases {
		base := source.Parse("d.yaml", []byte(c.base), source.Limits{})
		head := source.Parse("d.yaml", []byte(c.head), source.Limits{})
		if base.Shape != source.ShapeDescription || head.Shape != source.ShapeDescription {
			t.Fatalf("%s: not documents: %v %v", c.name, base.Shape, head.Shape)
		}
		scopeFinding := false
		for _, f := range validate.CheckFile(head, validate.Options{}, nil).Findings {
			scopeFinding = scopeFinding || (f.Rule == validate.RuleDeclScope.ID && strings.HasPrefix(f.Pointer, "/prompts/0/protocolVersions"))
		}
		var judged []string
		lost := false
		for _, f := range diffcheck.CompareDocument(base, head) {
			judged = append(judged, f.Rule+": "+f.Message)
			lost = lost || (f.Rule == diffcheck.RulePromptRemoved.ID && strings.Contains(f.Message, "no longer declared for protocol versions"))
		}
		if scopeFinding != c.headScopeFinding {
			t.Errorf("%s: validation reports the head prompt's protocolVersions: %v, want %v", c.name, scopeFinding, c.headScopeFinding)
		}
		if lost != c.lost {
			t.Errorf("%s: the judge reports lost versions: %v, want %v; findings: %v", c.name, lost, c.lost, judged)
		}
		if !c.lost && slices.ContainsFunc(judged, func(s string) bool { return strings.HasPrefix(s, "compat.document.protocol-version-removed") }) {
			t.Errorf("%s: a root version reported removed: %v", c.name, judged)
		}
	}
}
