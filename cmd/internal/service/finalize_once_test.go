package service

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// TestFinishFinalizesBeforeIgnoring: the report the pipeline returns is
// not finalized (its judge findings come unsorted, possibly twice); finish
// finalizes it once, and the config's ignores apply to the deduplicated
// findings, so an ignored finding counts once and is listed fingerprinted.
func TestFinishFinalizesBeforeIgnoring(t *testing.T) {
	t.Parallel()
	f := report.Finding{Rule: "compat.input.type-narrowed", Severity: rules.Error, File: "a.json", Pointer: "/tools/0/inputSchema", Line: 2, Column: 3, Tool: "x", ToolPointer: "/tools/0", Message: "m"}
	g := f
	g.Line, g.Message = 1, "n"
	rep := &report.Report{Files: []report.FileSummary{{Path: "a.json", Tools: 1, Complete: true}}, Findings: []report.Finding{f, g, f}}
	cfg := &Config{Path: ".mcpschema.yaml", Ignores: []Ignore{{Rule: "compat.*", Tool: "x", Reason: "r"}}}
	res := finish(rep, cfg, report.DefaultGate, time.Now(), nil)
	ig := res.Report.Ignores
	if ig == nil || ig.Count != 2 || len(ig.Findings) != 2 {
		t.Fatalf("ignores: %+v, want the 2 distinct findings counted once each", ig)
	}
	if ig.Findings[0].Line != 1 || ig.Findings[0].Fingerprint == "" || ig.Findings[1].Fingerprint == "" {
		t.Errorf("ignored findings not sorted and fingerprinted: %+v", ig.Findings)
	}
	if res.Failed() || res.Report.Summary.Errors != 0 || len(res.Report.Findings) != 0 {
		t.Errorf("after ignores: failed %v, %+v", res.Failed(), res.Report.Summary)
	}
}

// TestOneFinalize: production code outside internal/report finalizes a
// run's report in one place (finish); the pipeline and validate.Assemble
// leave it to the caller, and setIgnores and the skip label no longer
// finalize again.
func TestOneFinalize(t *testing.T) {
	t.Parallel()
	var calls []string
	root := filepath.Join("..", "..", "..")
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == filepath.Join(root, "internal", "report") {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Finalize" || sel.Sel.Name == "FinalizeWith") {
					calls = append(calls, fset.Position(call.Pos()).String())
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) != 1 || !strings.Contains(calls[0], filepath.Join("cmd", "internal", "service", "run.go")) {
		t.Errorf("report finalized at %v, want once, in finish (cmd/internal/service/run.go)", calls)
	}
}
