package service

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/annotate"
	"github.com/mcpschema/mcpschema/diffcheck"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/testsupport/fixture"
	"github.com/mcpschema/mcpschema/validate"
)

// fixtureFindings runs every validation and diff fixture and returns the
// findings, the shapes of message the registry's rules produce.
func fixtureFindings(t *testing.T) []report.Finding {
	t.Helper()
	var out []report.Finding
	vcases, err := fixture.Load("../../../validate/testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range vcases {
		var files []*source.File
		for _, name := range c.Order {
			if !strings.HasPrefix(name, ".") {
				files = append(files, source.Parse(name, c.Files[name], source.Limits{}))
			}
		}
		out = append(out, validateFiles(files, validate.Options{DefaultVersions: c.Versions, Workers: 1}).Findings...)
	}
	dcases, err := fixture.Load("../../../diffcheck/testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range dcases {
		var base, head []*source.File
		for _, f := range c.Section("base") {
			base = append(base, source.Parse(f.Name, f.Data, source.Limits{}))
		}
		for _, f := range c.Section("head") {
			head = append(head, source.Parse(f.Name, f.Data, source.Limits{}))
		}
		out = append(out, diffcheck.Compare(base, head, diffcheck.Options{Aliases: c.Aliases})...)
	}
	if len(out) < 100 {
		t.Fatalf("only %d findings from the fixtures", len(out))
	}
	return out
}

// TestToolMessageNamesToolOnce: over every finding the validation and diff
// fixtures produce, the message ToolMessage shows names the finding's tool
// exactly once: the message's own mention of it (`tool "x"`, `tool name
// "x"`, `the tool "x"`, ...) or the "x: " prefix, never both.
func TestToolMessageNamesToolOnce(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, f := range fixtureFindings(t) {
		if f.Tool == "" {
			continue
		}
		got := annotate.ToolMessage(f)
		q := strconv.Quote(f.Tool)
		prefixed := strings.HasPrefix(got, f.Tool+": ") && got != f.Message
		n := strings.Count(got, q)
		if prefixed {
			n++
		}
		if n != 1 && !seen[f.Rule] {
			seen[f.Rule] = true
			t.Errorf("%s: tool %q named %d times in %q", f.Rule, f.Tool, n, got)
		}
	}
}
