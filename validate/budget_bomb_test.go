package validate

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// patternBomb is issue 10 item 6's file: an MCP Description document with
// tools tools, each with props string properties of pattern ^(a+)+$ and an
// example whose every input value makes that pattern backtrack until the
// regex timeout stops it.
func patternBomb(tools, props int) []byte {
	var b strings.Builder
	b.WriteString(`{"mcpdesc": "0.8.0", "info": {"name": "bomb", "version": "1.0.0"}, "protocolVersions": ["2026-07-28"], "tools": [`)
	for t := 0; t < tools; t++ {
		if t > 0 {
			b.WriteString(",")
		}
		var schemaProps, input []string
		for p := 0; p < props; p++ {
			schemaProps = append(schemaProps, fmt.Sprintf(`"property_%02d": {"type": "string", "pattern": "^(a+)+$"}`, p))
			input = append(input, fmt.Sprintf(`"property_%02d": "%s!"`, p, strings.Repeat("a", 44)))
		}
		fmt.Fprintf(&b, "\n{\"name\": \"t%d\", \"inputSchema\": {\"type\": \"object\", \"properties\": {%s}},\n \"examples\": {\"e\": {\"input\": {%s}, \"result\": {\"resultType\": \"complete\", \"content\": []}}}}",
			t, strings.Join(schemaProps, ", "), strings.Join(input, ", "))
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}

// TestRunFileTimeBudget reproduces issue 10 item 6: ten tools with sixty
// ^(a+)+$ properties and an example each (74 KB) took 50 s, every example
// using the whole 5 s schema timeout, and passed with warnings. The file's
// time budget now stops the work; the tools left are named in an error and
// the file is not complete. (Timing is measured by hand, not asserted.)
func TestRunFileTimeBudget(t *testing.T) {
	data := patternBomb(10, 60)
	start := time.Now()
	rep := Run([]*source.File{source.Parse("bomb.json", data, source.Limits{})},
		Options{Limits: Limits{FileTimeout: 2 * time.Second}})
	t.Logf("%d bytes checked in %s", len(data), time.Since(start).Round(time.Millisecond))
	var budget []report.Finding
	for _, f := range rep.Findings {
		if f.Rule == RuleTimeBudget.ID {
			budget = append(budget, f)
		}
	}
	if len(budget) != 1 {
		t.Fatalf("%d time-budget findings, want 1: %+v", len(budget), rep.Findings)
	}
	f := budget[0]
	if f.Severity != rules.Error || !strings.Contains(f.Message, "the file's time budget of 2s (limits.file-timeout) ran out") ||
		!strings.Contains(f.Message, `"t9"`) || !strings.Contains(f.Message, "of 10 tools were not fully checked") {
		t.Errorf("finding %+v", f)
	}
	if rep.Files[0].Complete || rep.Summary.Complete {
		t.Errorf("file listed as complete: %+v", rep.Files)
	}
	if !report.DefaultGate.Fails(rep) {
		t.Error("the run does not fail under fail-on: error")
	}
}

// TestRunTimeBudgetAcrossFiles: the run's budget binds every file; files
// checked after it is spent are each reported, naming limits.run-timeout.
func TestRunTimeBudgetAcrossFiles(t *testing.T) {
	var files []*source.File
	for i := 0; i < 3; i++ {
		files = append(files, source.Parse(fmt.Sprintf("bomb%d.json", i), patternBomb(2, 20), source.Limits{}))
	}
	rep := Run(files, Options{Workers: 1, Limits: Limits{RunTimeout: time.Second}})
	seen := map[string]bool{}
	for _, f := range rep.Findings {
		if f.Rule == RuleTimeBudget.ID {
			seen[f.File] = true
			if !strings.Contains(f.Message, "the run's time budget of 1s (limits.run-timeout) ran out") {
				t.Errorf("%s: %s", f.File, f.Message)
			}
		}
	}
	if len(seen) != 3 {
		t.Errorf("files reported: %v, want all three", seen)
	}
	for _, fs := range rep.Files {
		if fs.Complete {
			t.Errorf("%s listed as complete", fs.Path)
		}
	}
}
