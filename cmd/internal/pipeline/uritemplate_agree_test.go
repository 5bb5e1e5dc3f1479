package pipeline

import (
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// TestValidateAndDiffcheckAgreeOnURITemplates is the differential test of
// the two uses of a uriTemplate: a head template that validation refuses
// (mcpdesc.resource-template.uri-template) is left to it by the judge,
// which compares only templates validation accepts. Before one template
// type, diffcheck accepted {id:0}, {id:abc}, a%zz and a b, which
// validation rejects, and judged them.
func TestValidateAndDiffcheckAgreeOnURITemplates(t *testing.T) {
	t.Parallel()
	doc := func(tpl string) string {
		return "mcpdesc: 0.8.0\ninfo: {name: x, version: 1.0.0}\nprotocolVersions: [2025-11-25]\n" +
			"transports: [{type: stdio, command: x}]\nresourceTemplates:\n  - {uriTemplate: " + `"` + tpl + `"` + ", name: b}\n"
	}
	base := source.Parse("d.yaml", []byte(doc("x://old/{id}")), source.Limits{})
	for _, tpl := range []string{
		// validation rejects these
		"y://new/{id:0}", "y://new/{id:abc}", "y://new/a%zz", "y://new/a b", "y://new/{", "y://new/{=id}",
		"y://new/{id:10000}", "y://new/{.a.}",
		// and accepts these
		"y://new/{q}", "y://new/{q:3}", "y://new/{+path}", "y://new/a%20b/{q}", "y://new/{q}{?r*}",
	} {
		head := source.Parse("d.yaml", []byte(doc(tpl)), source.Limits{})
		refused := false
		for _, f := range validate.CheckFile(head, validate.Options{}, nil).Findings {
			refused = refused || f.Rule == validate.RuleTemplateSyntax.ID
		}
		judged := false
		for _, f := range diffcheck.CompareDocument(base, head) {
			judged = judged || strings.HasPrefix(f.Rule, "compat.resource-template.")
		}
		if refused == judged {
			t.Errorf("%q: validation refuses it: %v, the judge compares it: %v; the judge must compare exactly the templates validation accepts", tpl, refused, judged)
		}
	}
}
