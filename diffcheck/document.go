package diffcheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mcpschema/mcpschema/internal/mcpdesc"
	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/rules"
	"github.com/mcpschema/mcpschema/internal/source"
)

// CompareDocument judges the parts of an MCP Description document beyond
// its tools' schemas between base and head, two revisions of one path:
// prompts and their arguments, resources and resource templates, security
// schemes and requirements, server capabilities, primitive client
// requirements, and transports. head nil means the document was deleted:
// everything it declared is removed, reported at the base. A base that is
// not a readable MCP Description gives nothing to compare.
func CompareDocument(base, head *source.File) []report.Finding {
	if base == nil || base.Fatal() {
		return nil
	}
	snap := snapshotDocument(base)
	if base.Shape != source.ShapeDescription && !snap {
		return nil
	}
	if _, ok := base.Root.(map[string]any); !ok {
		return nil
	}
	d := &docCmp{base: base}
	if head != nil && !head.Fatal() {
		d.head = head
	}
	if snap {
		// a snapshot lists what one server answered: its prompts, resources
		// and templates, nothing else a document declares. A head snapshot
		// taken without --all lists none of them, which says nothing.
		if d.head != nil && d.head.Shape != source.ShapeDescription && !snapshotDocument(d.head) {
			return nil
		}
		d.comparePrompts()
		d.compareResources()
		d.compareTemplates()
		sort.SliceStable(d.findings, func(i, j int) bool { return report.Less(d.findings[i], d.findings[j]) })
		return d.findings
	}
	d.compareVersions()
	d.comparePrompts()
	d.compareResources()
	d.compareTemplates()
	d.addToolPrims()
	d.compareSecurity()
	d.compareCapabilities()
	d.compareClientRequirements()
	d.compareTransports()
	sort.SliceStable(d.findings, func(i, j int) bool { return report.Less(d.findings[i], d.findings[j]) })
	return d.findings
}

// snapshotDocument reports whether f is a JSON snapshot written by
// `mcpschema snapshot --all`: a tools/list-shaped root that also lists
// prompts, resources or resource templates, compared as a document's are.
func snapshotDocument(f *source.File) bool {
	if f == nil || f.Fatal() || f.Shape != source.ShapeListResult {
		return false
	}
	root := docRoot(f)
	for _, k := range []string{"prompts", "resources", "resourceTemplates"} {
		if _, ok := root[k].([]any); ok {
			return true
		}
	}
	return false
}

// The document's protocol coverage (MCP Description 3.2, 4), judged by compareVersions.
var (
	RuleProtocolVersionRemoved = compatRule{
		ID: "compat.document.protocol-version-removed", Level: rules.Must, Severity: rules.Error,
		Title:   "protocol version removed",
		Summary: "a protocol version the document described at the base revision is still described",
		Doc:     "Root `protocolVersions` is the set of MCP revisions the document describes; a client that speaks only a revision dropped from it loses everything the document declares for it. Only known protocol versions are compared (an unknown one is a validation finding). The declarations scoped to that version alone are then reported as removed too." + docDoc,
		Fix:     "keep the version in protocolVersions, or announce the end of its support first",
	}.rule()
)

// compareVersions reports protocol versions the root no longer lists.
func (d *docCmp) compareVersions() {
	if d.head == nil {
		return // the document's primitives are reported one by one
	}
	bl, _ := docRoot(d.base)["protocolVersions"].([]any)
	hl, ok := docRoot(d.head)["protocolVersions"].([]any)
	if !ok {
		return // validation reports a document without protocolVersions
	}
	has := map[string]bool{}
	for _, s := range mcpdesc.Strings(hl) {
		has[s] = true
	}
	for i, v := range bl {
		s, ok := mcpdesc.Version(v)
		if !ok || has[s] || !rules.IsProtocolVersion(s) {
			continue
		}
		has[s] = true
		d.add(docFinding{rule: RuleProtocolVersionRemoved, at: loc{file: d.head, ptr: "/protocolVersions"},
			base: &loc{file: d.base, ptr: source.JoinIndex("/protocolVersions", i)}, removed: true, subject: "protocol version " + s, before: s,
			msg: fmt.Sprintf("protocol version %q is no longer described: clients that speak only %q lose every tool, resource and prompt of the document; keep describing it, or announce the end of its support first", s, s)})
	}
}

// docCmp holds one base/head document pair and the findings about it.
type docCmp struct {
	base, head *source.File
	findings   []report.Finding
	// prims are the paired primitives (prompts, resources, templates),
	// for the security and client-requirement comparisons.
	prims      []primPair
	transports *transportPairing
}

// primPair is a paired primitive and how messages name it.
type primPair struct {
	declPair
	label, subject string
	tool           bool
}

// docRoot returns a document's root members (nil for a deleted document or one
// whose root is no object).
func docRoot(f *source.File) map[string]any {
	if f == nil {
		return nil
	}
	m, _ := f.Root.(map[string]any)
	return m
}

// docFinding is a finding before positions and fingerprint are filled.
type docFinding struct {
	rule *rules.Rule
	sev  rules.Severity
	// at is the head position, or the base position for a deleted document.
	at loc
	// base is where the element was at the base revision.
	base *loc
	// removed: at is the nearest surviving ancestor of base.
	removed bool
	// subject names what the finding is about, stable across moves
	// ("prompt greeting"), for the fingerprint.
	subject string
	// tool is the tool the finding is about, if any, and its pointer.
	tool, toolPtr string
	msg           string
	before, after any
	witness       any
	// incomplete: a bound stopped the comparison (compat.document.undecidable).
	incomplete bool
}

func (d *docCmp) add(x docFinding) {
	sev := x.sev
	if sev == 0 {
		sev = x.rule.Severity
	}
	pos, _ := x.at.file.Index.Locate(x.at.ptr)
	f := report.Finding{Rule: x.rule.ID, Severity: sev, File: x.at.file.Path, Pointer: x.at.ptr,
		Line: pos.Line, Column: pos.Column, Witness: x.witness, Tool: x.tool, ToolPointer: x.toolPtr, Incomplete: x.incomplete}
	msg := x.msg
	if x.base != nil {
		f.Base = x.base.location()
		if x.removed {
			msg = withBase(msg, x.base.text())
		}
	}
	f.Message = msg
	f.Fingerprint = report.Fingerprint(x.rule.ID, x.subject, canonical(x.before), canonical(x.after))
	d.findings = append(d.findings, f)
}

// A bound on the work of the document comparison was reached; the
// comparison says so instead of passing silently (undecidable).
var (
	RuleDocumentUndecidable = compatRule{
		ID: "compat.document.undecidable", Level: rules.Should, Severity: rules.Error,
		Title:   "document change not decidable",
		Summary: "a change of an MCP Description document can be judged within the work bounds",
		Doc:     "The document comparison is bounded on hostile input: at most 16×16 same-key declarations with different protocol scopes are paired by scope overlap, at most 40000 removed×added prompt pairs are searched for renames, at most 100000 alternative checks compare one Security Requirement Array with another, and a primitive is compared through at most 32 distinct transport security requirements. Past a bound the part left unjudged is reported with this finding, which names the bound, and the report is incomplete; what was judged is still reported. The gate fails closed: it is an error (a warning before; `rules: {compat.document.undecidable: warning}` in the base branch's config restores that, and `fail-on: incomplete` still fails it)." + docDoc,
		Fix:     "split the declarations so each comparison stays within the bound (give each name one declaration per disjoint protocol scope, fewer security alternatives, fewer distinct transport requirements), or review the change by hand",
	}.rule()
)

// undecidable reports that a bound on the work stopped part of the
// comparison: a warning that marks the report incomplete.
func (d *docCmp) undecidable(at loc, base *loc, subject, msg string) {
	d.add(docFinding{rule: RuleDocumentUndecidable, at: at, base: base, subject: subject, msg: msg, incomplete: true})
}

// gone places a finding about something at basePtr that is gone at head:
// at headPtr when it exists there (the nearest surviving ancestor the
// caller knows), else at the nearest ancestor of headPtr that exists, and
// at the base for a deleted document.
func (d *docCmp) gone(basePtr, headPtr string) (at loc, base *loc, removed bool) {
	b := &loc{file: d.base, ptr: basePtr}
	if d.head == nil {
		return *b, b, false
	}
	return loc{file: d.head, ptr: surviving(d.head, headPtr)}, b, true
}

// surviving returns ptr or its nearest ancestor that exists in f.
func surviving(f *source.File, ptr string) string {
	for ptr != "" {
		if _, ok := source.Resolve(f.Root, ptr); ok {
			return ptr
		}
		ptr = source.Parent(ptr)
	}
	return ""
}

// decl is one declaration of a collection (a prompt, a resource, a tool).
type decl struct {
	ptr string
	obj map[string]any
	// name is the declaration's name ("" when it has none).
	name string
	// scope is its own protocolVersions, sorted (nil when undeclared).
	scope []string
}

func (x *decl) str(key string) string { s, _ := x.obj[key].(string); return s }

func (x *decl) scopeKey() string { return strings.Join(x.scope, ",") }

// collectDecls returns the object entries of the array member of a root.
func collectDecls(f *source.File, member string) []*decl {
	list, _ := docRoot(f)[member].([]any)
	out := make([]*decl, 0, len(list))
	for i, v := range list {
		obj, ok := v.(map[string]any)
		if !ok {
			continue
		}
		x := &decl{ptr: source.JoinIndex("/"+member, i), obj: obj}
		x.name, _ = obj["name"].(string)
		if vs, ok := obj["protocolVersions"].([]any); ok {
			x.scope = mcpdesc.Strings(vs)
			sort.Strings(x.scope)
		}
		out = append(out, x)
	}
	return out
}

// declPair is a base declaration and the head one that continues it.
type declPair struct {
	base, head *decl
	renamed    bool
}

// maxOverlapPairs bounds the scope-overlap pairing of the declarations of
// one key: base candidates times head candidates.
const maxOverlapPairs = 256

// pairDecls pairs declarations with the same key (and protocol scope: equal
// scopes first, then the largest overlap, then one left on each side). It
// returns the pairs and what is left on each side, in document order.
// Declarations whose key is "" are never paired. what names the
// declarations ("prompts named") for the compat.document.undecidable
// finding reported when a key has too many candidates to pair by overlap.
func (d *docCmp) pairDecls(what string, base, head []*decl, key func(*decl) string) (pairs []declPair, removed, added []*decl) {
	bk, hk := map[string][]*decl{}, map[string][]*decl{}
	for _, x := range base {
		if k := key(x); k != "" {
			bk[k] = append(bk[k], x)
		}
	}
	for _, x := range head {
		if k := key(x); k != "" {
			hk[k] = append(hk[k], x)
		}
	}
	used := map[*decl]bool{}
	take := func(b, h *decl) {
		used[b], used[h] = true, true
		pairs = append(pairs, declPair{base: b, head: h})
	}
	free := func(list []*decl) []*decl {
		var out []*decl
		for _, x := range list {
			if !used[x] {
				out = append(out, x)
			}
		}
		return out
	}
	for _, k := range sortedKeys(hk) {
		bs, hs := bk[k], hk[k]
		byScope := map[string][]*decl{}
		for _, h := range hs {
			byScope[h.scopeKey()] = append(byScope[h.scopeKey()], h)
		}
		for _, b := range bs {
			if q := byScope[b.scopeKey()]; len(q) > 0 {
				take(b, q[0])
				byScope[b.scopeKey()] = q[1:]
			}
		}
		// the largest overlap next, for the few same-key declarations a
		// document has (many of them are invalid anyway: scopes must be
		// disjoint); past the bound the search is not made.
		fb, fh := free(bs), free(hs)
		over := len(fb) > 0 && len(fh) > 0 && len(fb)*len(fh) > maxOverlapPairs
		for ; !over && len(fb) > 0 && len(fh) > 0; fb, fh = free(bs), free(hs) {
			best, bb, bh := 0, (*decl)(nil), (*decl)(nil)
			for _, b := range fb {
				for _, h := range fh {
					if o := scopeOverlap(b.scope, h.scope); o > best {
						best, bb, bh = o, b, h
					}
				}
			}
			if bb == nil {
				break
			}
			take(bb, bh)
		}
		if fb, fh := free(bs), free(hs); !over && len(fb) == 1 && len(fh) == 1 {
			take(fb[0], fh[0])
		}
		d.pairCovered(free(bs), hs, used, &pairs)
		if fb, fh := free(bs), free(hs); over && len(fb) > 0 && len(fh) > 0 {
			d.undecidable(loc{file: d.head, ptr: fh[0].ptr}, &loc{file: d.base, ptr: fb[0].ptr}, what+" "+k,
				fmt.Sprintf("%d base and %d head %s %q with different protocol scopes are more than the 16×16 mcpschema pairs by scope overlap: they are compared as removed and added, and what changed in them is not judged; give each declaration of a name its own protocol scope (scopes of one name must be disjoint)", len(fb), len(fh), what, k))
		}
	}
	return pairs, free(base), free(head)
}

// pairCovered pairs each base declaration left unpaired with the head
// declarations of the same key whose effective protocol scopes together
// cover every version the base one served that the head still describes:
// variants merged into one declaration, or one declaration split into
// variants, are not removed, and each head declaration is compared with
// the base ones it continues (a head declaration may continue several
// base ones, a base one several head ones). Effective scopes are sets of the few known versions, so the
// head side is grouped by scope and the search stays linear.
func (d *docCmp) pairCovered(left, hs []*decl, used map[*decl]bool, pairs *[]declPair) {
	if len(left) == 0 || len(hs) == 0 || d.head == nil {
		return
	}
	type scoped struct {
		scope []string
		h     *decl
	}
	var byScope []scoped
	seen := map[string]bool{}
	for _, h := range hs {
		sc := effectiveScope(d.head, h.obj)
		if k := strings.Join(sc, ","); !seen[k] {
			seen[k] = true
			byScope = append(byScope, scoped{sc, h})
		}
	}
	hv := rootVersions(d.head)
	for _, b := range left {
		var need []string
		for _, v := range effectiveScope(d.base, b.obj) {
			if hasString(hv, v) {
				need = append(need, v)
			}
		}
		if len(need) == 0 {
			continue // its versions are gone: reported with them
		}
		// the head variants serving some of those versions, if together
		// they serve all of them: each is compared with the base one.
		var with []*decl
		covered := map[string]bool{}
		for _, c := range byScope {
			hit := false
			for _, v := range need {
				if hasString(c.scope, v) {
					hit, covered[v] = true, true
				}
			}
			if hit {
				with = append(with, c.h)
			}
		}
		if len(covered) < len(need) {
			continue // a version it served is gone: removed
		}
		used[b] = true
		for _, h := range with {
			*pairs = append(*pairs, declPair{base: b, head: h})
		}
	}
}

// scopeOverlap counts the versions two sorted scopes share.
func scopeOverlap(a, b []string) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			n++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return n
}

// scopeText renders a declaration's own protocol scope for messages.
func scopeText(x *decl) string {
	if len(x.scope) == 0 {
		return ""
	}
	return " (protocol versions " + strings.Join(x.scope, ", ") + ")"
}

// rootVersions returns the known protocol versions a document's root
// protocolVersions lists, oldest first (unknown ones are validation's).
func rootVersions(f *source.File) []string {
	return mcpdesc.RootVersions(docRoot(f))
}

// effectiveScope is a declaration's scope within the root's, as validation
// reads it (mcpdesc.Scope).
func effectiveScope(f *source.File, obj map[string]any) []string {
	return mcpdesc.Scope(obj, rootVersions(f))
}

// hasString reports whether list holds s.
func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// servedVersions returns, for each key of decls (declarations of f), the
// set of protocol versions its declarations serve together: a set, so that
// many same-key declarations do not make every lookup a scan of them all.
func servedVersions(f *source.File, decls []*decl, key func(*decl) string) map[string]map[string]bool {
	serves := map[string]map[string]bool{}
	for _, x := range decls {
		if k := key(x); k != "" {
			if serves[k] == nil {
				serves[k] = map[string]bool{}
			}
			for _, v := range effectiveScope(f, x.obj) {
				serves[k][v] = true
			}
		}
	}
	return serves
}

// reportLostVersions reports each paired base declaration that served a
// protocol version the head still describes and that no head declaration
// of the same head key (name, uri or uriTemplate) serves any longer: a
// declaration narrowed to fewer versions is removed for the others. clients
// says what the clients of those versions do ("get it by name").
func (d *docCmp) reportLostVersions(rule *rules.Rule, pairs []declPair, head []*decl, key func(*decl) string, label func(*decl) string, subject func(declPair) string, clients string) {
	if d.head == nil {
		return
	}
	hv := rootVersions(d.head)
	serves := servedVersions(d.head, head, key)
	done := map[*decl]bool{}
	for _, p := range pairs {
		if done[p.base] {
			continue
		}
		done[p.base] = true
		var lost []string
		for _, v := range effectiveScope(d.base, p.base.obj) {
			if hasString(hv, v) && !serves[key(p.head)][v] {
				lost = append(lost, v)
			}
		}
		if len(lost) == 0 {
			continue
		}
		at := p.head.ptr
		if _, own := p.head.obj["protocolVersions"]; own {
			at = source.Join(at, "protocolVersions")
		}
		x := docFinding{rule: rule, at: loc{file: d.head, ptr: at}, base: &loc{file: d.base, ptr: p.base.ptr},
			subject: subject(p) + " versions", before: lost,
			msg: fmt.Sprintf("%s is no longer declared for protocol versions %s, which the document still describes: clients of those versions that %s break; keep them in its protocolVersions, or declare a variant for them", label(p.head), strings.Join(lost, ", "), clients)}
		if rule == RuleToolRemoved {
			x.tool, x.toolPtr = p.head.name, p.head.ptr
		}
		d.add(x)
	}
}
