package pipeline

import (
	"strings"
	"sync"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/validate"
)

// existingKey identifies a validation finding across revisions: the tool
// (by name, so a tool moved to another file is the same tool) or, for a
// finding about no tool, the file; the rule; and the pointer inside the
// tool (or the file).
type existingKey struct {
	tool, file, rule, ptr string
	// text is the message of a rule keyed by it (validate.TextKeyedByMessage:
	// a risky-text finding is pre-existing only when it quotes the same text).
	text string
}

func keyOf(f report.Finding) existingKey {
	k := existingKey{file: f.File, rule: f.Rule, ptr: f.Pointer}
	if f.Tool != "" {
		k = existingKey{tool: f.Tool, rule: f.Rule, ptr: strings.TrimPrefix(f.Pointer, f.ToolPointer)}
	}
	if validate.TextKeyedByMessage(f.Rule) {
		k.text, k.ptr = f.Message, validate.TextPointerKey(k.ptr)
	}
	return k
}

// existing collects the validation findings of the base, path by path,
// to mark the head's findings the base already has (report.Finding.PreExisting).
// A path whose bytes did not change has all its findings pre-existing by
// construction, without validating its base; a changed path's base is
// validated only when its head has findings; a base that holds a tool
// named in a head finding still unmatched afterwards (a tool moved to
// another file) is validated then.
type existing struct {
	mu   sync.Mutex
	keys map[existingKey]bool
	// done: the paths whose base was validated; names: the tool names of
	// every changed path's base, by path index.
	done  map[int]bool
	names map[string][]int
	// reused are, by path index, the head tool pointers whose base tool is
	// the head's own value (validate.CheckBase): their tool checks'
	// findings are the base's.
	reused map[int]map[string]bool
}

func newExisting() *existing {
	return &existing{keys: map[existingKey]bool{}, done: map[int]bool{}, names: map[string][]int{}, reused: map[int]map[string]bool{}}
}

// baseReusing records the findings of the base of path i and the head
// tools whose findings the base shares (validate.CheckBase).
func (e *existing) baseReusing(i int, findings []report.Finding, reused map[string]bool) {
	e.base(i, findings)
	if len(reused) > 0 {
		e.mu.Lock()
		e.reused[i] = reused
		e.mu.Unlock()
	}
}

// base records the findings of the base of path i.
func (e *existing) base(i int, findings []report.Finding) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.done[i] = true
	for _, f := range findings {
		e.keys[keyOf(f)] = true
	}
}

// toolNames records the names of the tools of the base of path i.
func (e *existing) toolNames(i int, f *source.File) {
	if f == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, t := range f.Tools {
		if t.HasName {
			e.names[t.Name] = append(e.names[t.Name], i)
		}
	}
}

// mark sets PreExisting on the findings of r (the head of path seq) the
// base has.
func (e *existing) mark(seq int, r *validate.Result) {
	if !r.Summary.Complete {
		return
	}
	reused := e.reused[seq]
	for i, f := range r.Findings {
		if f.Incomplete || unseenText(f) {
			continue
		}
		if e.keys[keyOf(f)] || reused[f.ToolPointer] && f.ToolPointer != "" && validate.ToolCheckRule(f.Rule) {
			r.Findings[i].PreExisting = true
		}
	}
}

// unseenText reports a folded risky-text finding: the text it counts is
// not quoted, so the base cannot be shown to have it.
func unseenText(f report.Finding) bool {
	return f.Folded > 0 && validate.TextKeyedByMessage(f.Rule)
}

// markAll marks every finding of r pre-existing (a file whose bytes did
// not change). A file not checked in full (a bound, the time budget) and a
// finding that says a check could not be completed are never pre-existing:
// what could not be seen cannot be waived.
func markAll(r *validate.Result) {
	if !r.Summary.Complete {
		return
	}
	for i, f := range r.Findings {
		if !f.Incomplete {
			r.Findings[i].PreExisting = true
		}
	}
}

// moved returns the paths not yet validated whose base holds a tool named
// by a finding not marked.
func (e *existing) moved(findings []report.Finding) []int {
	want := map[int]bool{}
	var out []int
	for _, f := range findings {
		if f.PreExisting || f.Tool == "" {
			continue
		}
		for _, i := range e.names[f.Tool] {
			if !e.done[i] && !want[i] {
				want[i] = true
				out = append(out, i)
			}
		}
	}
	return out
}
