package validate

import (
	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// Result is what checking one file produced.
type Result struct {
	Summary  report.FileSummary
	Findings []report.Finding
	// toolFile reports whether the file may hold tools: its shape is a
	// tool shape, or it could not be read (see AssembleWith).
	toolFile bool
	// names are the file's named tools, for the names across files (see AssembleWith).
	names []toolName
}

// CheckFile runs every check on one loaded file.
func CheckFile(f *source.File, opts Options, eng *schema.Engine) Result {
	return checkFile(f, opts, eng, nil, toolChecks, fileChecks)
}

// checkFile is CheckFile with the checks to run and an optional trace called
// for every finding with the check that reported it (nil outside checks).
func checkFile(f *source.File, opts Options, eng *schema.Engine, trace func(*Check, report.Finding), tools, files []*Check) Result {
	return checkFileSkipping(f, opts, eng, trace, tools, files, nil)
}

// checkFileSkipping is checkFile without the tool checks of the tools
// skip reports (nil: none skipped).
func checkFileSkipping(f *source.File, opts Options, eng *schema.Engine, trace func(*Check, report.Finding), tools, files []*Check, skip func(source.Tool) bool) Result {
	opts = opts.withDefaults()
	if eng == nil {
		eng = schema.NewEngine(opts.Limits.Schema)
	}
	fc := &FileContext{File: f, Opts: opts, Schemas: eng, trace: trace, skipTools: skip}
	fc.startBudget()
	reportSourceProblems(fc)
	if !f.Fatal() {
		fc.Versions = fileVersions(f, opts)
		for _, t := range f.Tools {
			tc := &ToolContext{FileContext: fc, Tool: t, Versions: effectiveVersions(t, fc.Versions)}
			fc.Tools = append(fc.Tools, tc)
		}
		runChecks(fc, tools, files)
		fc.reportBudget()
	}
	fc.foldedFindings()
	complete := !fc.incomplete && !f.Fatal()
	return Result{
		Summary:  report.FileSummary{Path: f.Path, Tools: len(f.Tools), Complete: complete},
		Findings: fc.findings,
		toolFile: holdsToolShape(f),
		names:    toolNames(fc, !opts.DeferToolSums),
	}
}

// fileVersions are the file's effective protocol versions: its root
// declaration, or opts' defaults.
func fileVersions(f *source.File, opts Options) []string {
	vs := mcpdesc.Known(f.DeclaredVersions)
	if !f.VersionsDeclared || len(vs) == 0 {
		vs = append([]string(nil), opts.DefaultVersions...)
	}
	return vs
}

// effectiveVersions is the tool's own protocolVersions when declared,
// otherwise the document's.
func effectiveVersions(t source.Tool, doc []string) []string {
	if t.VersionsDeclared {
		if own := mcpdesc.Known(t.DeclaredVersions); len(own) > 0 {
			return own
		}
	}
	return doc
}
