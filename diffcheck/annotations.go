package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// hints are a tool's effective behaviour hints (unset takes the spec default).
type hints struct {
	readOnly, destructive, idempotent, openWorld bool
}

func hintsOf(t *toolRef) hints {
	ann, _ := t.tool.Value["annotations"].(map[string]any)
	get := func(key string, def bool) bool {
		if b, ok := ann[key].(bool); ok {
			return b
		}
		return def
	}
	return hints{readOnly: get("readOnlyHint", false), destructive: get("destructiveHint", true),
		idempotent: get("idempotentHint", false), openWorld: get("openWorldHint", true)}
}

// hintLoc points at the hint, else the annotations object, else the tool.
func hintLoc(t *toolRef, key string) loc {
	ptr := source.Join(t.tool.Pointer, "annotations", key)
	if _, ok := t.file.Index.Value(ptr); ok {
		return loc{file: t.file, ptr: ptr}
	}
	ptr = source.Join(t.tool.Pointer, "annotations")
	if _, ok := t.file.Index.Value(ptr); ok {
		return loc{file: t.file, ptr: ptr}
	}
	return loc{file: t.file, ptr: t.tool.Pointer}
}

// The annotation rules (compareAnnotations, compareTrust) compare effective
// values: an unset hint takes its spec default (readOnlyHint false,
// destructiveHint true, idempotentHint false, openWorldHint true). No call
// is rejected by a hint: one that moves toward caution (the client asks
// again) is a notice; one that moves toward trust (a client may now run
// the tool without asking) is a warning.
var (
	RuleReadOnlyRemoved = compatRule{
		ID: "compat.annotation.read-only-removed", Level: rules.May, Severity: rules.Notice,
		Title:   "readOnlyHint removed",
		Summary: "a read-only tool stays read-only",
		Doc:     "Clients auto-approve tools whose effective readOnlyHint is true; a tool that may now modify its environment is confirmed again. The hint moved toward caution and no call is rejected: a notice.",
		Fix:     "keep readOnlyHint true if the tool still only reads",
	}.rule()

	RuleDestructiveAdded = compatRule{
		ID: "compat.annotation.destructive-added", Level: rules.May, Severity: rules.Notice,
		Title:   "destructiveHint added",
		Summary: "a non-destructive tool does not become destructive",
		Doc:     "Effective destructiveHint (true when unset, meaningful when readOnlyHint is false) going from false to true tells clients the tool may now destroy data; removing an explicit `false` does the same. The hint moved toward caution: a notice.",
		Fix:     "keep destructiveHint false if the tool is still non-destructive",
	}.rule()

	RuleIdempotentRemoved = compatRule{
		ID: "compat.annotation.idempotent-removed", Level: rules.May, Severity: rules.Notice,
		Title:   "idempotentHint removed",
		Summary: "an idempotent tool stays idempotent",
		Doc:     "Effective idempotentHint going from true to false means retries are no longer safe. The hint moved toward caution: a notice.",
		Fix:     "keep idempotentHint true if repeated calls still have no extra effect",
	}.rule()

	RuleOpenWorldAdded = compatRule{
		ID: "compat.annotation.open-world-added", Level: rules.May, Severity: rules.Notice,
		Title:   "openWorldHint added",
		Summary: "a closed-world tool does not become open-world",
		Doc:     "Effective openWorldHint (true when unset) going from false to true means the tool now reaches external entities. The hint moved toward caution: a notice.",
		Fix:     "keep openWorldHint false if the tool still only touches its own domain",
	}.rule()

	RuleReadOnlyAdded = compatRule{
		ID: "compat.annotation.read-only-added", Level: rules.Should, Severity: rules.Warning,
		Title:   "readOnlyHint added",
		Summary: "a tool does not start claiming to be read-only",
		Doc:     "Effective readOnlyHint going from false to true lets clients auto-approve the tool: the hint moved toward trust, so a warning. Make sure the tool really only reads.",
		Fix:     "set readOnlyHint true only if the tool does not modify its environment",
	}.rule()

	RuleDestructiveRemoved = compatRule{
		ID: "compat.annotation.destructive-removed", Level: rules.Should, Severity: rules.Warning,
		Title:   "destructiveHint removed",
		Summary: "a destructive tool does not start claiming to be non-destructive",
		Doc:     "Effective destructiveHint going from true (or unset) to false, while readOnlyHint is false, tells clients the tool no longer destroys data: the hint moved toward trust, so a warning.",
		Fix:     "set destructiveHint false only if the tool's updates are purely additive",
	}.rule()

	RuleIdempotentAdded = compatRule{
		ID: "compat.annotation.idempotent-added", Level: rules.Should, Severity: rules.Warning,
		Title:   "idempotentHint added",
		Summary: "a tool does not start claiming to be idempotent",
		Doc:     "Effective idempotentHint going from false to true, while readOnlyHint is false, tells clients retries are safe: the hint moved toward trust, so a warning.",
		Fix:     "set idempotentHint true only if repeated calls have no extra effect",
	}.rule()

	RuleOpenWorldRemoved = compatRule{
		ID: "compat.annotation.open-world-removed", Level: rules.Should, Severity: rules.Warning,
		Title:   "openWorldHint removed",
		Summary: "an open-world tool does not start claiming a closed world",
		Doc:     "Effective openWorldHint going from true (or unset) to false tells clients the tool no longer reaches external entities: the hint moved toward trust, so a warning.",
		Fix:     "set openWorldHint false only if the tool touches nothing outside its own domain",
	}.rule()
)

func (c *comparer) compareAnnotations(p pair) {
	b, h := hintsOf(p.base), hintsOf(p.head)
	name := p.head.name()
	report := func(key string, before, after bool, rule *rules.Rule, msg string) {
		at, base := hintLoc(p.head, key), hintLoc(p.base, key)
		c.add(draft{tool: p.head, at: at, base: &base, before: before, after: after,
			removed: at.ptr != source.Join(p.head.tool.Pointer, "annotations", key),
			rule:    rule, msg: msg})
	}
	if b.readOnly && !h.readOnly {
		extra := ""
		if h.destructive {
			extra = " (and with destructiveHint true or unset it may now destroy data)"
		}
		report("readOnlyHint", true, false, RuleReadOnlyRemoved, fmt.Sprintf("tool %q is no longer read-only: effective readOnlyHint went from true to false%s, so clients that auto-approve read-only tools confirm it again; no call is rejected, the hint moved toward caution", name, extra))
	}
	if !b.readOnly && !h.readOnly {
		if !b.destructive && h.destructive {
			report("destructiveHint", false, true, RuleDestructiveAdded, fmt.Sprintf("tool %q became destructive: effective destructiveHint went from false to true (unset means true), so clients will warn before calling it; no call is rejected, the hint moved toward caution", name))
		}
		if b.idempotent && !h.idempotent {
			report("idempotentHint", true, false, RuleIdempotentRemoved, fmt.Sprintf("tool %q is no longer idempotent: effective idempotentHint went from true to false (unset means false), so clients no longer retry it freely; no call is rejected, the hint moved toward caution", name))
		}
	}
	if !b.openWorld && h.openWorld {
		report("openWorldHint", false, true, RuleOpenWorldAdded, fmt.Sprintf("tool %q became open-world: effective openWorldHint went from false to true (unset means true), so it may now reach external entities; no call is rejected, the hint moved toward caution", name))
	}
	c.compareTrust(p, b, h, report)
}

// compareTrust reports the hints that moved toward trust: a client may now
// run the tool without asking, so each is a warning.
func (c *comparer) compareTrust(p pair, b, h hints, report func(key string, before, after bool, rule *rules.Rule, msg string)) {
	name := p.head.name()
	if !b.readOnly && h.readOnly {
		report("readOnlyHint", false, true, RuleReadOnlyAdded, fmt.Sprintf("tool %q now claims to be read-only: effective readOnlyHint went from false to true, so clients may auto-approve it; make sure it does not modify its environment", name))
	}
	if !b.readOnly && !h.readOnly {
		if b.destructive && !h.destructive {
			report("destructiveHint", true, false, RuleDestructiveRemoved, fmt.Sprintf("tool %q now claims to be non-destructive: effective destructiveHint went from true to false, so clients may no longer warn before calling it; make sure its updates are purely additive", name))
		}
		if !b.idempotent && h.idempotent {
			report("idempotentHint", false, true, RuleIdempotentAdded, fmt.Sprintf("tool %q now claims to be idempotent: effective idempotentHint went from false to true, so clients may retry it; make sure repeated calls have no extra effect", name))
		}
	}
	if b.openWorld && !h.openWorld {
		report("openWorldHint", true, false, RuleOpenWorldRemoved, fmt.Sprintf("tool %q now claims a closed world: effective openWorldHint went from true to false, so clients may trust it not to reach external entities; make sure it does not", name))
	}
}
