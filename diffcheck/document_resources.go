package diffcheck

import (
	"fmt"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
	"github.com/mcpschema/mcpschema/internal/uritemplate"
)

// The resource and resource template rules (MCP Description section 10):
// compareResources, compareTemplates and compareTemplate.
var (
	RuleResourceRemoved = compatRule{
		ID: "compat.resource.removed", Level: rules.Must, Severity: rules.Error,
		Title:   "resource removed",
		Summary: "a resource present at the base revision is still declared",
		Doc:     "Clients read resources by uri (resources/read); a resource is paired by its uri and protocol scope, so a changed uri removes the old resource (the message names the resource of the same name that took its place). A changed name, title or description is not a removal; a resource no longer declared for a protocol version the document still describes is removed for that version." + docDoc,
		Fix:     "keep serving the resource at its old uri, or mark it `deprecated: true` first and remove it in a later release",
	}.rule()

	RuleResourceMimeTypeChanged = compatRule{
		ID: "compat.resource.mime-type-changed", Level: rules.Should, Severity: rules.Warning,
		Title:   "resource mime type changed",
		Summary: "a resource keeps its declared mimeType",
		Doc:     "A resource's `mimeType` tells consumers how to parse its content; a different type (compared without parameters and case) or a type no longer declared breaks consumers that rely on it. The specification makes the declared type a hint: each returned content entry's own `mimeType` is authoritative and consumers must treat types as untrusted hints (MCP Description 10.4.4, 10.4.5), so it is a warning." + docDoc,
		Fix:     "keep the old type, or serve the new representation under another uri",
	}.rule()

	RuleTemplateRemoved = compatRule{
		ID: "compat.resource-template.removed", Level: rules.Must, Severity: rules.Error,
		Title:   "resource template removed",
		Summary: "a resource template present at the base revision is still declared",
		Doc:     "Clients build resource uris from templates (and complete their variables); removing one breaks them. Templates are paired by `uriTemplate`, then by name (a template whose `uriTemplate` changed), with their protocol scope; a template no longer declared for a protocol version the document still describes is removed for that version." + docDoc,
		Fix:     "keep the template, or mark it `deprecated: true` first and remove it in a later release",
	}.rule()

	RuleTemplateVariableRemoved = compatRule{
		ID: "compat.resource-template.variable-removed", Level: rules.Must, Severity: rules.Error,
		Title:   "template variable removed",
		Summary: "no variable of a resource template is removed",
		Doc:     "The variables of an RFC 6570 `uriTemplate` (operators and modifiers do not change a variable's name: `{+path}`, `{id:3}` and `{?owner,repository}` name path, id, owner and repository) are what clients fill, in the uris they build and in completion/complete requests that name them; a variable gone at head breaks them." + docDoc,
		Fix:     "keep the variable in the template",
	}.rule()

	RuleTemplateURIChanged = compatRule{
		ID: "compat.resource-template.uri-changed", Level: rules.Must, Severity: rules.Error,
		Title:   "resource template uri changed",
		Summary: "a resource template still matches the uris its base template produced",
		Doc:     "A template paired by name whose `uriTemplate` changed is expanded at the base (every variable set to \"x\"); when that uri cannot be an expansion of the head template (its literal text differs), clients that build uris the old way break. The uri is the witness. A change the matcher cannot disprove (only expressions changed) is silent." + docDoc,
		Fix:     "keep the old template as another resource template",
	}.rule()

	RuleTemplateMimeTypeChanged = compatRule{
		ID: "compat.resource-template.mime-type-changed", Level: rules.Should, Severity: rules.Warning,
		Title:   "template mime type changed",
		Summary: "a resource template keeps its declared mimeType",
		Doc:     "As for resources: the declared type is a hint that consumers rely on, and content entries carry the authoritative type (MCP Description 10.4.4), so a changed or dropped `mimeType` is a warning." + docDoc,
		Fix:     "keep the old type, or serve the new representation through another template",
	}.rule()
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
