package diffcheck

import (
	"fmt"
	"strings"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
)

// transportKey identifies a transport the way a client connects to it
// (mcpdesc.Transport.Key).
func transportKey(x *decl) string { return mcpdesc.ReadTransport(x.obj).Key() }

// transportLabel names a transport for messages.
func transportLabel(x *decl) string {
	t := mcpdesc.ReadTransport(x.obj)
	if t.Type == "stdio" && t.Command != "" {
		return fmt.Sprintf("stdio transport %q", t.Command)
	}
	return fmt.Sprintf("%s transport %q", t.Type, t.URL)
}

// transportPairs pairs the transports of base and head by type and endpoint.
func (d *docCmp) transportPairs() (pairs []declPair, removed, added []*decl) {
	if d.transports == nil {
		p, r, a := d.pairDecls("transports at", collectDecls(d.base, "transports"), collectDecls(d.head, "transports"), transportKey)
		d.transports = &transportPairing{pairs: p, removed: r, added: a}
	}
	return d.transports.pairs, d.transports.removed, d.transports.added
}

// transportPairing is what transportPairs computed.
type transportPairing struct {
	pairs          []declPair
	removed, added []*decl
}

// The transport rule (MCP Description section 6): compareTransports.
var (
	RuleTransportRemoved = compatRule{
		ID: "compat.transport.removed", Level: rules.Must, Severity: rules.Error,
		Title:   "transport removed",
		Summary: "a transport declared at the base revision is still declared",
		Doc:     "Clients connect through a declared transport: a streamable-http or sse transport identified by its url (scheme and host compared without case), a stdio transport by its command. One gone at head, or no longer serving a protocol version the document still describes, breaks clients configured to use it. A changed url is a removed transport; the message names the new one." + docDoc,
		Fix:     "keep the transport, or announce the move and remove it in a later release",
	}.rule()
)

func (d *docCmp) compareTransports() {
	pairs, removed, added := d.transportPairs()
	// the first added transport of each type, for the hint: one lookup per
	// removed transport, not a scan of all added ones.
	addedByType := map[string]*decl{}
	for _, h := range added {
		if t := h.str("type"); addedByType[t] == nil && transportKey(h) != "" {
			addedByType[t] = h
		}
	}
	for _, b := range removed {
		if transportKey(b) == "" {
			continue
		}
		at, bl, rm := d.gone(b.ptr, "/transports")
		withDoc, hint := "", ""
		if d.head == nil {
			withDoc = fmt.Sprintf(" with its document %q", d.base.Path)
		}
		if h := addedByType[b.str("type")]; h != nil {
			hint = fmt.Sprintf("; the document now declares the %s", transportLabel(h))
		}
		d.add(docFinding{rule: RuleTransportRemoved, at: at, base: bl, removed: rm, subject: "transport " + transportKey(b), before: transportKey(b),
			msg: fmt.Sprintf("the %s was removed%s: clients configured to connect through it break%s; keep it, or announce the move and remove it in a later release", transportLabel(b), withDoc, hint)})
	}
	hv := rootVersions(d.head)
	// the versions each endpoint serves at head, over all its declarations
	// (one transport may be declared once per version).
	serves := servedVersions(d.head, collectDecls(d.head, "transports"), transportKey)
	done := map[*decl]bool{}
	for _, p := range pairs {
		if done[p.base] {
			continue
		}
		done[p.base] = true
		bs, hs := effectiveScope(d.base, p.base.obj), serves[transportKey(p.head)]
		var lost []string
		for _, v := range bs {
			if hasString(hv, v) && !hs[v] {
				lost = append(lost, v)
			}
		}
		if len(lost) == 0 {
			continue
		}
		d.add(docFinding{rule: RuleTransportRemoved, at: loc{file: d.head, ptr: p.head.ptr}, base: &loc{file: d.base, ptr: p.base.ptr},
			subject: "transport " + transportKey(p.base) + " versions", before: lost,
			msg: fmt.Sprintf("the %s no longer serves protocol versions %s, which the document still describes: clients of those versions that connect through it break; keep them in its protocolVersions", transportLabel(p.head), strings.Join(lost, ", "))})
	}
}
