package service

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

// manyToolFiles writes files tool files of tools tools each under tools/.
func manyToolFiles(t *testing.T, dir string, files, tools int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	for f := range files {
		var b strings.Builder
		b.WriteString(`{"tools": [`)
		for i := range tools {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"name": "t%d_%d", "description": "d", "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "pattern": "^[a-z]+$"}}, "required": ["q"]}}`, f, i)
		}
		b.WriteString("]}\n")
		if err := os.WriteFile(filepath.Join(dir, "tools", fmt.Sprintf("f%04d.json", f)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const goodTool = `{"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"], "additionalProperties": false}}`

// diffBombDoc is patternBombDoc's shape: ten tools with sixty ^(a+)+$
// properties; with examples, each example value backtracks until the regex
// timeout. required adds property_00 to every tool's required list.
func diffBombDoc(examples, required bool) string {
	var b strings.Builder
	b.WriteString(`{"mcpdesc": "0.8.0", "info": {"name": "bomb", "version": "1.0.0"}, "protocolVersions": ["2026-07-28"], "tools": [`)
	for t := 0; t < 10; t++ {
		if t > 0 {
			b.WriteString(",")
		}
		var props, input []string
		for p := 0; p < 60; p++ {
			props = append(props, fmt.Sprintf(`"property_%02d": {"type": "string", "pattern": "^(a+)+$"}`, p))
			input = append(input, fmt.Sprintf(`"property_%02d": "%s!"`, p, strings.Repeat("a", 44)))
		}
		req := ""
		if required {
			req = `, "required": ["property_00"]`
		}
		ex := ""
		if examples {
			ex = fmt.Sprintf(",\n \"examples\": {\"e\": {\"input\": {%s}, \"result\": {\"resultType\": \"complete\", \"content\": []}}}", strings.Join(input, ", "))
		}
		fmt.Fprintf(&b, "\n{\"name\": \"t%d\", \"inputSchema\": {\"type\": \"object\", \"properties\": {%s}%s}%s}", t, strings.Join(props, ", "), req, ex)
	}
	b.WriteString("]}\n")
	return b.String()
}

// The exit codes check returns for a run's outcome.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

// checkRun runs the service as check does on patterns in dir and returns
// the exit code check would return (2 for a usage error), the report and
// the error's text.
func checkRun(t *testing.T, dir string, patterns ...string) (int, report.Report, string) {
	t.Helper()
	return checkOpts(t, RunOptions{Dir: dir, Patterns: patterns})
}

// checkOpts is checkRun with the run's options.
func checkOpts(t *testing.T, o RunOptions) (int, report.Report, string) {
	t.Helper()
	res, err := Run(context.Background(), o)
	if err != nil {
		return exitUsage, report.Report{}, err.Error()
	}
	if res.Failed() {
		return exitFindings, *res.Report, ""
	}
	return exitOK, *res.Report, ""
}
