package annotate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestSARIFRulesHaveHelp: every rule of the registry has a helpUri (its
// documentation anchor, built by RuleDocURL) and a help.markdown that
// names the rule's summary and links to the documentation.
func TestSARIFRulesHaveHelp(t *testing.T) {
	var b bytes.Buffer
	if err := SARIF(&b, &report.Report{}, sampleRules.All()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
						Help    struct {
							Text     string `json:"text"`
							Markdown string `json:"markdown"`
						} `json:"help"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rs := log.Runs[0].Tool.Driver.Rules
	if len(rs) != len(sampleRules.All()) {
		t.Fatalf("%d rules in SARIF, %d in the registry", len(rs), len(sampleRules.All()))
	}
	for _, r := range rs {
		if r.HelpURI != RuleDocURL(r.ID) || !strings.HasPrefix(r.HelpURI, "https://") || !strings.HasSuffix(r.HelpURI, "#"+RuleAnchor(r.ID)) {
			t.Errorf("rule %s: helpUri %q, want %q", r.ID, r.HelpURI, RuleDocURL(r.ID))
		}
		reg, _ := sampleRules.Lookup(r.ID)
		if r.Help.Text == "" || !strings.Contains(r.Help.Markdown, reg.Summary) || !strings.Contains(r.Help.Markdown, "]("+RuleDocURL(r.ID)+")") {
			t.Errorf("rule %s: help.markdown %q lacks the summary or the link", r.ID, r.Help.Markdown)
		}
	}
}

// TestSARIFBaseLocationNamesTheBaseRevision: a finding's base position is
// a related location at the base revision (its own uriBaseId, the base
// commit in its properties and message), not a position in the head's
// source root.
func TestSARIFBaseLocationNamesTheBaseRevision(t *testing.T) {
	const sha = "2222222222222222222222222222222222222222"
	rep := &report.Report{Baseline: &report.Baseline{Ref: "main", Mode: "merge-base", Commit: sha, MergeBaseFound: true},
		Findings: []report.Finding{{Rule: "compat.input.required-added", Severity: rules.Error, File: "t.json", Line: 9, Column: 5,
			Tool: "search", Message: `property "q" became required`, Base: &report.Location{File: "t.json", Pointer: "/tools/0/inputSchema", Line: 4, Column: 3}}}}
	rep.Finalize()
	var b bytes.Buffer
	if err := SARIF(&b, rep, sampleRules.All()); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			OriginalURIBaseIDs map[string]struct {
				Description struct{ Text string } `json:"description"`
			} `json:"originalUriBaseIds"`
			Results []struct {
				RelatedLocations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
					Message    struct{ Text string } `json:"message"`
					Properties map[string]string     `json:"properties"`
				} `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	rel := log.Runs[0].Results[0].RelatedLocations
	if len(rel) != 1 {
		t.Fatalf("%d related locations", len(rel))
	}
	r := rel[0]
	if r.PhysicalLocation.ArtifactLocation.URIBaseID != SARIFBaseURIBaseID || r.PhysicalLocation.ArtifactLocation.URI != "t.json" {
		t.Errorf("base location %+v: want t.json under %s, not the head's %%SRCROOT%%", r.PhysicalLocation.ArtifactLocation, SARIFBaseURIBaseID)
	}
	if r.Properties["revision"] != sha || !strings.Contains(r.Message.Text, sha[:12]) {
		t.Errorf("base location properties %v, message %q: want the base revision %s", r.Properties, r.Message.Text, sha)
	}
	if d := log.Runs[0].OriginalURIBaseIDs[SARIFBaseURIBaseID].Description.Text; !strings.Contains(d, sha) {
		t.Errorf("originalUriBaseIds[%s] = %q: want it to name the base revision", SARIFBaseURIBaseID, d)
	}
}
