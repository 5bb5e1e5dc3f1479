package ghsink

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/testsupport/ghfake"
)

const (
	token   = "ghs_TESTTOKENdoNotPrint123"
	roToken = "ghs_READONLYtokenDoNotPrint456"
)

// harness is a fake API, a client on it with an instant recorded sleep, and the log.
type harness struct {
	srv    *ghfake.Server
	client *Client
	log    bytes.Buffer
	sleeps []time.Duration
}

func newHarness(t *testing.T, tok string) *harness {
	t.Helper()
	h := &harness{srv: ghfake.New(token)}
	h.srv.ReadOnlyToken = roToken
	t.Cleanup(h.srv.Close)
	c, err := New(Options{APIURL: h.srv.URL, Token: tok, Log: &h.log, Sleep: func(_ context.Context, d time.Duration) error {
		h.sleeps = append(h.sleeps, d)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	h.client = c
	return h
}

// noToken fails the test if the token shows up in any of the texts.
func noToken(t *testing.T, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if strings.Contains(s, token) || strings.Contains(s, roToken) {
			t.Fatalf("the token appears in output: %q", s)
		}
	}
}

// findingsReport has n findings over two files, every severity, some breaking.
func findingsReport(n int) *report.Report {
	rep := &report.Report{Files: []report.FileSummary{{Path: "tools/a.json", Tools: 3, Complete: true}, {Path: "tools/b.yaml", Tools: 2, Complete: true}}}
	for i := 0; i < n; i++ {
		f := report.Finding{File: "tools/a.json", Line: i + 2, Column: 5, Tool: fmt.Sprintf("tool%d", i%3),
			Pointer: fmt.Sprintf("/tools/%d/inputSchema/properties/p%d", i%3, i), Message: fmt.Sprintf("finding %d: property \"p%d\" is odd", i, i)}
		switch i % 4 {
		case 0:
			f.Rule, f.Severity = "compat.input.required-added", rules.Error
			f.Base = &report.Location{File: "tools/a.json", Pointer: f.Pointer, Line: i + 1, Column: 5}
			f.Witness = map[string]any{"p": i}
		case 1:
			f.Rule, f.Severity = "json-schema.tool-schema.valid", rules.Error
		case 2:
			f.Rule, f.Severity, f.File = "mcp.tool.schema.native-shape", rules.Warning, "tools/b.yaml"
		default:
			f.Rule, f.Severity, f.File = "mcpschema.tool.name-style", rules.Notice, "tools/b.yaml"
		}
		rep.Findings = append(rep.Findings, f)
	}
	rep.Finalize()
	return rep
}

func fixedNow() time.Time { return time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) }

func publish(h *harness, rep *report.Report) (*CheckRunResult, error) {
	return h.client.PublishCheckRun(context.Background(), CheckRun{Owner: "acme", Repo: "tools", HeadSHA: "abc123", Rules: testRules,
		Name: "mcpschema", Report: rep, Gate: report.DefaultGate, Failed: report.DefaultGate.Fails(rep), Now: fixedNow})
}

// requestsText lists the requests for golden files.
func requestsText(reqs []ghfake.Request) string {
	var b strings.Builder
	for _, r := range reqs {
		fmt.Fprintf(&b, "%s %s -> %d", r.Method, r.Path, r.Status)
		if r.Annotations > 0 {
			fmt.Fprintf(&b, " annotations=%d", r.Annotations)
		}
		b.WriteString("\n")
	}
	return b.String()
}
