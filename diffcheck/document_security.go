package diffcheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// secDoc is the doc tail of the security rules.
const secDoc = " A Security Requirement Array is compared as the set of grants it accepts (alternatives are OR, schemes in one alternative AND, every listed scope required; order never matters). Every base alternative is the smallest grant that satisfied the base; one the head no longer accepts is the witness. The effective requirement of a primitive is its own `security`, else its transport's, else the root's (MCP Description 7.5); a side where none is declared at any level makes no declaration and is not compared. Security schemes are compared by what clients configure (type, HTTP scheme, API key location and name, OAuth flows and their URLs, OpenID Connect URL), not by their local names: renaming a scheme together with its uses is silent."

// The security rules (MCP Description sections 6.4 and 7): pairSchemes and compareRequirement.
var (
	RuleSecurityScopeAdded = compatRule{
		ID: "compat.security.scope-added", Level: rules.Must, Severity: rules.Error,
		Title:   "scope added",
		Summary: "a security requirement needs no scope that clients holding the old grant lack",
		Doc:     "A requirement that now needs an OAuth2 or OpenID Connect scope it did not breaks clients holding the old grant: their token lacks the scope." + secDoc,
		Fix:     "keep the old requirement as an alternative (`security: [{old}, {new}]`) until clients have the new scope",
	}.rule()

	RuleSecurityRequirementAdded = compatRule{
		ID: "compat.security.requirement-added", Level: rules.Must, Severity: rules.Error,
		Title:   "security requirement added",
		Summary: "a security requirement needs no scheme that clients holding the old grant lack",
		Doc:     "A requirement that now needs a security scheme a grant that satisfied the base does not hold (including anonymous access, `[]` or `{}`, that is no longer allowed) breaks clients holding that grant." + secDoc,
		Fix:     "keep the old requirement as an alternative until clients have the new credentials",
	}.rule()

	RuleSecuritySchemeRemoved = compatRule{
		ID: "compat.security.scheme-removed", Level: rules.Must, Severity: rules.Error,
		Title:   "security scheme removed",
		Summary: "a security scheme present at the base revision is still declared",
		Doc:     "Clients configure the schemes a document declares (an API key header, an OAuth flow); a scheme removed from `securitySchemes`, and not renamed to one clients configure the same way, breaks clients that authenticate with it." + secDoc,
		Fix:     "keep the scheme and accept it as an alternative requirement until clients have moved",
	}.rule()

	RuleSecuritySchemeChanged = compatRule{
		ID: "compat.security.scheme-changed", Level: rules.Must, Severity: rules.Error,
		Title:   "security scheme changed",
		Summary: "a security scheme keeps what clients configure",
		Doc:     "A scheme of the same name whose type, HTTP scheme, API key location or name (header names compared without case), OAuth flow (removed, or its authorizationUrl or tokenUrl changed) or OpenID Connect URL changed breaks clients configured with the old one. Descriptions, bearer formats and scope catalogues are not compared (a requirement may use scopes absent from the catalogue, 7.3)." + secDoc,
		Fix:     "declare the new scheme under another name and accept both as alternatives",
	}.rule()
)

// addToolPrims pairs the document's tools by name and protocol scope for
// the security and client-requirement comparisons (their schemas are
// compared by Compare).
//
// A tool no longer declared for a protocol version the document still
// describes is removed for it (compat.tool.removed): the tool pairing of
// Compare pairs tools by name across files and does not see versions.
func (d *docCmp) addToolPrims() {
	head := collectDecls(d.head, "tools")
	pairs, _, _ := d.pairDecls("tools named", collectDecls(d.base, "tools"), head, func(x *decl) string { return x.name })
	d.reportLostVersions(RuleToolRemoved, pairs, head, func(x *decl) string { return x.name },
		func(x *decl) string { return fmt.Sprintf("tool %q", x.name) }, func(p declPair) string { return "tool " + p.base.name }, "call it")
	for _, p := range pairs {
		d.prims = append(d.prims, primPair{declPair: p, label: fmt.Sprintf("tool %q", p.head.name), subject: "tool " + p.head.name, tool: true})
	}
}

// Bounds on the work of one security comparison: base alternatives times
// head alternatives, and the transports a primitive is compared through
// (a document declares a handful of each).
const (
	maxGrantChecks       = 100000
	maxTransportContexts = 32
)

// secAlt is one alternative of a Security Requirement Array
// (mcpdesc.Alternative).
type secAlt = mcpdesc.Alternative

// grantValue renders a grant as a Security Requirement Object, in base names.
func grantValue(g secAlt) map[string]any {
	out := map[string]any{}
	for k, v := range g {
		list := make([]any, len(v))
		for i, s := range v {
			list[i] = s
		}
		out[k] = list
	}
	return out
}

func grantText(g secAlt) string {
	if len(g) == 0 {
		return "{}"
	}
	var parts []string
	for _, k := range sortedKeys(g) {
		parts = append(parts, fmt.Sprintf("%q: [%s]", k, quoteStrings(g[k])))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func quoteStrings(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// schemeIdentity is what a client configures for a security scheme
// (mcpdesc.Scheme.Identity); a value that is no scheme of a known type is
// identified by its canonical text.
func schemeIdentity(v any) string {
	if obj, ok := v.(map[string]any); ok {
		if id, ok := mcpdesc.ReadScheme(obj).Identity(); ok {
			return id
		}
	}
	return canonical(v)
}

// schemeChanges lists what changed, for clients, between two schemes of
// one name: a message part and the pointer, relative to the scheme, of
// the first member that changed.
func schemeChanges(b, h map[string]any) (what []string, member string) {
	str := func(o map[string]any, k string) string { s, _ := o[k].(string); return s }
	note := func(m, text string) {
		if member == "" {
			member = m
		}
		what = append(what, text)
	}
	if bt, ht := str(b, "type"), str(h, "type"); bt != ht {
		note("/type", fmt.Sprintf("its type changed from %q to %q", bt, ht))
		return what, member
	}
	switch str(b, "type") {
	case "http":
		if x, y := str(b, "scheme"), str(h, "scheme"); !strings.EqualFold(x, y) {
			note("/scheme", fmt.Sprintf("its HTTP scheme changed from %q to %q", x, y))
		}
	case "apiKey":
		if x, y := str(b, "in"), str(h, "in"); x != y {
			note("/in", fmt.Sprintf("the key moved from the %s to the %s", x, y))
		}
		if x, y := str(b, "name"), str(h, "name"); x != y && !(str(h, "in") == "header" && strings.EqualFold(x, y)) {
			note("/name", fmt.Sprintf("the key's name changed from %q to %q", x, y))
		}
	case "openIdConnect":
		if x, y := str(b, "openIdConnectUrl"), str(h, "openIdConnectUrl"); x != y {
			note("/openIdConnectUrl", fmt.Sprintf("its openIdConnectUrl changed from %q to %q", x, y))
		}
	case "oauth2":
		bf, _ := b["flows"].(map[string]any)
		hf, _ := h["flows"].(map[string]any)
		for _, k := range sortedKeys(bf) {
			x, _ := bf[k].(map[string]any)
			y, ok := hf[k].(map[string]any)
			if !ok {
				note(source.Join("/flows", k), fmt.Sprintf("its %s flow was removed", k))
				continue
			}
			for _, u := range []string{"authorizationUrl", "tokenUrl"} {
				if xs, ys := str(x, u), str(y, u); xs != ys {
					note(source.Join("/flows", k, u), fmt.Sprintf("the %s of its %s flow changed from %q to %q", u, k, xs, ys))
				}
			}
		}
	}
	return what, member
}

// pairSchemes pairs the security schemes of base and head: by name, then
// a renamed scheme by identity when unambiguous. It reports removed and
// changed schemes and returns the base name of each paired head name.
func (d *docCmp) pairSchemes() map[string]string {
	bs, _ := docRoot(d.base)["securitySchemes"].(map[string]any)
	hs, _ := docRoot(d.head)["securitySchemes"].(map[string]any)
	toBase := map[string]string{}
	for name := range hs {
		if _, ok := bs[name]; ok {
			toBase[name] = name
		}
	}
	byID := func(m map[string]any, skip func(string) bool) map[string][]string {
		out := map[string][]string{}
		for _, name := range sortedKeys(m) {
			if !skip(name) {
				out[schemeIdentity(m[name])] = append(out[schemeIdentity(m[name])], name)
			}
		}
		return out
	}
	bID := byID(bs, func(n string) bool { _, ok := hs[n]; return ok })
	hID := byID(hs, func(n string) bool { _, ok := toBase[n]; return ok })
	for id, hn := range hID {
		if bn := bID[id]; len(bn) == 1 && len(hn) == 1 {
			toBase[hn[0]] = bn[0]
		}
	}
	paired := map[string]bool{}
	for h, b := range toBase {
		paired[b] = true
		if h != b {
			continue
		}
		bo, _ := bs[b].(map[string]any)
		ho, _ := hs[h].(map[string]any)
		if bo == nil || ho == nil {
			continue
		}
		what, member := schemeChanges(bo, ho)
		if len(what) == 0 {
			continue
		}
		hp := surviving(d.head, source.Join("/securitySchemes", h)+member)
		d.add(docFinding{rule: RuleSecuritySchemeChanged, at: loc{file: d.head, ptr: hp},
			base:    &loc{file: d.base, ptr: surviving(d.base, source.Join("/securitySchemes", b)+member)},
			subject: "security scheme " + b, before: schemeIdentity(bo), after: schemeIdentity(ho),
			msg: fmt.Sprintf("security scheme %q changed for clients: %s; clients configured with the old scheme break; declare the new scheme under another name and accept both as alternatives", h, strings.Join(what, "; "))})
	}
	for _, name := range sortedKeys(bs) {
		if paired[name] {
			continue
		}
		at, bl, rm := d.gone(source.Join("/securitySchemes", name), "/securitySchemes")
		withDoc := ""
		if d.head == nil {
			withDoc = fmt.Sprintf(" with its document %q", d.base.Path)
		}
		d.add(docFinding{rule: RuleSecuritySchemeRemoved, at: at, base: bl, removed: rm, subject: "security scheme " + name, before: schemeIdentity(bs[name]),
			msg: fmt.Sprintf("security scheme %q was removed%s: clients that authenticate with it break; keep it, and accept it as an alternative requirement", name, withDoc)})
	}
	return toBase
}

// compareSecurity compares the schemes, then every effective requirement
// that changed: the root's, each transport's own, each primitive's own. A
// side that declares no requirement (omitted all the way up) is unknown,
// not anonymous, so it is not compared.
func (d *docCmp) compareSecurity() {
	if d.head == nil {
		d.pairSchemes()
		return
	}
	toBase := d.pairSchemes()
	br, hr := docRoot(d.base), docRoot(d.head)
	bRoot, bHas := br["security"]
	hRoot, hHas := hr["security"]
	tpairs, _, _ := d.transportPairs()
	if bHas && hHas && d.rootInherited() {
		d.compareRequirement(toBase, "the document's security (inherited by every primitive without its own)", "/security", "/security",
			bRoot, hRoot, primPair{subject: "document"})
	}
	for _, p := range tpairs {
		_, bOwn := p.base.obj["security"]
		_, hOwn := p.head.obj["security"]
		if !bOwn && !hOwn {
			continue
		}
		bt, bOwn := mcpdesc.Applicable(p.base.obj, bRoot, bHas)
		ht, hOwn := mcpdesc.Applicable(p.head.obj, hRoot, hHas)
		if bOwn && hOwn {
			d.compareRequirement(toBase, "the security of the "+transportLabel(p.head), source.Join(p.base.ptr, "security"), source.Join(p.head.ptr, "security"),
				bt, ht, primPair{declPair: p, subject: "transport " + transportKey(p.base)})
		}
	}
	// the transports' own requirements, each distinct pair once: a
	// primitive without its own security on a side takes its transport's.
	// Each requirement's canonical text is computed once (bKey, hKey), and a
	// pair of requirements found unbroken is not compared again for the
	// next primitive: a large root requirement must not be re-read for
	// every primitive that inherits it.
	type ctx struct {
		b, h       any
		bHas, hHas bool
		bKey, hKey string
	}
	rootCtx := ctx{b: bRoot, bHas: bHas, h: hRoot, hHas: hHas, bKey: canonical(bRoot), hKey: canonical(hRoot)}
	var tctxs []ctx
	seenT := map[string]bool{}
	for _, t := range tpairs {
		c := rootCtx
		if v, ok := t.base.obj["security"]; ok {
			c.b, c.bHas, c.bKey = v, true, canonical(v)
		}
		if v, ok := t.head.obj["security"]; ok {
			c.h, c.hHas, c.hKey = v, true, canonical(v)
		}
		if k := fmt.Sprint(c.bHas, c.hHas, c.bKey, c.hKey); !seenT[k] {
			seenT[k] = true
			tctxs = append(tctxs, c)
		}
	}
	unbroken := map[string]bool{}
	for _, p := range d.prims {
		bp, bOwn := p.base.obj["security"]
		hp, hOwn := p.head.obj["security"]
		if !bOwn && !hOwn {
			continue
		}
		var bpKey, hpKey string
		if bOwn {
			bpKey = canonical(bp)
		}
		if hOwn {
			hpKey = canonical(hp)
		}
		ctxs := []ctx{rootCtx}
		if !bOwn || !hOwn {
			// with its own security on both sides, a primitive's transports do not matter
			ctxs = append(ctxs, tctxs...)
		}
		var cut int
		if len(ctxs) > maxTransportContexts+1 {
			cut, ctxs = len(ctxs)-1, ctxs[:maxTransportContexts+1]
		}
		reported := false
		seen := map[string]bool{}
		for _, c := range ctxs {
			if bOwn {
				c.b, c.bHas, c.bKey = bp, true, bpKey
			}
			if hOwn {
				c.h, c.hHas, c.hKey = hp, true, hpKey
			}
			k := c.bKey + "\x00" + c.hKey
			if !c.bHas || !c.hHas || seen[k] || unbroken[k] {
				continue
			}
			seen[k] = true
			if d.compareRequirement(toBase, "the security of "+p.label, source.Join(p.base.ptr, "security"), source.Join(p.head.ptr, "security"), c.b, c.h, p) {
				reported = true
				break
			}
			unbroken[k] = true
		}
		if cut > 0 && !reported {
			x := docFinding{rule: RuleDocumentUndecidable, incomplete: true, at: loc{file: d.head, ptr: surviving(d.head, source.Join(p.head.ptr, "security"))},
				base: &loc{file: d.base, ptr: surviving(d.base, source.Join(p.base.ptr, "security"))}, subject: p.subject + " security",
				msg: fmt.Sprintf("the security of %s is compared through the first 32 of its %d distinct transport requirements only, the work bound: a grant a later transport no longer accepts may go unreported; give %s its own security on both revisions, or give fewer transports their own security", p.label, cut, p.label)}
			if p.tool {
				x.tool, x.toolPtr = p.head.name, p.head.ptr
			}
			d.add(x)
		}
	}
}

// rootInherited reports whether some head primitive, through some
// transport, takes the root's security: or the document has none.
func (d *docCmp) rootInherited() bool {
	hr := docRoot(d.head)
	if ts, ok := hr["transports"].([]any); ok && len(ts) > 0 {
		all := true
		for _, t := range ts {
			if o, ok := t.(map[string]any); ok {
				if _, own := o["security"]; !own {
					all = false
				}
			}
		}
		if all {
			return false
		}
	}
	n := 0
	for _, member := range mcpdesc.SecurityPrimitives {
		for _, x := range collectDecls(d.head, member) {
			n++
			if _, own := x.obj["security"]; !own {
				return true
			}
		}
	}
	return n == 0
}

// compareRequirement compares two effective Security Requirement Arrays:
// every grant that satisfied the base one must satisfy the head one. Each
// base alternative is the smallest such grant; one the head rejects is the
// witness. It reports at most one finding and says whether it did.
func (d *docCmp) compareRequirement(toBase map[string]string, where, basePtr, headPtr string, bv, hv any, p primPair) bool {
	balts, ok := mcpdesc.ReadRequirement(bv)
	if !ok {
		return false
	}
	halts, ok := mcpdesc.ReadRequirement(hv)
	if !ok {
		return false
	}
	// head alternatives in base names; a scheme new at head is held by no base grant.
	inHead := map[string]bool{}
	for i, alt := range halts {
		t := secAlt{}
		for name, scopes := range alt {
			if b, ok := toBase[name]; ok {
				t[b] = scopes
			} else {
				t["\x00"+name] = scopes
			}
		}
		halts[i] = t
		inHead[canonical(grantValue(t))] = true
	}
	// a base alternative the head lists as well is satisfied by it: only
	// the others are searched, within the bound.
	var search []secAlt
	seen := map[string]bool{}
	for _, grant := range balts {
		if k := canonical(grantValue(grant)); !inHead[k] && !seen[k] {
			seen[k] = true
			search = append(search, grant)
		}
	}
	if len(search)*len(halts) > maxGrantChecks {
		d.undecidable(loc{file: d.head, ptr: surviving(d.head, headPtr)}, &loc{file: d.base, ptr: surviving(d.base, basePtr)}, p.subject+" security",
			fmt.Sprintf("%s cannot be compared: %d base alternatives against %d head alternatives are more than the 100000 checks mcpschema makes for one requirement, so a grant the head no longer accepts may go unreported; list fewer alternatives", where, len(search), len(halts)))
		return true
	}
	for _, grant := range search {
		var best secAlt
		bestSchemes, bestScopes := -1, 0
		satisfied := false
		for _, alt := range halts {
			schemes, scopes := alt.Missing(grant)
			n := 0
			for _, s := range scopes {
				n += len(s)
			}
			if len(schemes) == 0 && n == 0 {
				satisfied = true
				break
			}
			if best == nil || len(schemes) < bestSchemes || len(schemes) == bestSchemes && n < bestScopes {
				best, bestSchemes, bestScopes = alt, len(schemes), n
			}
		}
		if satisfied || best == nil {
			continue
		}
		at := loc{file: d.head, ptr: surviving(d.head, headPtr)}
		if at.ptr != headPtr && p.head != nil {
			at.ptr = p.head.ptr
		}
		base := &loc{file: d.base, ptr: surviving(d.base, basePtr)}
		x := docFinding{at: at, base: base, subject: p.subject + " security", before: grantText(grant), witness: grantValue(grant)}
		if p.tool {
			x.tool, x.toolPtr = p.head.name, p.head.ptr
		}
		schemes, scopes := best.Missing(grant)
		switch {
		case len(grant) == 0:
			x.rule = RuleSecurityRequirementAdded
			x.msg = fmt.Sprintf("%s no longer allows access without credentials: clients that call without credentials break; keep {} as an alternative requirement", where)
		case len(schemes) == 0:
			var parts []string
			for _, name := range sortedKeys(scopes) {
				parts = append(parts, fmt.Sprintf("scope %s of %q", quoteStrings(scopes[name]), name))
			}
			x.rule = RuleSecurityScopeAdded
			x.msg = fmt.Sprintf("%s now needs %s: clients holding the old grant %s break; keep the old requirement as an alternative", where, strings.Join(parts, " and "), grantText(grant))
		default:
			names := make([]string, len(schemes))
			for i, s := range schemes {
				names[i] = strings.TrimPrefix(s, "\x00")
			}
			sort.Strings(names)
			x.rule = RuleSecurityRequirementAdded
			x.msg = fmt.Sprintf("%s now requires security scheme %s, which the old grant %s does not include: clients holding that grant break; keep the old requirement as an alternative", where, quoteStrings(names), grantText(grant))
		}
		d.add(x)
		return true
	}
	return false
}
