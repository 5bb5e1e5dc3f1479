package diffcheck

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/deprecation"
	"github.com/mcpschema/mcpschema/internal/limits"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// loc is a place in one file.
type loc struct {
	file *source.File
	ptr  string
}

func (l loc) location() *report.Location {
	pos, _ := l.file.Index.Locate(l.ptr)
	return &report.Location{File: l.file.Path, Pointer: l.ptr, Line: pos.Line, Column: pos.Column}
}

func (l loc) text() string {
	b := l.location()
	return fmt.Sprintf("%s:%d:%d", b.File, b.Line, b.Column)
}

// draft is a finding before positions and fingerprint are filled.
type draft struct {
	rule     *rules.Rule
	severity rules.Severity
	tool     *toolRef // the tool the finding is about (head when it exists)
	at       loc      // head position (or base position for a deleted file)
	base     *loc
	removed  bool // at is the nearest surviving ancestor of the base location
	msg      string
	before   any
	after    any
	witness  any
	// incomplete: the change could not be judged, so the report is not complete.
	incomplete bool
	// limit is the configured bound that kept the change from being judged.
	limit limits.Key
}

// add turns a draft into a finding.
func (c *comparer) add(d draft) {
	sev := d.severity
	if sev == 0 {
		sev = d.rule.Severity
	}
	pos, _ := d.at.file.Index.Locate(d.at.ptr)
	f := report.Finding{Rule: d.rule.ID, Severity: sev, File: d.at.file.Path, Pointer: d.at.ptr,
		Line: pos.Line, Column: pos.Column, Witness: d.witness, Incomplete: d.incomplete, Limit: d.limit}
	msg := d.msg
	if d.base != nil {
		f.Base = d.base.location()
		if d.removed {
			msg = withBase(msg, d.base.text())
		}
	}
	if d.tool != nil {
		f.Tool = d.tool.name()
		f.ToolPointer = d.tool.tool.Pointer
	}
	f.Message = msg
	rel := d.at.ptr
	if d.tool != nil && d.tool.tool.Pointer != "" && strings.HasPrefix(rel, d.tool.tool.Pointer) {
		rel = strings.TrimPrefix(rel, d.tool.tool.Pointer)
	}
	f.Fingerprint = report.Fingerprint(d.rule.ID, f.Tool, rel, canonical(d.before), canonical(d.after))
	c.findings = append(c.findings, f)
}

// withBase puts "(was at file:line:col)" after the first clause of msg.
func withBase(msg, where string) string {
	note := " (was at " + where + ")"
	if i := strings.Index(msg, ": "); i >= 0 {
		return msg[:i] + note + msg[i:]
	}
	if i := strings.Index(msg, "; "); i >= 0 {
		return msg[:i] + note + msg[i:]
	}
	return msg + note
}

// The tool-level rules: a tool removed, renamed or added, and a base file
// that cannot be read (baseUnreadable, toolRemoved, toolAdded, toolRenamed).
var (
	RuleToolRemoved = compatRule{
		ID: "compat.tool.removed", Level: rules.Must, Severity: rules.Error,
		Title:   "tool removed",
		Summary: "a tool present at the base revision is still present",
		Doc:     "Callers, agent configurations and cached tool lists name tools; removing one breaks every caller that names it. A tool moved to another file is not removed. A tool whose whole file was deleted is reported at the base file.",
		Fix:     "keep the tool, or deprecate it first and remove it in a later release" + aliasFix,
	}.rule()

	RuleToolRenamed = compatRule{
		ID: "compat.tool.renamed", Level: rules.Must, Severity: rules.Error,
		Title:   "tool renamed",
		Summary: "a tool keeps its name",
		Doc:     "A tool removed while another with an equivalent inputSchema appears is reported once as a rename, as are pairs named by `aliases` in .mcpschema.yaml (head name: base name). Callers that name the old tool break; the pair is then compared like any other.",
		Fix:     "keep the old name as an alias the server still answers to, or accept the rename" + aliasFix,
	}.rule()

	RuleToolAdded = compatRule{
		ID: "compat.tool.added", Level: rules.May, Severity: rules.Notice,
		Title:   "tool added",
		Summary: "a tool was added",
		Doc:     "A new tool breaks nobody; it is listed so reviewers see the surface grow.",
		Fix:     "nothing to fix",
	}.rule()

	RuleBaseUnreadable = compatRule{
		ID: "compat.file.base-unreadable", Level: rules.Must, Severity: rules.Warning,
		Title:   "base file unreadable",
		Summary: "a tool file at the base revision can be read",
		Doc:     "A file that does not parse (or exceeds a bound) at the base revision cannot be compared; its tools are neither reported as removed nor the head tools of the same file as added, because that would be a guess.",
		Fix:     "nothing to fix in the head; the comparison for this file is incomplete",
	}.rule()
)

func (c *comparer) baseUnreadable(f *source.File) {
	reason, limit := "it does not parse", limits.Key("")
	for _, p := range f.Problems {
		if p.Fatal {
			reason, limit = p.Message, p.Limit
			break
		}
	}
	at := loc{file: f, ptr: ""}
	if h, ok := c.headByPath[f.Path]; ok {
		at = loc{file: h, ptr: ""}
	}
	c.add(draft{rule: RuleBaseUnreadable, at: at, base: &loc{file: f, ptr: ""}, before: f.Path, incomplete: true, limit: limit,
		msg: fmt.Sprintf("file %q cannot be read at the base revision (%s): its tools were not compared; nothing to fix in the head, review its changes by hand", f.Path, reason)})
}

func (c *comparer) toolRemoved(t *toolRef) {
	base := loc{file: t.file, ptr: t.tool.Pointer}
	// a tool deprecated at the base is removed by the rules after its sunset
	dep := toolDeprecation(t)
	if h, ok := c.headByPath[t.file.Path]; ok && !h.Fatal() {
		// At the list that held it, never on a tool that survives.
		c.add(draft{rule: RuleToolRemoved, tool: t, at: loc{file: h, ptr: h.ToolsPointer}, base: &base, removed: true, before: t.name(),
			msg: fmt.Sprintf("tool %q was removed: callers that name it break; keep it, or deprecate it first and remove it in a later release", t.name())})
		c.lastRemovedDeprecated(dep, t)
		return
	}
	c.add(draft{rule: RuleToolRemoved, tool: t, at: base, base: &base, before: t.name(),
		msg: fmt.Sprintf("tool %q was removed with its file %q: callers that name it break; keep it, or deprecate it first and remove it in a later release", t.name(), t.file.Path)})
	c.setLastPosition(source.Pos{Line: 1, Column: 1}) // the deleted file's first line
	c.lastRemovedDeprecated(dep, t)
}

// lastRemovedDeprecated applies the lifecycle rules to the last finding,
// the removal of tool t, when the base marks it deprecated (dep).
func (c *comparer) lastRemovedDeprecated(dep *deprecation.Deprecation, t *toolRef) {
	if n := len(c.findings); n > 0 && dep != nil {
		who := fmt.Sprintf("tool %q", t.name())
		if c.findings[n-1].Base == nil || c.findings[n-1].File == c.findings[n-1].Base.File && c.findings[n-1].Pointer == c.findings[n-1].Base.Pointer {
			who += fmt.Sprintf(" (with its file %q)", t.file.Path)
		}
		removedAfterSunset(&c.findings[n-1], dep, who, c.day)
	}
}

func (c *comparer) toolAdded(t *toolRef) {
	c.add(draft{rule: RuleToolAdded, tool: t, at: loc{file: t.file, ptr: source.Join(t.tool.Pointer, "name")}, after: t.name(),
		msg: fmt.Sprintf("tool %q was added", t.name())})
}

func (c *comparer) toolRenamed(p pair) {
	how := "its inputSchema is equivalent to that of the removed tool"
	if p.alias {
		how = "as declared in aliases"
	}
	c.add(draft{rule: RuleToolRenamed, tool: p.head, at: loc{file: p.head.file, ptr: source.Join(p.head.tool.Pointer, "name")},
		base: &loc{file: p.base.file, ptr: source.Join(p.base.tool.Pointer, "name")}, before: p.base.name(), after: p.head.name(),
		msg: fmt.Sprintf("tool %q was renamed to %q (%s): callers that name %q break; keep answering to the old name as an alias", p.base.name(), p.head.name(), how, p.base.name())})
}
