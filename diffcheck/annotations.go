package diffcheck

import (
	"fmt"

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
	hint := func(key string, before, after bool) draft {
		at, base := hintLoc(p.head, key), hintLoc(p.base, key)
		return draft{tool: p.head, at: at, base: &base, before: before, after: after,
			removed: at.ptr != source.Join(p.head.tool.Pointer, "annotations", key)}
	}
	if b.readOnly && !h.readOnly {
		d := hint("readOnlyHint", true, false)
		d.rule = RuleReadOnlyRemoved
		extra := ""
		if h.destructive {
			extra = " (and with destructiveHint true or unset it may now destroy data)"
		}
		d.msg = fmt.Sprintf("tool %q is no longer read-only: effective readOnlyHint went from true to false%s, so clients that auto-approve read-only tools confirm it again; no call is rejected, the hint moved toward caution", name, extra)
		c.add(d)
	}
	if !b.readOnly && !h.readOnly {
		if !b.destructive && h.destructive {
			d := hint("destructiveHint", false, true)
			d.rule = RuleDestructiveAdded
			d.msg = fmt.Sprintf("tool %q became destructive: effective destructiveHint went from false to true (unset means true), so clients will warn before calling it; no call is rejected, the hint moved toward caution", name)
			c.add(d)
		}
		if b.idempotent && !h.idempotent {
			d := hint("idempotentHint", true, false)
			d.rule = RuleIdempotentRemoved
			d.msg = fmt.Sprintf("tool %q is no longer idempotent: effective idempotentHint went from true to false (unset means false), so clients no longer retry it freely; no call is rejected, the hint moved toward caution", name)
			c.add(d)
		}
	}
	if !b.openWorld && h.openWorld {
		d := hint("openWorldHint", false, true)
		d.rule = RuleOpenWorldAdded
		d.msg = fmt.Sprintf("tool %q became open-world: effective openWorldHint went from false to true (unset means true), so it may now reach external entities; no call is rejected, the hint moved toward caution", name)
		c.add(d)
	}
	c.compareTrust(p, b, h, hint)
}

// compareTrust reports the hints that moved toward trust: a client may now
// run the tool without asking, so each is a warning.
func (c *comparer) compareTrust(p pair, b, h hints, hint func(key string, before, after bool) draft) {
	name := p.head.name()
	if !b.readOnly && h.readOnly {
		d := hint("readOnlyHint", false, true)
		d.rule = RuleReadOnlyAdded
		d.msg = fmt.Sprintf("tool %q now claims to be read-only: effective readOnlyHint went from false to true, so clients may auto-approve it; make sure it does not modify its environment", name)
		c.add(d)
	}
	if !b.readOnly && !h.readOnly {
		if b.destructive && !h.destructive {
			d := hint("destructiveHint", true, false)
			d.rule = RuleDestructiveRemoved
			d.msg = fmt.Sprintf("tool %q now claims to be non-destructive: effective destructiveHint went from true to false, so clients may no longer warn before calling it; make sure its updates are purely additive", name)
			c.add(d)
		}
		if !b.idempotent && h.idempotent {
			d := hint("idempotentHint", false, true)
			d.rule = RuleIdempotentAdded
			d.msg = fmt.Sprintf("tool %q now claims to be idempotent: effective idempotentHint went from false to true, so clients may retry it; make sure repeated calls have no extra effect", name)
			c.add(d)
		}
	}
	if b.openWorld && !h.openWorld {
		d := hint("openWorldHint", true, false)
		d.rule = RuleOpenWorldRemoved
		d.msg = fmt.Sprintf("tool %q now claims a closed world: effective openWorldHint went from true to false, so clients may trust it not to reach external entities; make sure it does not", name)
		c.add(d)
	}
}
