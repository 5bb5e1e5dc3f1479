package validate

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// CheckBase validates base, the base revision of a file whose head was
// checked (headFindings), for the findings the base already has. A base
// tool that is the very object of a head tool (source.ParseLike reuses
// the head's decoded value for an identical entry) is not checked again
// when nothing else a tool check reads differs (the shape, which is a
// tool list, never a document with components and tags; the protocol
// versions; the server; the file's tool names): its tool checks find what
// they found at the head. Reused are the head's pointers of those tools:
// a head finding of a tool check (ToolCheckRule) on one of them is the
// base's too. Without such a tool (or when the head folded findings,
// whose counts depend on every tool) the whole base is checked.
func CheckBase(base, head *source.File, headFindings []report.Finding, opts Options, eng *schema.Engine) (findings []report.Finding, reused map[string]bool) {
	shared := sharedTools(base, head, headFindings, opts)
	if len(shared) == 0 {
		return CheckFile(base, opts, eng).Findings, nil
	}
	skip := func(t source.Tool) bool { _, ok := shared[valueID(t)]; return ok }
	r := checkFileSkipping(base, opts, eng, nil, toolChecks, fileChecks, skip)
	reused = make(map[string]bool, len(shared))
	for _, ptr := range shared {
		reused[ptr] = true
	}
	return r.Findings, reused
}

// sharedTools maps each tool value base and head share to its head
// pointer, when the tools' checks see the same around them (see CheckBase).
func sharedTools(base, head *source.File, headFindings []report.Finding, opts Options) map[unsafe.Pointer]string {
	if base == nil || head == nil || base.Fatal() || head.Fatal() || base.Shape != head.Shape {
		return nil
	}
	switch head.Shape {
	case source.ShapeListResult, source.ShapeJSONRPC, source.ShapeArray:
	default:
		return nil
	}
	for _, f := range headFindings {
		if f.Folded > 0 {
			return nil
		}
	}
	opts = opts.withDefaults()
	if !slices.Equal(fileVersions(base, opts), fileVersions(head, opts)) || serverOf(base) != serverOf(head) || !sameNames(base, head) {
		return nil
	}
	values := make(map[unsafe.Pointer]string, len(head.Tools))
	for _, t := range head.Tools {
		if id := valueID(t); id != nil {
			values[id] = t.Pointer
		}
	}
	shared := map[unsafe.Pointer]string{}
	for _, t := range base.Tools {
		if id := valueID(t); id != nil {
			if ptr, ok := values[id]; ok {
				shared[id] = ptr
			}
		}
	}
	return shared
}

// valueID is the identity of a tool's decoded object (nil: none).
func valueID(t source.Tool) unsafe.Pointer {
	if t.Value == nil {
		return nil
	}
	return reflect.ValueOf(t.Value).UnsafePointer()
}

// sameNames reports whether a and b name the same tools (in any order).
func sameNames(a, b *source.File) bool {
	names := func(f *source.File) []string {
		var out []string
		for _, t := range f.Tools {
			if t.HasName {
				out = append(out, t.Name)
			}
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(names(a), names(b))
}

// ToolCheckRule reports whether a tool check owns rule id (no file check
// does, nor anything outside the checks): a finding of it with a tool
// pointer follows from that tool and what CheckBase compares. A file check
// that shares such a rule (a document's own text and deprecations)
// reports it at no tool (FileContext.Report).
func ToolCheckRule(id string) bool {
	toolRulesOnce.Do(func() {
		toolRules = map[string]bool{}
		for _, c := range toolChecks {
			for _, r := range c.Rules {
				toolRules[r.ID] = true
			}
		}
		others := func(rs []*rules.Rule) {
			for _, r := range rs {
				delete(toolRules, r.ID)
			}
		}
		for _, c := range fileChecks {
			others(c.Rules)
		}
		for r := range EmittedElsewhere {
			delete(toolRules, r.ID)
		}
	})
	return toolRules[id]
}

var (
	toolRulesOnce sync.Once
	toolRules     map[string]bool
)
