package app

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/cmd/internal/service"
)

// TestRulesClientsView: `mcpschema rules --clients` lists every profile
// with its constraints, sources and dates, within 100 columns; --format
// json gives every field; one profile by id; an unknown one is refused.
func TestRulesClientsView(t *testing.T) {
	t.Parallel()
	code, out, _ := runMain(t, t.TempDir(), "rules", "--clients")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, p := range service.ClientProfiles() {
		for _, c := range p.Constraints {
			if !strings.Contains(out, c.Rule.ID) || !strings.Contains(out, c.Sources[0].Ref) {
				t.Errorf("listing lacks %s or its source %s", c.Rule.ID, c.Sources[0].Ref)
			}
		}
	}
	for _, want := range []string{"anthropic: Claude, checked by default", "gemini: the Gemini API, checked only when named", "checked:  2026-12-03, against:"} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q", want)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > helpWidth {
			t.Errorf("line over %d columns: %q", helpWidth, l)
		}
	}
	code, out, _ = runMain(t, t.TempDir(), "rules", "--clients", "--format", "json", "vscode")
	var profiles []struct {
		ID          string `json:"id"`
		Default     bool   `json:"default"`
		Constraints []struct {
			Rule, Consequence, Observed string
			Sources                     []struct{ Ref, Date, Shows string }
		} `json:"constraints"`
	}
	if err := json.Unmarshal([]byte(out), &profiles); err != nil || code != ExitOK {
		t.Fatalf("json: exit %d, %v: %s", code, err, out)
	}
	if len(profiles) != 1 || profiles[0].ID != "vscode" || !profiles[0].Default || len(profiles[0].Constraints) != 2 ||
		profiles[0].Constraints[0].Sources[0].Date == "" {
		t.Errorf("json: %+v", profiles)
	}
	code, _, errOut := runMain(t, t.TempDir(), "rules", "--clients", "cursr")
	if code != ExitUsage || !strings.Contains(errOut, `unknown client "cursr": did you mean "cursor"?`) {
		t.Errorf("unknown profile: exit %d, %q", code, errOut)
	}
}
