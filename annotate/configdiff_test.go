package annotate

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

// configChangeReport is a report whose config change hides n findings,
// reclassifies one and changes two settings.
func configChangeReport(n int) *report.Report {
	rep := &report.Report{Files: []report.FileSummary{{Path: "tools/t.json", Tools: 2, Complete: true}}}
	rep.ConfigChange = &report.ConfigChange{File: ".mcpschema.yaml", From: "abc1234",
		Settings:     []report.SettingChange{{Key: "ignore", To: `[{"reason":"trust me","rule":"*"}]`}, {Key: "limits.max-file-tools", From: "3", To: "1000"}},
		Reclassified: []report.Reclassified{{Finding: report.Finding{Rule: "compat.tool.removed", Severity: rules.Error, File: "tools/t.json", Line: 1, Column: 2, Tool: "gone", Message: `tool "gone" was removed`}, To: rules.Warning}},
		Paired:       []report.Finding{{Rule: "compat.tool.removed", Severity: rules.Error, File: "tools/t.json", Line: 1, Column: 3, Tool: "old", Message: `tool "old" was removed`}},
		Unknown:      []string{"2 more files would be read after merge; their findings are not known here"},
	}
	for i := 0; i < n; i++ {
		f := report.Finding{Rule: "compat.input.required-added", Severity: rules.Error, File: "tools/t.json", Line: i + 2, Column: 5,
			Tool: "x`y|z", Message: fmt.Sprintf("property \"p%d\" was added as required", i)}
		rep.Findings = append(rep.Findings, f)
		rep.ConfigChange.Hidden = append(rep.ConfigChange.Hidden, f)
	}
	rep.Finalize()
	return rep
}

func TestConfigChangeMarkdown(t *testing.T) {
	md := Markdown(configChangeReport(3), SummaryOptions{Gate: report.DefaultGate, Failed: true})
	golden.Check(t, "configchange.summary.md", []byte(md))
	if i, j := strings.Index(md, "### Config change (applies after merge)"), strings.Index(md, "### Breaking changes"); i < 0 || j < i {
		t.Errorf("the config change does not come before the findings:\n%s", md)
	}

	// Long lists are bounded: the JSON report has them all.
	md = Markdown(configChangeReport(configChangeListMax+5), SummaryOptions{Gate: report.DefaultGate, Failed: true})
	if !strings.Contains(md, "It would hide (20):") || !strings.Contains(md, "- … and 5 more (the JSON report lists them all under `configChange`)") {
		t.Errorf("long list not bounded:\n%s", md)
	}
	// Under a small limit only the counts are shown.
	md = Markdown(configChangeReport(configChangeListMax+5), SummaryOptions{Gate: report.DefaultGate, Failed: true, Limit: 3000})
	if !strings.Contains(md, "It would hide (20):\n\n- … and 20 more") || strings.Contains(md, "- setting") || len(md) > 3000 {
		t.Errorf("small limit (%d bytes):\n%s", len(md), md)
	}
}

func TestConfigChangeText(t *testing.T) {
	var b bytes.Buffer
	if err := RenderText(&b, configChangeReport(1)); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "configchange.txt", b.Bytes())
	rep := configChangeReport(0)
	rep.ConfigChange = &report.ConfigChange{File: ".mcpschema.yaml", From: "main", Added: true, Invalid: "bad\nyaml"}
	b.Reset()
	RenderText(&b, rep)
	if !strings.Contains(b.String(), `config change: config ".mcpschema.yaml" is new (none at the trusted revision: the defaults applied): the config at "main" applied to this run; the change applies after merge`) ||
		!strings.Contains(b.String(), "    invalid, not used: bad\n    ") {
		t.Errorf("text:\n%s", b.String())
	}
}
