package annotate

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestSARIFSecuritySeverity: a rule with a security severity (the text.*
// rules) carries it as the security-severity property with the security
// tag, which GitHub code scanning needs to rank the alert; another rule
// carries neither.
func TestSARIFSecuritySeverity(t *testing.T) {
	t.Parallel()
	set := []*rules.Rule{
		{ID: "text.example", Owner: "text", Level: rules.Must, Severity: rules.Error, Summary: "s", SecuritySeverity: "8.5"},
		{ID: "mcp.example", Owner: "mcp", Level: rules.Must, Severity: rules.Error, Summary: "s"},
	}
	var b bytes.Buffer
	if err := SARIF(&b, &report.Report{}, set); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID         string `json:"id"`
						Properties struct {
							Tags     []string `json:"tags"`
							Security string   `json:"security-severity"`
						} `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		secure := r.ID == "text.example"
		if got := r.Properties.Security; (got == "8.5") != secure || (got != "") == !secure {
			t.Errorf("%s: security-severity %q", r.ID, got)
		}
		if slices.Contains(r.Properties.Tags, "security") != secure {
			t.Errorf("%s: tags %v", r.ID, r.Properties.Tags)
		}
	}
}
