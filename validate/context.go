package validate

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// FileContext is what a file-level check sees.
type FileContext struct {
	File *source.File
	Opts Options
	// Versions are the document's effective protocol versions (root declaration or defaults).
	Versions []string
	// Tools are the tool contexts of the file, in order.
	Tools []*ToolContext
	// Schemas compiles and caches schemas for this run.
	Schemas *schema.Engine

	findings   []report.Finding
	incomplete bool
	budget     budget
	// check is the check running now; trace, when set, sees every finding with it.
	check *Check
	trace func(*Check, report.Finding)
	// reached are the component pointers a use site's reference led to.
	reached map[string]bool
	// validated are the schema components a tool schema check validated.
	validated map[string]bool
	// tags is the root tag catalogue, read on first use (rootTags).
	tags *tagCatalogue
	// perRule counts the findings of each rule; folds hold those past
	// FindingsPerRule, in the order their rules first overflowed (fold.go).
	perRule   map[string]int
	folds     map[string]*fold
	foldOrder []string
	// toolNameSet are the names of the file's tools, built on first use (text_sites.go).
	toolNameSet map[string]bool
	// skipTools, when set, are the tools whose tool checks do not run (CheckBase).
	skipTools func(source.Tool) bool
}

// ToolContext is what a tool-level check sees.
type ToolContext struct {
	*FileContext
	Tool source.Tool
	// Versions are the tool's effective protocol versions.
	Versions []string
}

// MarkIncomplete records that the file could not be checked completely.
func (c *FileContext) MarkIncomplete() { c.incomplete = true }

// Report records a finding of rule at ptr, positioned from the file's index.
func (c *FileContext) Report(rule *rules.Rule, ptr string, versions []string, format string, args ...any) {
	c.ReportFinding(report.Finding{Rule: rule.ID, Severity: rule.Severity, Pointer: ptr,
		ProtocolVersions: versions, Message: fmt.Sprintf(format, args...)})
}

// ReportFinding records a prepared finding, filling file and position.
func (c *FileContext) ReportFinding(f report.Finding) {
	f.File = c.File.Path
	if c.File.Root != nil && !source.IsCutPointer(f.Pointer) {
		// A finding about something absent names its nearest present ancestor.
		for f.Pointer != "" {
			if _, ok := source.Resolve(c.File.Root, f.Pointer); ok {
				break
			}
			f.Pointer = source.Parent(f.Pointer)
		}
	}
	if f.Line == 0 {
		pos, _ := c.File.Index.Locate(f.Pointer)
		f.Line, f.Column = pos.Line, pos.Column
	}
	// A finding keeps a bounded pointer and message once positioned: a
	// pointer below a long key, repeated by every finding under it, would
	// otherwise cost far more memory than the file (issue 19 item 8).
	f.Pointer = source.CutPointer(f.Pointer)
	f.Message = source.CutText(f.Message, source.MaxFindingText)
	if f.Incomplete {
		c.incomplete = true
	}
	if c.trace != nil {
		c.trace(c.check, f)
	}
	if c.keep(f) {
		c.findings = append(c.findings, f)
	}
}

// Report records a finding about this tool (see FileContext.Report).
func (c *ToolContext) Report(rule *rules.Rule, ptr string, versions []string, format string, args ...any) {
	c.ReportFinding(report.Finding{Rule: rule.ID, Severity: rule.Severity, Pointer: ptr,
		ProtocolVersions: versions, Message: fmt.Sprintf(format, args...)})
}

// ReportFinding records a prepared finding about this tool.
func (c *ToolContext) ReportFinding(f report.Finding) {
	if f.Tool == "" {
		f.Tool = c.Tool.Label()
	}
	f.ToolPointer = c.Tool.Pointer
	c.FileContext.ReportFinding(f)
}

// Ptr joins tokens to the tool's pointer.
func (c *ToolContext) Ptr(tokens ...string) string { return source.Join(c.Tool.Pointer, tokens...) }

// Has reports whether the tool applies to protocol version v.
func (c *ToolContext) Has(v string) bool { return contains(c.Versions, v) }

// Among returns the tool's effective versions that are also in set, oldest first.
func (c *ToolContext) Among(set []string) []string { return intersect(c.Versions, set) }

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// intersect keeps the elements of a that are in b, in the order of rules.ProtocolVersions.
func intersect(a, b []string) []string {
	var out []string
	for _, v := range rules.ProtocolVersions {
		if contains(a, v) && contains(b, v) {
			out = append(out, v)
		}
	}
	return out
}

// Schema returns the tool's schema under key ("inputSchema" or
// "outputSchema"), the pointer positions refer to, and whether the key is
// present. References to document components are followed: the value and
// pointer are then the component's. A reference that selects nothing
// reports present false (mcpdesc.tool.component-ref reports it).
func (c *ToolContext) Schema(key string) (value any, ptr string, present bool) {
	r := c.SchemaRef(key)
	if r.IsRef && !r.Resolved {
		return nil, r.Pointer, false
	}
	return r.Value, r.Pointer, r.Present
}

// SchemaRef is how a tool schema was found.
type SchemaRef struct {
	// Value is the schema: the component's value when the tool references one.
	Value any
	// Pointer is where Value sits in the file.
	Pointer string
	// Present reports whether the tool has the key.
	Present bool
	// IsRef reports whether the tool's value is a Reference Object.
	IsRef bool
	// Ref is the $componentRef text ("" when it is not a string).
	Ref string
	// RefPointer is the pointer of the $componentRef value.
	RefPointer string
	// Resolved reports whether Ref selects a component.
	Resolved bool
	// Resolution is where following Ref led.
	Resolution source.Resolution
}

// SchemaRef returns the tool's schema under key, following a $componentRef
// to "#/components/schemas/<name>".
func (c *ToolContext) SchemaRef(key string) SchemaRef {
	if c.Tool.Value == nil {
		return SchemaRef{}
	}
	v, ok := c.Tool.Value[key]
	r := SchemaRef{Value: v, Pointer: c.Ptr(key), Present: ok}
	ref, isRef := componentRef(v)
	if !isRef {
		return r
	}
	r.IsRef, r.Ref, r.RefPointer = true, ref, source.Join(r.Pointer, componentRefKey)
	r.Resolution = c.followComponent(ref, "schemas")
	if r.Resolution.Problem == source.RefOK {
		r.Value, r.Pointer, r.Resolved = r.Resolution.Value, r.Resolution.Pointer, true
	}
	return r
}
