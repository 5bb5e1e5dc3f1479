package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/cmd/internal/ruleset"
)

// TestSARIFUploadAcceptedWhole (issue 27 item 2): `check --format sarif`
// with a base lists every registered rule and every result within the
// limits GitHub documents for code scanning ("SARIF support for code
// scanning": shortDescription and fullDescription.text 1,024 characters,
// name 255, help.text required, up to 10 locations per result; the upload
// limits: 25,000 rules and results per run, 20 tags per rule), and each
// result carries the primaryLocationLineHash upload-sarif computes for its
// line (annotate.LineHashes), so upload-sarif keeps it without a warning and
// a direct API upload does not duplicate alerts.
func TestSARIFUploadAcceptedWhole(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	actGit(t, repo, "init", "-q", "-b", "main")
	actCommit(t, repo, "base", map[string]string{"tools/github.json": exampleBase})
	actCommit(t, repo, "head", map[string]string{"tools/github.json": exampleHead})
	code, out, errOut := runMain(t, repo, "check", "--format", "sarif", "--base", "HEAD~1", "tools/*.json")
	if code != ExitFindings {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID               string                          `json:"id"`
						Name             string                          `json:"name"`
						ShortDescription struct{ Text string }           `json:"shortDescription"`
						FullDescription  struct{ Text string }           `json:"fullDescription"`
						Help             struct{ Text, Markdown string } `json:"help"`
						Properties       struct {
							Tags []string `json:"tags"`
						} `json:"properties"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string                `json:"ruleId"`
				Message   struct{ Text string } `json:"message"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }     `json:"artifactLocation"`
						Region           *struct{ StartLine int } `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs", len(log.Runs))
	}
	run := log.Runs[0]
	if n := len(run.Tool.Driver.Rules); n != len(ruleset.All().All()) || n > annotate.SARIFMaxRules {
		t.Fatalf("%d rules in the driver, the registry has %d", n, len(ruleset.All().All()))
	}
	utf16Len := func(s string) int {
		n := 0
		for _, r := range s {
			n++
			if r >= 0x10000 {
				n++
			}
		}
		return n
	}
	longest, cut := 0, 0
	for _, r := range run.Tool.Driver.Rules {
		reg, _ := ruleset.All().Lookup(r.ID)
		if n := utf16Len(r.FullDescription.Text); n > annotate.SARIFMaxDescription || r.FullDescription.Text == "" {
			t.Errorf("rule %s: fullDescription.text of %d characters (limit %d)", r.ID, n, annotate.SARIFMaxDescription)
		} else if n > longest {
			longest = n
		}
		if n := utf16Len(r.ShortDescription.Text); n > annotate.SARIFMaxDescription || n == 0 {
			t.Errorf("rule %s: shortDescription.text of %d characters", r.ID, n)
		}
		if utf16Len(r.Name) > annotate.SARIFMaxRuleName || r.Help.Text == "" || len(r.Properties.Tags) > annotate.SARIFMaxTags {
			t.Errorf("rule %s: name %q, help.text %q, %d tags", r.ID, r.Name, r.Help.Text, len(r.Properties.Tags))
		}
		if r.FullDescription.Text != reg.Doc && reg.Doc != "" {
			cut++
			if !strings.Contains(r.Help.Markdown, reg.Doc) {
				t.Errorf("rule %s: the cut description is not whole in help.markdown", r.ID)
			}
		}
	}
	t.Logf("%d rules: %d descriptions cut (the help holds them whole), the longest fullDescription now %d characters", len(run.Tool.Driver.Rules), cut, longest)
	if len(run.Results) == 0 || len(run.Results) > annotate.SARIFMaxResults {
		t.Fatalf("%d results", len(run.Results))
	}
	content, err := os.ReadFile(filepath.Join(repo, "tools", "github.json"))
	if err != nil {
		t.Fatal(err)
	}
	hashes := annotate.LineHashes(content)
	for _, res := range run.Results {
		if n := len(res.Locations); n < 1 || n > annotate.SARIFMaxLocations || res.Message.Text == "" {
			t.Fatalf("result of %s: %d locations, message %q", res.RuleID, n, res.Message.Text)
		}
		loc := res.Locations[0].PhysicalLocation
		line := 1
		if loc.Region != nil {
			line = loc.Region.StartLine
		}
		if loc.ArtifactLocation.URI != "tools/github.json" || line > len(hashes) {
			t.Fatalf("result of %s at %s:%d", res.RuleID, loc.ArtifactLocation.URI, line)
		}
		if got := res.PartialFingerprints[annotate.LineHashKey]; got != hashes[line-1] {
			t.Errorf("result of %s at line %d: %s %q, upload-sarif computes %q", res.RuleID, line, annotate.LineHashKey, got, hashes[line-1])
		}
	}
}
