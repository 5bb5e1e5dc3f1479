package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/uritemplate"
)

func (d *docCmp) compareResources() {
	base, head := collectDecls(d.base, "resources"), collectDecls(d.head, "resources")
	pairs, removed, added := d.pairDecls("resources at uri", base, head, func(x *decl) string { return x.str("uri") })
	// the added resources by name, for the hint: one lookup per removed
	// resource, not a scan of all added ones.
	addedByName := map[string][]*decl{}
	for _, h := range added {
		if h.name != "" && h.str("uri") != "" {
			addedByName[h.name] = append(addedByName[h.name], h)
		}
	}
	for _, b := range removed {
		uri := b.str("uri")
		if uri == "" {
			continue
		}
		at, bl, rm := d.gone(b.ptr, "/resources")
		withDoc, hint := "", ""
		if d.head == nil {
			withDoc = fmt.Sprintf(" with its document %q", d.base.Path)
		}
		for _, h := range addedByName[b.name] {
			if h.str("uri") != uri {
				hint = fmt.Sprintf("; a resource of that name is now at %q", h.str("uri"))
				break
			}
		}
		d.add(docFinding{rule: RuleResourceRemoved, at: at, base: bl, removed: rm, subject: "resource " + uri, before: uri,
			msg: fmt.Sprintf("%s%s was removed%s: clients that read %q break%s; keep serving it, or mark it deprecated first and remove it in a later release", resourceLabel(b), scopeText(b), withDoc, uri, hint)})
	}
	d.reportLostVersions(RuleResourceRemoved, pairs, head, func(x *decl) string { return x.str("uri") }, resourceLabel,
		func(p declPair) string { return "resource " + p.base.str("uri") }, "read it")
	for _, p := range pairs {
		d.compareMimeType(p, RuleResourceMimeTypeChanged, resourceLabel(p.head), "resource "+p.head.str("uri"))
		d.prims = append(d.prims, primPair{declPair: p, label: resourceLabel(p.head), subject: "resource " + p.head.str("uri")})
	}
}

// resourceLabel names a resource for messages: its uri, and its name.
func resourceLabel(x *decl) string {
	if x.name != "" {
		return fmt.Sprintf("resource %q at %q", x.name, x.str("uri"))
	}
	return fmt.Sprintf("resource %q", x.str("uri"))
}

// templateLabel names a resource template for messages.
func templateLabel(x *decl) string {
	if x.name != "" {
		return fmt.Sprintf("resource template %q at %q", x.name, x.str("uriTemplate"))
	}
	return fmt.Sprintf("resource template %q", x.str("uriTemplate"))
}

func (d *docCmp) compareTemplates() {
	base, head := collectDecls(d.base, "resourceTemplates"), collectDecls(d.head, "resourceTemplates")
	// the same uriTemplate first, then the same name (a template whose uriTemplate changed).
	pairs, rb, ah := d.pairDecls("resource templates with uriTemplate", base, head, func(x *decl) string { return x.str("uriTemplate") })
	more, removed, _ := d.pairDecls("resource templates named", rb, ah, func(x *decl) string { return x.name })
	pairs = append(pairs, more...)
	for _, b := range removed {
		if b.str("uriTemplate") == "" {
			continue
		}
		at, bl, rm := d.gone(b.ptr, "/resourceTemplates")
		how := ""
		if d.head == nil {
			how = fmt.Sprintf(" with its document %q", d.base.Path)
		}
		d.add(docFinding{rule: RuleTemplateRemoved, at: at, base: bl, removed: rm, subject: "resource template " + b.str("uriTemplate"), before: b.str("uriTemplate"),
			msg: fmt.Sprintf("%s%s was removed%s: clients that read resources through it break; keep it, or mark it deprecated first and remove it in a later release", templateLabel(b), scopeText(b), how)})
	}
	d.reportLostVersions(RuleTemplateRemoved, pairs, head, func(x *decl) string { return x.str("uriTemplate") }, templateLabel,
		func(p declPair) string { return "resource template " + p.base.str("uriTemplate") }, "read resources through it")
	for _, p := range pairs {
		subject := "resource template " + p.base.str("uriTemplate")
		if p.base.name != "" {
			subject = "resource template " + p.base.name
		}
		d.compareTemplate(p, subject)
		d.compareMimeType(p, RuleTemplateMimeTypeChanged, templateLabel(p.head), subject)
		d.prims = append(d.prims, primPair{declPair: p, label: templateLabel(p.head), subject: subject})
	}
}

func (d *docCmp) compareTemplate(p declPair, subject string) {
	bt, ht := p.base.str("uriTemplate"), p.head.str("uriTemplate")
	if bt == ht {
		return
	}
	if len(bt) > maxTemplate || len(ht) > maxTemplate {
		return // too long to compare
	}
	btpl, bproblem := uritemplate.Parse(bt)
	htpl, hproblem := uritemplate.Parse(ht)
	if bproblem != "" || hproblem != "" {
		return // validation reports a malformed template
	}
	at := loc{file: d.head, ptr: source.Join(p.head.ptr, "uriTemplate")}
	base := &loc{file: d.base, ptr: source.Join(p.base.ptr, "uriTemplate")}
	hv := map[string]bool{}
	for _, v := range htpl.Names() {
		hv[v] = true
	}
	for _, v := range btpl.Names() {
		if hv[v] {
			continue
		}
		d.add(docFinding{rule: RuleTemplateVariableRemoved, at: at, base: base, subject: subject + " variable " + v, before: v,
			msg: fmt.Sprintf("variable %q of %s was removed (was %q): clients that fill it, in the uris they build and in completion requests, break; keep the variable", v, templateLabel(p.head), bt)})
	}
	uri := btpl.Sample()
	if re := htpl.LiteralMatcher(); re != nil && !re.MatchString(uri) {
		d.add(docFinding{rule: RuleTemplateURIChanged, at: at, base: base, subject: subject, before: bt, after: ht, witness: uri,
			msg: fmt.Sprintf("the uriTemplate of %s changed from %q: uris built from the old template, such as %q, no longer match it; keep the old template as another resource template", templateLabel(p.head), bt, uri)})
	}
}

// compareMimeType reports a declared mimeType that changed or is gone.
func (d *docCmp) compareMimeType(p declPair, rule *rules.Rule, label, subject string) {
	bm, hm := p.base.str("mimeType"), p.head.str("mimeType")
	if bm == "" || mcpdesc.MediaType(bm) == mcpdesc.MediaType(hm) {
		return
	}
	if hm == "" {
		d.add(docFinding{rule: rule, at: loc{file: d.head, ptr: p.head.ptr}, base: &loc{file: d.base, ptr: source.Join(p.base.ptr, "mimeType")}, removed: true,
			subject: subject, before: bm,
			msg: fmt.Sprintf("%s no longer declares its mimeType %q: consumers that rely on it lose the type; declare it again", label, bm)})
		return
	}
	d.add(docFinding{rule: rule, at: loc{file: d.head, ptr: source.Join(p.head.ptr, "mimeType")}, base: &loc{file: d.base, ptr: source.Join(p.base.ptr, "mimeType")},
		subject: subject, before: bm, after: hm,
		msg: fmt.Sprintf("the mimeType of %s changed from %q to %q: consumers that parse the content as %q break; keep the old type, or serve the new one under another uri", label, bm, hm, bm)})
}

// maxTemplate is the longest uriTemplate compared, in bytes.
const maxTemplate = 8192
