package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// promptArg is one declared Prompt Argument.
type promptArg struct {
	ptr      string
	required bool
}

// promptArgs returns a prompt's arguments by name and the pointer of its
// arguments array ("" when it has none).
func promptArgs(p *decl) (map[string]promptArg, string) {
	out := map[string]promptArg{}
	list, ok := p.obj["arguments"].([]any)
	if !ok {
		return out, ""
	}
	at := source.Join(p.ptr, "arguments")
	for i, v := range list {
		obj, ok := v.(map[string]any)
		if !ok {
			continue
		}
		name, ok := obj["name"].(string)
		if !ok {
			continue
		}
		if _, dup := out[name]; dup {
			continue
		}
		req, _ := obj["required"].(bool)
		out[name] = promptArg{ptr: source.JoinIndex(at, i), required: req}
	}
	return out, at
}

// promptAccepts reports whether a prompts/get arguments map is one the
// declared arguments admit: every key declared, every required one given.
func promptAccepts(args map[string]promptArg, call map[string]any) bool {
	for k := range call {
		if _, ok := args[k]; !ok {
			return false
		}
	}
	for k, a := range args {
		if _, ok := call[k]; a.required && !ok {
			return false
		}
	}
	return true
}

// sameArguments reports whether two prompts' arguments (from promptArgs)
// are the same, non-empty list (names and requiredness): the evidence of a
// rename.
func sameArguments(x, y map[string]promptArg) bool {
	if len(x) == 0 || len(x) != len(y) {
		return false
	}
	for k, v := range x {
		if w, ok := y[k]; !ok || w.required != v.required {
			return false
		}
	}
	return true
}

// maxRenamePairs bounds the prompt rename search: removed times added prompts.
const maxRenamePairs = 40000

// The prompt rules (MCP Description section 11): comparePrompts and comparePrompt.
var (
	RulePromptRemoved = compatRule{
		ID: "compat.prompt.removed", Level: rules.Must, Severity: rules.Error,
		Title:   "prompt removed",
		Summary: "a prompt present at the base revision is still declared",
		Doc:     "Clients get prompts by name (prompts/get); removing one breaks every client, saved workflow or slash command that names it. Prompts are paired by name and protocol scope (MCP Description 11.1), so a prompt moved within the list is not removed; a prompt no longer declared for a protocol version the document still describes is removed for that version (for a tool of the document, compat.tool.removed says the same)." + docDoc,
		Fix:     "keep the prompt, or mark it `deprecated: true` first and remove it in a later release" + aliasFix,
	}.rule()

	RulePromptRenamed = compatRule{
		ID: "compat.prompt.renamed", Level: rules.Must, Severity: rules.Error,
		Title:   "prompt renamed",
		Summary: "a prompt keeps its name",
		Doc:     "A prompt removed while another with the same, non-empty argument list (names and requiredness) appears is reported once as a rename, unambiguous pairs only; the pair is then compared like any other. Clients that get the old name break." + docDoc,
		Fix:     "keep the old name as a prompt as well, or accept the rename" + aliasFix,
	}.rule()

	RulePromptArgumentRemoved = compatRule{
		ID: "compat.prompt.argument-removed", Level: rules.Must, Severity: rules.Error,
		Title:   "prompt argument removed",
		Summary: "no prompt argument is removed",
		Doc:     "A prompt's declared arguments are the only ones a prompts/get call may pass (a Prompt Example may name declared arguments only, MCP Description 11.3); a call that still passes a removed argument is outside the head's contract, and servers that validate arguments reject it. The witness is such an arguments map, checked against both argument lists." + docDoc,
		Fix:     "keep the argument, even if the server now ignores it",
	}.rule()

	RulePromptArgumentRequiredAdded = compatRule{
		ID: "compat.prompt.argument-required-added", Level: rules.Must, Severity: rules.Error,
		Title:   "required prompt argument added",
		Summary: "no prompt argument becomes required",
		Doc:     "A new argument with `required: true`, or an existing one that became required, breaks every prompts/get call that omits it. The witness is an arguments map with the base's required arguments only: the base accepts it and the head rejects it." + docDoc,
		Fix:     "make the argument optional, with a server-side default",
	}.rule()
)

func (d *docCmp) comparePrompts() {
	base, head := collectDecls(d.base, "prompts"), collectDecls(d.head, "prompts")
	pairs, removed, added := d.pairDecls("prompts named", base, head, func(x *decl) string { return x.name })
	// renames: a removed prompt and an added one with the same arguments, both unambiguous.
	matches, back := map[*decl][]*decl{}, map[*decl]int{}
	search := removed
	if len(removed)*len(added) > maxRenamePairs {
		d.undecidable(loc{file: d.head, ptr: added[0].ptr}, &loc{file: d.base, ptr: removed[0].ptr}, "prompt renames",
			fmt.Sprintf("%d removed and %d added prompts are more than the 40000 pairs mcpschema searches for renames: the removed prompts are reported as removed, none as renamed; remove or rename fewer prompts in one change", len(removed), len(added)))
		search = nil
	}
	// each prompt's arguments are read once: a prompt with many arguments
	// must not be re-read for every candidate it is compared with.
	args := map[*decl]map[string]promptArg{}
	if search != nil {
		for _, h := range added {
			args[h], _ = promptArgs(h)
		}
	}
	for _, b := range search {
		ba, _ := promptArgs(b)
		for _, h := range added {
			if b.name != h.name && sameArguments(ba, args[h]) {
				matches[b] = append(matches[b], h)
				back[h]++
			}
		}
	}
	var left []*decl
	for _, b := range removed {
		if m := matches[b]; len(m) == 1 && back[m[0]] == 1 {
			pairs = append(pairs, declPair{base: b, head: m[0], renamed: true})
			continue
		}
		left = append(left, b)
	}
	for _, b := range left {
		if b.name == "" {
			continue
		}
		at, bl, rm := d.gone(b.ptr, "/prompts")
		how := ""
		if d.head == nil {
			how = fmt.Sprintf(" with its document %q", d.base.Path)
		}
		d.add(docFinding{rule: RulePromptRemoved, at: at, base: bl, removed: rm, subject: "prompt " + b.name, before: b.name,
			msg: fmt.Sprintf("prompt %q%s was removed%s: clients that get it by name break; keep it, or mark it deprecated first and remove it in a later release", b.name, scopeText(b), how)})
	}
	d.reportLostVersions(RulePromptRemoved, pairs, head, func(x *decl) string { return x.name },
		func(x *decl) string { return fmt.Sprintf("prompt %q", x.name) }, func(p declPair) string { return "prompt " + p.base.name }, "get it by name")
	for _, p := range pairs {
		d.comparePrompt(p)
		d.prims = append(d.prims, primPair{declPair: p, label: fmt.Sprintf("prompt %q", p.head.name), subject: "prompt " + p.head.name})
	}
}

func (d *docCmp) comparePrompt(p declPair) {
	subject := "prompt " + p.head.name
	if p.renamed {
		d.add(docFinding{rule: RulePromptRenamed, at: loc{file: d.head, ptr: source.Join(p.head.ptr, "name")},
			base: &loc{file: d.base, ptr: source.Join(p.base.ptr, "name")}, subject: subject, before: p.base.name, after: p.head.name,
			msg: fmt.Sprintf("prompt %q was renamed to %q (it declares the same arguments): clients that get %q break; keep the old name as well", p.base.name, p.head.name, p.base.name)})
	}
	ba, _ := promptArgs(p.base)
	ha, hat := promptArgs(p.head)
	// a call the base accepts: every base-required argument.
	call := func() map[string]any {
		c := map[string]any{}
		for k, a := range ba {
			if a.required {
				c[k] = "x"
			}
		}
		return c
	}
	for _, name := range sortedKeys(ba) {
		if _, ok := ha[name]; ok {
			continue
		}
		w := call()
		w[name] = "x"
		for k, a := range ha {
			if _, inBase := ba[k]; a.required && inBase {
				w[k] = "x"
			}
		}
		var witness any
		if promptAccepts(ba, w) && !promptAccepts(ha, w) {
			witness = w
		}
		at := loc{file: d.head, ptr: p.head.ptr}
		if hat != "" {
			at.ptr = hat
		}
		d.add(docFinding{rule: RulePromptArgumentRemoved, at: at, base: &loc{file: d.base, ptr: ba[name].ptr}, removed: true,
			subject: subject + " argument " + name, before: name, witness: witness,
			msg: fmt.Sprintf("argument %q of prompt %q was removed: prompts/get calls that still pass it break, as the declared arguments are the only ones a call may pass; keep the argument (it may be ignored)", name, p.head.name)})
	}
	for _, name := range sortedKeys(ha) {
		a := ha[name]
		if !a.required || ba[name].required {
			continue
		}
		w := call()
		var witness any
		if promptAccepts(ba, w) && !promptAccepts(ha, w) {
			witness = w
		}
		what := "a new required argument"
		var bl *loc
		if b, ok := ba[name]; ok {
			what = "an argument that became required"
			bl = &loc{file: d.base, ptr: b.ptr}
		}
		d.add(docFinding{rule: RulePromptArgumentRequiredAdded, at: loc{file: d.head, ptr: a.ptr}, base: bl, subject: subject + " argument " + name,
			after: name, witness: witness,
			msg: fmt.Sprintf("prompt %q has %s, %q: prompts/get calls that omit it break; make it optional (with a server-side default)", p.head.name, what, name)})
	}
}
