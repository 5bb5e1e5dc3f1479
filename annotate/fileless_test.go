package annotate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// filelessReport has a run-level finding (no file: a command-line pattern
// that matches nothing) beside a located one.
func filelessReport() *report.Report {
	rep := &report.Report{
		Files: []report.FileSummary{{Path: "tools/a.json", Tools: 1, Complete: true}},
		Findings: []report.Finding{
			{Rule: "mcpschema.files.pattern-unmatched", Severity: rules.Warning,
				Message: `pattern "tols/*.json" matches no file: fix or remove it`, Fingerprint: "fp-pattern"},
			{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "tools/a.json", Pointer: "/tools/0/name",
				Line: 2, Column: 11, Message: `name "a b" has characters outside [A-Za-z0-9_.-]`, Tool: "a b", ToolPointer: "/tools/0"},
		},
	}
	rep.Finalize()
	return rep
}

// TestSARIFFilelessFinding: a finding without a file is not a result with
// an empty artifact URI (code scanning rejects results without a location);
// it is a tool execution notification of the run's invocation, tied to its
// rule, and every result left has a non-empty URI.
func TestSARIFFilelessFinding(t *testing.T) {
	var sb bytes.Buffer
	all := append(sampleRules.All(), &rules.Rule{ID: "mcpschema.files.pattern-unmatched", Severity: rules.Warning, Summary: "every file pattern matches a file"})
	if err := SARIF(&sb, filelessReport(), all); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sb.String(), `"uri": ""`) {
		t.Errorf("an empty artifact URI:\n%s", sb.String())
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
				}
			}
			Invocations []struct {
				ExecutionSuccessful        *bool
				ToolExecutionNotifications []struct {
					Level          string
					Message        struct{ Text string }
					AssociatedRule struct {
						ID    string
						Index *int
					}
					Properties map[string]any
				}
			}
		}
	}
	if err := json.Unmarshal(sb.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 1 || run.Results[0].RuleID != "mcpschema.tool.name-style" {
		t.Fatalf("results %+v: want only the located finding", run.Results)
	}
	for _, r := range run.Results {
		if len(r.Locations) == 0 || r.Locations[0].PhysicalLocation.ArtifactLocation.URI == "" {
			t.Errorf("result %s without a URI", r.RuleID)
		}
	}
	if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful == nil || len(run.Invocations[0].ToolExecutionNotifications) != 1 {
		t.Fatalf("invocations %+v: want one with executionSuccessful and one notification", run.Invocations)
	}
	n := run.Invocations[0].ToolExecutionNotifications[0]
	if n.Level != "warning" || !strings.Contains(n.Message.Text, `"tols/*.json"`) || n.AssociatedRule.ID != "mcpschema.files.pattern-unmatched" ||
		n.AssociatedRule.Index == nil || all[*n.AssociatedRule.Index].ID != n.AssociatedRule.ID || n.Properties["fingerprint"] != "fp-pattern" {
		t.Errorf("notification %+v", n)
	}
	// Without fileless findings there is no invocation to report.
	sb.Reset()
	if err := SARIF(&sb, sampleReport(), all); err != nil || strings.Contains(sb.String(), "invocations") || strings.Contains(sb.String(), `"uri": ""`) {
		t.Errorf("sample report: %v\n%s", err, sb.String())
	}
}

// TestGitHubAndMarkdownFilelessFinding: the workflow command of a fileless
// finding names no file (an empty file= would annotate nothing), and the
// summary still lists it.
func TestGitHubAndMarkdownFilelessFinding(t *testing.T) {
	rep := filelessReport()
	var b bytes.Buffer
	if err := RenderGitHub(&b, rep, sampleRules); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, "::") && (strings.Contains(line, "file=,") || strings.Contains(line, "file=::")) {
			t.Errorf("annotation with an empty file: %q", line)
		}
	}
	if !strings.Contains(b.String(), "::warning title=") {
		t.Errorf("the fileless finding is not annotated at the run level:\n%s", b.String())
	}
	md := Markdown(rep, SummaryOptions{})
	if !strings.Contains(md, "#### (run) (1)") || !strings.Contains(md, "`mcpschema.files.pattern-unmatched`") {
		t.Errorf("summary does not list the fileless finding:\n%s", md)
	}
}
