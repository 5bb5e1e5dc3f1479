package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// RuleBaseNotComparable reports a file that holds tools at the head but
// held no tool definitions at the base revision.
var RuleBaseNotComparable = compatRule{
	ID: "compat.file.base-not-comparable", Level: rules.Should, Severity: rules.Notice,
	Title:   "base held no tools",
	Summary: "a tool file held tool definitions at the base revision too",
	Doc:     "A file that holds tools at the head but, at the base revision, was read without holding any tool definitions (its format changed: another structure, a configuration file, text) gives nothing to compare with. Its head tools are not reported as added, one by one, as if the file were new: that would hide that the comparison found nothing at the base. A notice says so instead; tools that moved into the file from another base file are still paired and compared.",
	Fix:     "nothing to fix; review the file's tools by hand, and point the patterns at tool files only if the base file was never one",
}.rule()

// toolShapes are the shapes whose files hold tool definitions.
var toolShapes = map[source.Shape]bool{
	source.ShapeDescription: true, source.ShapeListResult: true, source.ShapeJSONRPC: true,
	source.ShapeArray: true, source.ShapeTool: true,
}

// NotComparable reports whether base, the file at the base revision of the
// path of head, was read but held no tool definitions while head holds
// tools: the file's format changed and nothing at the base compares.
func NotComparable(base, head *source.File) bool {
	return base != nil && head != nil && !base.Fatal() && !toolShapes[base.Shape] &&
		!head.Fatal() && len(head.Tools) > 0
}

// baseNotComparable reports that base, the file at the base revision of
// head's path, held no tool definitions (see NotComparable).
func (c *comparer) baseNotComparable(b, h *source.File) {
	c.add(draft{rule: RuleBaseNotComparable, at: loc{file: h, ptr: ""}, base: &loc{file: b, ptr: ""}, before: b.Path,
		msg: fmt.Sprintf("file %q held no tool definitions at the base revision (its format changed): nothing there was comparable, so none of its tools is reported as added; review them by hand", b.Path)})
}

// dropAdded returns findings without the "tool added" findings of the
// files at paths.
func dropAdded(findings []report.Finding, paths map[string]bool) []report.Finding {
	out := make([]report.Finding, 0, len(findings))
	for _, f := range findings {
		if f.Rule == RuleToolAdded.ID && paths[f.File] {
			continue
		}
		out = append(out, f)
	}
	return out
}
