package annotate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// sarifDoc is the part of a SARIF log GitHub's limits speak of.
type sarifDoc struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID               string    `json:"id"`
					Name             string    `json:"name"`
					ShortDescription sarifText `json:"shortDescription"`
					FullDescription  sarifText `json:"fullDescription"`
					Help             sarifHelp `json:"help"`
					Properties       struct {
						Tags []string `json:"tags"`
					} `json:"properties"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID              string            `json:"ruleId"`
			Message             sarifText         `json:"message"`
			Locations           []sarifLocation   `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
		Invocations []struct {
			Notifications []struct {
				Message sarifText `json:"message"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
	} `json:"runs"`
}

func renderSARIF(t *testing.T, rep *report.Report, root string, extra ...*rules.Rule) sarifDoc {
	t.Helper()
	var b bytes.Buffer
	if err := SARIFIn(&b, rep, append(sampleRules.All(), extra...), root); err != nil {
		t.Fatal(err)
	}
	var doc sarifDoc
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// everyRuleReport has one finding of every registered rule, in one file.
func everyRuleReport() *report.Report {
	rep := &report.Report{Files: []report.FileSummary{{Path: "tools/a.json", Tools: 1, Complete: true}}}
	for i, r := range sampleRules.All() {
		rep.Findings = append(rep.Findings, report.Finding{Rule: r.ID, Severity: r.Severity, File: "tools/a.json", Line: i + 1, Column: 3,
			Tool: "t", Pointer: fmt.Sprintf("/tools/0/x%d", i), Message: r.Summary})
	}
	rep.Finalize()
	return rep
}

// TestSARIFWithinGitHubLimits (issue 27 item 2): every rule of the registry
// and every result stays within the limits GitHub documents for an uploaded
// SARIF file ("SARIF support for code scanning": name 255, shortDescription
// and fullDescription 1,024 characters, help.text required, up to 10
// locations, primaryLocationLineHash the partial fingerprint it reads; the
// upload limits: 25,000 results and rules per run, 20 tags per rule), so an
// upload is never rejected; the long text is kept whole in help.
func TestSARIFWithinGitHubLimits(t *testing.T) {
	// This package links few rules: a long one of its own shows the cut
	// (cmd/internal/app's TestSARIFUploadAcceptedWhole holds the registry).
	long := &rules.Rule{ID: "zz.long.doc", Summary: "a rule with a long text", Severity: rules.Warning,
		Doc: strings.Repeat("A sentence of the rule's long text, with 𝒳 in it. ", 40), Fix: "fix it"}
	doc := renderSARIF(t, everyRuleReport(), t.TempDir(), long)
	if len(doc.Runs) != 1 {
		t.Fatalf("%d runs", len(doc.Runs))
	}
	run := doc.Runs[0]
	if n := len(run.Tool.Driver.Rules); n != len(sampleRules.All())+1 || n > SARIFMaxRules {
		t.Fatalf("%d rules, want every one of %d (at most %d)", n, len(sampleRules.All())+1, SARIFMaxRules)
	}
	ids := map[string]bool{}
	cut := 0
	for _, r := range run.Tool.Driver.Rules {
		ids[r.ID] = true
		reg, ok := sampleRules.Lookup(r.ID)
		if !ok {
			reg = long
		}
		for what, n := range map[string]int{"name": textLen(r.Name) * SARIFMaxDescription / SARIFMaxRuleName,
			"shortDescription.text": textLen(r.ShortDescription.Text), "fullDescription.text": textLen(r.FullDescription.Text)} {
			if n > SARIFMaxDescription {
				t.Errorf("rule %s: %s is %d characters, over GitHub's limit", r.ID, what, n)
			}
		}
		if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" {
			t.Errorf("rule %s: an empty required text (short %q, full %q, help %q)", r.ID, r.ShortDescription.Text, r.FullDescription.Text, r.Help.Text)
		}
		if len(r.Properties.Tags) > SARIFMaxTags {
			t.Errorf("rule %s: %d tags", r.ID, len(r.Properties.Tags))
		}
		if reg.Doc != "" && (!strings.Contains(r.Help.Markdown, reg.Doc) || !strings.Contains(r.Help.Text, reg.Doc)) {
			t.Errorf("rule %s: the help does not hold the whole description", r.ID)
		}
		if strings.HasSuffix(r.FullDescription.Text, fitSuffix) {
			cut++
			if !strings.HasPrefix(reg.Doc, strings.TrimSuffix(r.FullDescription.Text, fitSuffix)) {
				t.Errorf("rule %s: the cut description is not the start of the doc: %q", r.ID, r.FullDescription.Text)
			}
		}
	}
	if cut == 0 {
		t.Errorf("the long rule's description was not cut")
	}
	if len(run.Results) != len(sampleRules.All()) || len(run.Results) > SARIFMaxResults {
		t.Fatalf("%d results for %d findings", len(run.Results), len(sampleRules.All()))
	}
	for _, res := range run.Results {
		if !ids[res.RuleID] || res.Message.Text == "" {
			t.Errorf("result of %q: unknown rule or empty message %q", res.RuleID, res.Message.Text)
		}
		if n := len(res.Locations); n < 1 || n > SARIFMaxLocations {
			t.Errorf("result of %s: %d locations", res.RuleID, n)
		}
		if res.PartialFingerprints[LineHashKey] == "" {
			t.Errorf("result of %s: no %s", res.RuleID, LineHashKey)
		}
	}
}

// TestSARIFLineHashIsUploadSARIFs: a result's primaryLocationLineHash is
// the one upload-sarif computes from its line in the workspace (so it
// keeps ours without a warning); a file absent from the workspace, or one
// reached through a link that leaves it, gets the finding's fingerprint.
func TestSARIFLineHashIsUploadSARIFs(t *testing.T) {
	dir := t.TempDir()
	content := "{\n  \"tools\": [\n    {\"name\": \"a\"}\n  ]\n}\n"
	if err := os.MkdirAll(filepath.Join(dir, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tools", "a.json"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.json")
	if err := os.WriteFile(outside, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "tools", "link.json")); err != nil {
		t.Fatal(err)
	}
	rep := &report.Report{Findings: []report.Finding{
		{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "tools/a.json", Line: 3, Column: 5, Message: "x"},
		{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "tools/a.json", Line: 0, Message: "whole file"},
		{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "tools/gone.json", Line: 2, Column: 1, Message: "y"},
		{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "tools/link.json", Line: 2, Column: 1, Message: "z"},
	}}
	rep.Finalize()
	want := LineHashes([]byte(content))
	got := map[string]string{}
	for _, r := range renderSARIF(t, rep, dir).Runs[0].Results {
		got[r.Message.Text] = r.PartialFingerprints[LineHashKey]
	}
	if got["x"] != want[2] || got["whole file"] != want[0] {
		t.Errorf("line hashes %q, want line 3's %q and line 1's %q", got, want[2], want[0])
	}
	for _, m := range []string{"y", "z"} {
		if h := got[m]; h == "" || h == want[1] {
			t.Errorf("finding %q: line hash %q, want the fingerprint's", m, h)
		}
	}
}

// TestSARIFKeepsToTheResultLimit: past 25,000 results (lowered here) the
// lowest severities are left out and a notification counts them; the
// errors are all kept.
func TestSARIFKeepsToTheResultLimit(t *testing.T) {
	old := sarifMaxResults
	sarifMaxResults = 5
	defer func() { sarifMaxResults = old }()
	rep := &report.Report{}
	for i := 0; i < 4; i++ {
		rep.Findings = append(rep.Findings,
			report.Finding{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "a.json", Line: i + 1, Column: 1, Message: fmt.Sprint("notice ", i)},
			report.Finding{Rule: "json-schema.tool-schema.valid", Severity: rules.Error, File: "a.json", Line: i + 1, Column: 2, Message: fmt.Sprint("error ", i)})
	}
	rep.Finalize()
	run := renderSARIF(t, rep, "").Runs[0]
	errs := 0
	for _, r := range run.Results {
		if strings.HasPrefix(r.Message.Text, "error") {
			errs++
		}
	}
	if len(run.Results) != 5 || errs != 4 {
		t.Fatalf("%d results, %d errors: want 5 with every error", len(run.Results), errs)
	}
	if len(run.Invocations) != 1 || !strings.Contains(run.Invocations[0].Notifications[0].Message.Text, "3 findings of 8 are not in this file") {
		t.Errorf("notifications %+v: want one saying 3 of 8 were left out", run.Invocations)
	}
}
