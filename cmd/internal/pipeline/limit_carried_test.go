package pipeline

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// TestBoundFindingsCarryTheirLimit: every bound that stops a check sets
// its config key on the finding it produces (report.Finding.Limit), the key
// its message tells the user to raise, in the reader (internal/source), the
// schema engine (internal/schema), validate's time budget, the pipeline's
// run budget and the judge's unreadable base. The config change note reads
// the field (cmd/internal/service boundKey); before, it parsed the message.
func TestBoundFindingsCarryTheirLimit(t *testing.T) {
	t.Parallel()
	deep := strings.Repeat("[", 20) + strings.Repeat("]", 20)
	tool := func(schema string) string {
		return `{"tools": [{"name": "a", "inputSchema": ` + schema + `}]}`
	}
	nested := `{"type": "object"}`
	for i := 0; i < 12; i++ {
		nested = `{"type": "object", "properties": {"p": ` + nested + `}}`
	}
	check := func(name string, f *source.File, l validate.Limits) []report.Finding {
		return validate.CheckFile(f, validate.Options{Limits: l}, nil).Findings
	}
	cases := []struct {
		name     string
		findings func() []report.Finding
		want     limits.Key
	}{
		{"bytes", func() []report.Finding {
			return check("b", source.TooLarge("a.json", nil, 10), validate.Limits{})
		}, limits.MaxFileBytes},
		{"json depth", func() []report.Finding {
			l := validate.Limits{Limits: source.Limits{MaxDepth: 5}}
			return check("d", source.Parse("a.json", []byte(deep), l.Limits), l)
		}, limits.MaxFileDepth},
		{"yaml depth", func() []report.Finding {
			l := validate.Limits{Limits: source.Limits{MaxDepth: 5}}
			return check("d", source.Parse("a.yaml", []byte(deep), l.Limits), l)
		}, limits.MaxFileDepth},
		{"json values", func() []report.Finding {
			l := validate.Limits{Limits: source.Limits{MaxValues: 5}}
			return check("v", source.Parse("a.json", []byte(`[1,2,3,4,5,6,7,8]`), l.Limits), l)
		}, limits.MaxFileValues},
		{"yaml values", func() []report.Finding {
			l := validate.Limits{Limits: source.Limits{MaxValues: 5}}
			return check("v", source.Parse("a.yaml", []byte("[1,2,3,4,5,6,7,8]"), l.Limits), l)
		}, limits.MaxFileValues},
		{"tools", func() []report.Finding {
			l := validate.Limits{Limits: source.Limits{MaxTools: 1}}
			return check("t", source.Parse("a.json", []byte(`{"tools": [{"name": "a"}, {"name": "b"}]}`), l.Limits), l)
		}, limits.MaxFileTools},
		{"schema depth", func() []report.Finding {
			l := validate.Limits{}
			l.Schema.MaxDepth = 4
			return check("s", source.Parse("a.json", []byte(tool(nested)), l.Limits), l)
		}, limits.MaxSchemaDepth},
		{"subschemas", func() []report.Finding {
			l := validate.Limits{}
			l.Schema.MaxSubschemas = 4
			return check("s", source.Parse("a.json", []byte(tool(nested)), l.Limits), l)
		}, limits.MaxSubschemas},
		{"file budget", func() []report.Finding {
			l := validate.Limits{FileTimeout: time.Nanosecond}
			return check("f", source.Parse("a.json", []byte(tool(nested)), l.Limits), l)
		}, limits.FileTimeout},
		{"run budget", func() []report.Finding {
			return diffCutShort("a.json", validate.Options{Deadline: time.Now().Add(-time.Second), Limits: validate.Limits{RunTimeout: time.Second}})
		}, limits.RunTimeout},
		{"base unreadable", func() []report.Finding {
			lim := source.Limits{MaxTools: 1}
			base := source.Parse("a.json", []byte(`{"tools": [{"name": "a"}, {"name": "b"}]}`), lim)
			head := source.Parse("a.json", []byte(`{"tools": [{"name": "a"}]}`), source.Limits{})
			return diffcheck.Compare([]*source.File{base}, []*source.File{head}, diffcheck.Options{})
		}, limits.MaxFileTools},
	}
	for _, c := range cases {
		var bound []report.Finding
		for _, f := range c.findings() {
			if f.Limit != "" || strings.Contains(f.Message, "limits.") {
				bound = append(bound, f)
			}
		}
		if len(bound) == 0 {
			t.Errorf("%s: no bound finding", c.name)
			continue
		}
		for _, f := range bound {
			if f.Limit != c.want || !strings.Contains(f.Message, c.want.Config()) {
				t.Errorf("%s: %s finding carries limit %q, want %q (named in its message): %s", c.name, f.Rule, f.Limit, c.want, f.Message)
			}
		}
	}
}
