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
