package diffcheck

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// capFeatures collects the features a capabilities object (server
// capabilities or a primitive's clientRequirements) declares, by path
// ("resources" then "subscribe"), with their pointers: a member whose value is an
// object is a feature (a marker such as completions: {}), a member whose
// value is true is one, false is none. Under extensions and experimental
// only the identifiers are features: their settings are not judged.
func capFeatures(obj map[string]any, path, ptr string, out map[string]string, depth int) {
	if depth > 8 {
		return
	}
	for k, v := range obj {
		if k == "protocolVersions" || strings.HasPrefix(k, "x-") {
			continue
		}
		p, kp := k, source.Join(ptr, k)
		if path != "" {
			p = path + featSep + k
		}
		switch x := v.(type) {
		case bool:
			if x {
				out[p] = kp
			}
		case map[string]any:
			out[p] = kp
			if k == "extensions" || k == "experimental" {
				for id := range x {
					out[p+featSep+id] = source.Join(kp, id)
				}
				continue
			}
			capFeatures(x, p, kp, out, depth+1)
		}
	}
}

// featSep separates the members of a feature path.
const featSep = "\x1f"

// featText renders a feature path for messages ("resources.subscribe").
func featText(feat string) string { return strings.ReplaceAll(feat, featSep, ".") }

// capsFor returns the Capabilities Object of a document that applies to
// protocol version v, and its pointer.
func capsFor(f *source.File, v string) (map[string]any, string) {
	list, _ := docRoot(f)["capabilities"].([]any)
	for i, e := range list {
		obj, ok := e.(map[string]any)
		if ok && hasString(effectiveScope(f, obj), v) {
			return obj, source.JoinIndex("/capabilities", i)
		}
	}
	return nil, ""
}

// The capability rules (MCP Description section 8): compareCapabilities and compareClientRequirements.
var (
	RuleCapabilityRemoved = compatRule{
		ID: "compat.capability.removed", Level: rules.Must, Severity: rules.Error,
		Also: alsoWarning, Varies: "warning for a listChanged flag (no request fails)",
		Title:   "server capability removed",
		Summary: "a server capability declared at the base revision is still declared",
		Doc:     "Server capabilities are compared per protocol version the head still describes, with the Capabilities Object that applies to it (8.6): a marker (`completions: {}`, `logging: {}`, `tasks.requests.tools.call`), a flag that was true (`resources.subscribe`) or an extension or experimental identifier gone at head breaks clients that rely on it. A `listChanged` flag gone is a warning: no request fails, but clients are no longer told when the list changes. Extension settings are not judged (8.5). A protocol version the head no longer describes is not judged here; a document without `capabilities` at the base declares nothing." + docDoc,
		Fix:     "declare the capability again, or announce its removal first",
	}.rule()

	RuleClientRequirementAdded = compatRule{
		ID: "compat.capability.client-requirement-added", Level: rules.Must, Severity: rules.Error,
		Title:   "client capability required",
		Summary: "a tool, resource, resource template or prompt requires no client capability it did not",
		Doc:     "`clientRequirements` states unconditional minimum client capabilities (MCP Description 8.5); one added at head (a marker, a flag set to true, an extension identifier) makes the primitive unusable for clients without it." + docDoc,
		Fix:     "drop the requirement if the capability is optional, input-dependent or used only on some paths; otherwise announce it",
	}.rule()
)

// compareCapabilities reports server capabilities declared at the base
// for a protocol version that the head still describes but no longer
// declares there. A version the head dropped is not judged here.
func (d *docCmp) compareCapabilities() {
	if _, ok := docRoot(d.base)["capabilities"]; !ok {
		return
	}
	versions := rootVersions(d.base)
	hv := rootVersions(d.head)
	type lost struct {
		versions       []string
		basePtr, hPtr  string
		headObjPresent bool
	}
	found := map[string]*lost{}
	var order []string
	for _, v := range versions {
		if d.head != nil && !hasString(hv, v) {
			continue
		}
		bo, bptr := capsFor(d.base, v)
		if bo == nil {
			continue
		}
		bf := map[string]string{}
		capFeatures(bo, "", "", bf, 0)
		hf := map[string]string{}
		ho, hptr := capsFor(d.head, v)
		if ho != nil {
			capFeatures(ho, "", "", hf, 0)
		}
		for _, feat := range sortedKeys(bf) {
			if _, ok := hf[feat]; ok {
				continue
			}
			// report the outermost feature lost: resources, not resources/subscribe too.
			if parent := parentFeature(feat, bf, hf); parent != "" {
				continue
			}
			l := found[feat]
			if l == nil {
				l = &lost{basePtr: bptr + bf[feat], hPtr: hptr + bf[feat], headObjPresent: ho != nil}
				found[feat] = l
				order = append(order, feat)
			}
			l.versions = append(l.versions, v)
		}
	}
	for _, feat := range order {
		l := found[feat]
		at, bl, rm := d.gone(l.basePtr, l.hPtr)
		if d.head != nil && !l.headObjPresent {
			at.ptr = surviving(d.head, "/capabilities")
		}
		msg := fmt.Sprintf("server capability %q is no longer declared for protocol versions %s: clients that rely on it break; declare it again", featText(feat), strings.Join(l.versions, ", "))
		if d.head == nil {
			msg = fmt.Sprintf("server capability %q was removed with its document %q: clients that rely on it break; keep declaring it", featText(feat), d.base.Path)
		}
		x := docFinding{rule: RuleCapabilityRemoved, at: at, base: bl, removed: rm, subject: "capability " + feat, before: feat, msg: msg}
		if strings.HasSuffix(feat, featSep+"listChanged") {
			// no request fails: clients are no longer told when the list changes.
			x.sev = rules.Warning
			x.msg = strings.Replace(msg, "clients that rely on it break", "clients are no longer told when the list changes and keep a stale list", 1)
		}
		d.add(x)
	}
}

// parentFeature returns an ancestor feature of feat that base declares and
// head lacks (then feat is reported through it), or "".
func parentFeature(feat string, base, head map[string]string) string {
	for i := strings.LastIndex(feat, featSep); i > 0; i = strings.LastIndex(feat[:i], featSep) {
		p := feat[:i]
		if _, inBase := base[p]; inBase {
			if _, inHead := head[p]; !inHead {
				return p
			}
		}
	}
	return ""
}

// compareClientRequirements reports a client capability a paired
// primitive requires at head and did not at base: clients without it can
// no longer use the primitive.
func (d *docCmp) compareClientRequirements() {
	for _, p := range d.prims {
		hr, ok := p.head.obj["clientRequirements"].(map[string]any)
		if !ok {
			continue
		}
		bf, hf := map[string]string{}, map[string]string{}
		if br, ok := p.base.obj["clientRequirements"].(map[string]any); ok {
			capFeatures(br, "", "", bf, 0)
		}
		capFeatures(hr, "", "", hf, 0)
		for _, feat := range sortedKeys(hf) {
			if _, ok := bf[feat]; ok {
				continue
			}
			if parentFeature(feat, hf, bf) != "" {
				continue
			}
			x := docFinding{rule: RuleClientRequirementAdded, at: loc{file: d.head, ptr: source.Join(p.head.ptr, "clientRequirements") + hf[feat]},
				subject: p.subject + " requires " + feat, after: feat,
				msg: fmt.Sprintf("%s now requires the client capability %q: clients without it can no longer use it; drop the requirement if the capability is optional or used only on some paths", p.label, featText(feat))}
			if p.tool {
				x.tool, x.toolPtr = p.head.name, p.head.ptr
			}
			d.add(x)
		}
	}
}
