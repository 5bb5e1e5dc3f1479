package annotate

import (
	"bytes"
	"strings"
	"testing"
)

// TestFormatTable checks that the one table feeds the names, the help and
// the error text, and that every format renders.
func TestFormatTable(t *testing.T) {
	if len(Formats) != len(FormatTable) {
		t.Fatalf("Formats %v and FormatTable disagree", Formats)
	}
	err := Render(&bytes.Buffer{}, "xml", cleanReport(), sampleRules)
	help := FormatHelp()
	for i, f := range FormatTable {
		if f.Name == "" || f.Doc == "" || f.Render == nil || Formats[i] != f.Name {
			t.Errorf("format %d %q: needs a name, a doc line and a renderer", i, f.Name)
		}
		if err == nil || !strings.Contains(err.Error(), f.Name) || !strings.Contains(FormatChoices(), f.Name) {
			t.Errorf("%s: not named by the error %v or the choices %q", f.Name, err, FormatChoices())
		}
		if !strings.Contains(help, f.Name) || !strings.Contains(help, f.Doc) {
			t.Errorf("%s: not in the help %q", f.Name, help)
		}
		if g, ok := LookupFormat(f.Name); !ok || g.Name != f.Name {
			t.Errorf("%s: LookupFormat fails", f.Name)
		}
		var b bytes.Buffer
		if err := Render(&b, f.Name, sampleReport(), sampleRules); err != nil || b.Len() == 0 {
			t.Errorf("%s: %v, %d bytes", f.Name, err, b.Len())
		}
	}
	if got := FormatChoices(); got != "text, json, github, sarif or markdown" {
		t.Errorf("choices %q", got)
	}
}
