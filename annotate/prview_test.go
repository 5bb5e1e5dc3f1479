package annotate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/golden"
)

const (
	headSHA = "1111111111111111111111111111111111111111"
	baseSHA = "2222222222222222222222222222222222222222"
)

func testLinks() *Links {
	return &Links{Server: "https://github.com", Repo: "acme/tools", Head: headSHA, Base: baseSHA, CheckRun: "https://github.com/acme/tools/runs/42"}
}

// TestMarkdownLinks: every position links to its line at the head commit,
// base locations to the base commit; the header names the head commit and
// links to the check run. Odd file names are escaped in the URL.
func TestMarkdownLinks(t *testing.T) {
	md := Markdown(sampleReport(), SummaryOptions{Gate: report.DefaultGate, Failed: true, Links: testLinks()})
	for _, want := range []string{
		"[`tools/a.json:12:9`](https://github.com/acme/tools/blob/" + headSHA + "/tools/a.json#L12)",
		"base: [`tools/a.json:10:19 (/tools/0/inputSchema/required)`](https://github.com/acme/tools/blob/" + baseSHA + "/tools/a.json#L10)",
		"- [`20:20`](https://github.com/acme/tools/blob/" + headSHA + "/tools/a.json#L20) warning: ",
		"(https://github.com/acme/tools/blob/" + headSHA + "/tools/b%20w%2Ceird:name.yaml#L4)",
		"Describes [`111111111111`](https://github.com/acme/tools/commit/" + headSHA + "), compared with [`222222222222`](https://github.com/acme/tools/commit/" + baseSHA + ") · [check run](https://github.com/acme/tools/runs/42)",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("summary lacks %q:\n%s", want, md)
		}
	}
	// Without links, positions are plain code and there is no "Describes" line.
	plain := Markdown(sampleReport(), SummaryOptions{Gate: report.DefaultGate})
	if strings.Contains(plain, "](") || strings.Contains(plain, "Describes") {
		t.Errorf("links without Links:\n%s", plain)
	}
	// A hostile file name cannot end the link destination.
	if got := testLinks().blob(headSHA, "a (b)/c d<x>.json", 3); got != "https://github.com/acme/tools/blob/"+headSHA+"/a%20%28b%29/c%20d%3Cx%3E.json#L3" {
		t.Errorf("blob = %q", got)
	}
}

// TestMarkdownSaysItOnce: the tool's name once per line, the witness once
// per finding, breaking changes first and grouped by tool, notices and the
// counts table collapsed.
func TestMarkdownSaysItOnce(t *testing.T) {
	rep := &report.Report{Files: []report.FileSummary{{Path: "t.json", Tools: 3, Complete: true}}, Findings: []report.Finding{
		{Rule: "compat.tool.removed", Severity: rules.Error, File: "t.json", Line: 2, Column: 5, Tool: "delete_comment",
			Message: `tool "delete_comment" was removed (was at t.json:7:5): callers that name it break`, Base: &report.Location{File: "t.json", Line: 7, Column: 5}},
		{Rule: "compat.input.required-added", Severity: rules.Error, File: "t.json", Line: 9, Column: 5, Tool: "search",
			Message: `property "q" became required: for example {} is accepted at base and rejected at head`, Witness: map[string]any{}},
		{Rule: "compat.input.required-added", Severity: rules.Error, File: "t.json", Line: 3, Column: 5, Tool: "search",
			Message: `property "r" became required`, Witness: map[string]any{"s": 1}},
		{Rule: "mcp.tool.schema.native-shape", Severity: rules.Warning, File: "t.json", Line: 1, Column: 1, Tool: "fetch",
			Message: `tool "fetch" has a root that is not an object`},
		{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "t.json", Line: 4, Column: 1, Tool: "fetch", Message: "name style"},
	}}
	rep.Finalize()
	md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate, Failed: true})
	for _, bad := range []string{"tool `delete_comment`: tool", "witness: `{}`", "| `fetch` | tool \"fetch\"", "(was at"} {
		if strings.Contains(md, bad) {
			t.Errorf("summary says it twice (%q):\n%s", bad, md)
		}
	}
	order := []string{"### Breaking changes (3)", "#### tool `delete_comment`", "#### tool `search`", "`t.json:3:5`", "witness: `{\"s\":1}`", "`t.json:9:5`",
		"### Other findings (1)", "<details><summary>Notices (1)</summary>", "name style", "</details>", "<details><summary>Files and tools (1 file)</summary>", "</details>"}
	at := 0
	for _, w := range order {
		i := strings.Index(md[at:], w)
		if i < 0 {
			t.Fatalf("summary lacks %q after byte %d:\n%s", w, at, md)
		}
		at += i + len(w)
	}
	if strings.Count(md, "#### tool `search`") != 1 {
		t.Errorf("tool search has more than one section:\n%s", md)
	}
}

// TestMarkdownCutClosesDetails: a summary cut inside a collapsed section
// still closes it, so the cut note shows.
func TestMarkdownCutClosesDetails(t *testing.T) {
	rep := &report.Report{}
	for i := 0; i < 400; i++ {
		rep.Findings = append(rep.Findings, report.Finding{Rule: "mcpschema.tool.name-style", Severity: rules.Notice, File: "t.json",
			Line: i + 1, Column: 1, Tool: fmt.Sprintf("t%d", i), Message: strings.Repeat("long notice ", 10)})
	}
	rep.Finalize()
	md := Markdown(rep, SummaryOptions{Gate: report.DefaultGate, Limit: 8000})
	if strings.Count(md, "<details>") != strings.Count(md, "</details>") || !strings.Contains(md, "This summary is cut") {
		t.Errorf("unbalanced details or no cut note:\n%s", md[len(md)-800:])
	}
	if len(md) > 8000 {
		t.Errorf("%d bytes, over 8000", len(md))
	}
}

// prviewReport200 is a pull request's report with 200 findings: breaking
// changes in several tools (one the same change in many tools), errors,
// warnings and notices over three files.
func prviewReport200() *report.Report {
	rep := &report.Report{Baseline: &report.Baseline{Ref: baseSHA, Mode: "merge-base", Commit: baseSHA, MergeBaseFound: true}}
	files := []string{"servers/github/tools.json", "servers/fs/tools.json", "servers/search/tools.yaml"}
	for i, f := range files {
		rep.Files = append(rep.Files, report.FileSummary{Path: f, Tools: 20 + i, Complete: true})
	}
	for i := 0; i < 200; i++ {
		file := files[i%3]
		tool := fmt.Sprintf("tool_%02d", i%17)
		f := report.Finding{File: file, Line: 3 + i, Column: 7, Tool: tool, ToolPointer: fmt.Sprintf("/tools/%d", i%17),
			Pointer: fmt.Sprintf("/tools/%d/inputSchema/properties/p%d", i%17, i)}
		switch {
		case i < 12:
			f.Rule, f.Severity = "compat.input.required-added", rules.Error
			f.Message = fmt.Sprintf(`property "p%d" became required: calls that omit it are rejected; make it optional with a server-side default; for example {} is accepted at base and rejected at head`, i)
			f.Witness = map[string]any{}
			f.Base = &report.Location{File: file, Pointer: f.ToolPointer + "/inputSchema", Line: 2 + i, Column: 7}
		case i < 16:
			f.Rule, f.Severity = "compat.tool.removed", rules.Error
			f.Message = fmt.Sprintf(`tool %q was removed: callers of it fail; keep it, or deprecate it first`, tool)
			f.Pointer = f.ToolPointer
			f.Base = &report.Location{File: file, Pointer: f.ToolPointer, Line: 2 + i, Column: 5}
		case i < 60:
			f.Rule, f.Severity = "json-schema.tool-schema.valid", rules.Error
			f.Message = fmt.Sprintf(`"type" must be one of "array", "boolean", "integer", "null", "number", "object", "string", got "str" at "/properties/p%d/type"`, i)
		case i < 150:
			f.Rule, f.Severity = "mcp.tool.schema.native-shape", rules.Warning
			f.Message = `root is not "type": "object": add "type": "object"`
		default:
			f.Rule, f.Severity = "mcpschema.tool.name-style", rules.Notice
			f.Message = fmt.Sprintf(`tool %q: name has characters outside [A-Za-z0-9_.-]`, tool)
		}
		rep.Findings = append(rep.Findings, f)
	}
	rep.Finalize()
	return rep
}

// prviewReportSkip is a report whose breaking change a skip label turned
// into a notice, with ignored findings (listed) and an expired ignore.
func prviewReportSkip() *report.Report {
	rep := &report.Report{
		Files: []report.FileSummary{{Path: "tools.json", Tools: 4, Complete: true}},
		Findings: []report.Finding{
			{Rule: "compat.input.required-added", Severity: rules.Notice, File: "tools.json", Line: 14, Column: 9, Tool: "search", ToolPointer: "/tools/1",
				Pointer: "/tools/1/inputSchema/required/0", Witness: map[string]any{},
				Message: `property "q" became required: calls that omit it are rejected; for example {} is accepted at base and rejected at head (breaking, allowed for this pull request by the label "mcp-breaking-ok")`,
				Base:    &report.Location{File: "tools.json", Pointer: "/tools/1/inputSchema", Line: 12, Column: 22}},
			{Rule: "mcpschema.config.ignore-expired", Severity: rules.Warning, File: ".mcpschema.yaml", Line: 6, Column: 5,
				Message: `ignore of "mcp.tool.name.format" for tool "bad*" expired on 2020-01-01 (reason given: "renamed soon") and no longer applies; fix the findings and remove it, or move expires`},
		},
		Notes: []string{`pull request #7 has the label "mcp-breaking-ok": 1 breaking change is a notice, not an error, for this pull request (anyone with triage, write, maintain or admin access to the repository can add or remove it)`},
		Ignores: &report.Ignores{Config: ".mcpschema.yaml", Count: 3, Expired: 1, Findings: []report.Finding{
			{Rule: "mcp.tool.input-schema.required", Severity: rules.Error, File: "tools.json", Line: 20, Column: 5, Tool: "x", Message: `tool "x" has no "inputSchema"`},
			{Rule: "mcp.tool.schema.native-shape", Severity: rules.Warning, File: "tools.json", Line: 30, Column: 22, Tool: "y", Message: `root is not "type": "object"`},
			{Rule: "mcp.tool.schema.native-shape", Severity: rules.Warning, File: "tools.json", Line: 40, Column: 22, Tool: "z", Message: `root is not "type": "object"`},
		}},
	}
	rep.Finalize()
	return rep
}

// TestPRViewGolden keeps the job summary and the pull request comment of
// two pull requests: one with 200 findings, one with ignores and a skip label.
func TestPRViewGolden(t *testing.T) {
	marker := `<!-- mcpschema comment workflow="ci" job="lint" check="mcpschema" -->`
	for name, c := range map[string]struct {
		rep    *report.Report
		failed bool
	}{"200": {prviewReport200(), true}, "skiplabel": {prviewReportSkip(), false}} {
		lk := testLinks()
		summary := Markdown(c.rep, SummaryOptions{Gate: report.DefaultGate, Failed: c.failed, Limit: StepSummaryLimit, Links: lk,
			Elsewhere: "the log and the JSON report (output \"report\") list every finding"})
		comment := Markdown(c.rep, SummaryOptions{Gate: report.DefaultGate, Failed: c.failed, Limit: CommentLimit - 100, Links: lk, Marker: marker,
			Elsewhere: "the check run and the job summary list every finding"})
		golden.Check(t, "prview-"+name+".summary.md", []byte(summary))
		golden.Check(t, "prview-"+name+".comment.md", []byte(comment))
		if strings.Count(summary, "<details>") != strings.Count(summary, "</details>") {
			t.Errorf("%s: unbalanced <details>", name)
		}
	}
}

// TestWitnessOnceInTextAndAnnotations: the text output and the workflow
// annotations leave out a witness the message already shows.
func TestWitnessOnceInTextAndAnnotations(t *testing.T) {
	shown := report.Finding{Rule: "compat.input.required-added", Severity: rules.Error, File: "t.json", Line: 2, Column: 3, Tool: "s",
		Message: `property "q" became required: for example {"a":1} is accepted at base and rejected at head`, Witness: map[string]any{"a": 1}}
	other := shown
	other.Line, other.Message = 5, `property "r" became required`
	rep := &report.Report{Findings: []report.Finding{shown, other}}
	rep.Finalize()
	for _, format := range []string{"text", "github"} {
		var b strings.Builder
		if err := Render(&b, format, rep, sampleRules); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(b.String(), "witness: "); n != 1 {
			t.Errorf("%s: %d witness lines, want 1 (the finding whose message lacks it):\n%s", format, n, b.String())
		}
	}
}
