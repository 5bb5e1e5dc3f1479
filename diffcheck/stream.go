package diffcheck

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mcpschema/mcpschema/internal/report"
	"github.com/mcpschema/mcpschema/internal/schema"
	"github.com/mcpschema/mcpschema/internal/source"
)

// A Differ compares base and head path by path, so that memory follows the
// files in flight, not the tree: Add pairs the tools of one path's base and
// head files by name and judges those pairs at once, keeping only findings
// and a small summary of every tool. Finish pairs the summaries of the
// whole tree exactly as Compare pairs whole files (aliases, names and
// protocol scopes across files, renames by equivalent inputs); a pair the
// per-path guess did not make (a tool moved to another file, an alias, a
// rename) is judged there, after reloading only the files it needs.
type Differ struct {
	opts Options
	// day: the day deprecations are judged on, read once (Options.Now).
	day   string
	eng   *schema.Engine
	mu    sync.Mutex
	units []*unitResult
}

// NewDiffer returns a Differ; eng is the schema engine to share (nil: a new one).
func NewDiffer(opts Options, eng *schema.Engine) *Differ {
	if eng == nil {
		eng = schema.NewEngine(opts.Schema.WithDefaults())
	}
	return &Differ{opts: opts, eng: eng, day: opts.day()}
}

// Loader returns again the file Add was given at seq on one side.
type Loader func(base bool, seq int) (*source.File, error)

// fileSrc names one input file of a comparison: its side, its place in the
// order of that side and its path.
type fileSrc struct {
	base bool
	seq  int
	path string
}

// sideIn is one input file and its place in the order of its side.
type sideIn struct {
	f   *source.File
	seq int
}

// toolSum is what a tool summary keeps of the per-path comparison.
type toolSum struct {
	// local is the per-path pair of a base tool (its head is nil when
	// the tool was unpaired there).
	local localPair
	// removed and added are the findings of the tool if it stays unpaired
	// (valid when hasRemoved or hasAdded; nil when suppressed).
	removed, added       []report.Finding
	hasRemoved, hasAdded bool
	// sig summarises the tool's inputSchema for renames ("" when unusable;
	// valid when hasSig): equivalent inputs have equal signatures.
	sig    string
	hasSig bool
}

// localPair is a per-path pair and what judging it found.
type localPair struct {
	head           *toolRef
	renamed, alias bool
	findings       []report.Finding
}

// fileSum is the summary of one input file.
type fileSum struct {
	src        *fileSrc
	tools      []*toolRef
	unreadable []report.Finding
}

// unitResult is what Add kept of one path.
type unitResult struct {
	path                  string
	bases, heads          []fileSum
	headFatal, unreadable bool
	lastHead              *fileSrc
	// documents are the findings of the path's MCP Description document
	// beyond its tools (CompareDocument) and, when the base file held no
	// tool definitions, the notice saying so (notComparable).
	documents     []report.Finding
	notComparable bool
	// goneDoc and newDoc are set for an MCP Description document present
	// only at the base (goneDoc: its info.name, documents then holds the
	// findings of its removal) or only at the head (newDoc), so that Finish
	// can pair a moved document by its server name, as the whole-tree reference of the tests does.
	goneDoc, newDoc string
	goneSrc, newSrc *fileSrc
}

// Add pairs and judges the tools of one path: base and head are the files
// at the base and at the head, with the same Path (nil when absent). Pass the same
// file as base and head when its bytes did not change: its tools are then
// not judged again. seq orders the paths (as the files of a side would be
// listed); Add may be called from several goroutines.
func (d *Differ) Add(seq int, base, head *source.File) {
	var bases, heads []sideIn
	path := ""
	if base != nil {
		bases, path = []sideIn{{base, seq}}, base.Path
	}
	if head != nil {
		heads, path = []sideIn{{head, seq}}, head.Path
	}
	if base == nil && head == nil {
		return
	}
	d.addUnit(path, bases, heads)
}

// addUnit pairs the tools of the files of one path, judges the pairs and
// keeps their findings and a summary of each tool.
func (d *Differ) addUnit(path string, bases, heads []sideIn) {
	c := &comparer{eng: d.eng, headByPath: map[string]*source.File{}, strictOutputs: d.opts.StrictOutputs, ctx: d.opts.Context, day: d.day}
	u := &unitResult{path: path}
	if len(heads) > 0 {
		c.headByPath[path] = heads[len(heads)-1].f
	}
	for _, h := range heads {
		if h.f.Fatal() {
			u.headFatal = true
		}
	}
	summary := map[*toolRef]*toolRef{}
	collect := func(in sideIn, base bool) (fileSum, []*toolRef) {
		src := &fileSrc{base: base, seq: in.seq, path: path}
		fs := fileSum{src: src}
		full := fileTools(in.f, src)
		for _, t := range full {
			s := &toolRef{tool: source.Tool{Name: t.tool.Name, HasName: true}, scope: t.scope, server: t.server, src: src, idx: t.idx}
			summary[t] = s
			fs.tools = append(fs.tools, s)
		}
		return fs, full
	}
	var bt, ht []*toolRef
	for _, b := range bases {
		fs, full := collect(b, true)
		if b.f.Fatal() {
			u.unreadable = true
			c.baseUnreadable(b.f)
			fs.unreadable, c.findings = c.findings, nil
		}
		u.bases = append(u.bases, fs)
		bt = append(bt, full...)
	}
	for _, h := range heads {
		fs, full := collect(h, false)
		u.heads = append(u.heads, fs)
		u.lastHead = fs.src
		ht = append(ht, full...)
	}
	pairs, removed, added := pairTools(bt, ht, d.opts.Aliases, nil)
	for _, p := range pairs {
		c.judgePair(p)
		sumOf(summary[p.base]).local = localPair{head: summary[p.head], renamed: p.renamed, alias: p.alias, findings: c.findings}
		c.findings = nil
	}
	for _, t := range removed {
		s := sumOf(summary[t])
		if !u.headFatal {
			c.toolRemoved(t)
		}
		s.removed, s.hasRemoved, c.findings = c.findings, true, nil
		s.sig, s.hasSig = inputSig(t), true
	}
	for _, t := range added {
		s := sumOf(summary[t])
		if !u.unreadable {
			c.toolAdded(t)
		}
		s.added, s.hasAdded, c.findings = c.findings, true, nil
		s.sig, s.hasSig = inputSig(t), true
	}
	d.comparePathDocuments(c, u, bases, heads)
	d.mu.Lock()
	d.units = append(d.units, u)
	d.mu.Unlock()
}

// comparePathDocuments compares the rest of the path's MCP Description
// document (prompts, resources, security, ...; a deleted document with
// nothing) and notes a base file that held no tool definitions, as
// the whole-tree reference of the tests (wholetree_test.go) does.
func (d *Differ) comparePathDocuments(c *comparer, u *unitResult, bases, heads []sideIn) {
	var head *source.File
	if len(heads) > 0 {
		head = heads[len(heads)-1].f
	}
	c.findings = nil
	if len(bases) == 0 && head != nil && !head.Fatal() {
		if n := source.ServerName(head); n != "" {
			u.newDoc, u.newSrc = n, &fileSrc{base: false, seq: heads[len(heads)-1].seq, path: head.Path}
		}
	}
	for _, b := range bases {
		if head == nil {
			if n := source.ServerName(b.f); n != "" && len(bases) == 1 {
				u.goneDoc, u.goneSrc = n, &fileSrc{base: true, seq: b.seq, path: b.f.Path}
			}
		}
		if head == nil || !head.Fatal() {
			c.findings = append(c.findings, documentLifecycle(d.day, b.f, head, CompareDocument(b.f, head))...)
		}
		if NotComparable(b.f, head) {
			u.notComparable = true
			c.baseNotComparable(b.f, head)
		}
	}
	u.documents, c.findings = c.findings, nil
}

func sumOf(t *toolRef) *toolSum {
	if t.sum == nil {
		t.sum = &toolSum{}
	}
	return t.sum
}

// Finish pairs the tools of every path as one tree and returns all
// findings, sorted. load returns a file given to Add again; it is called
// only for the files of tools whose pairing differs from the per-path
// guess (moved, renamed, aliased), and those files are kept until Finish
// returns.
func (d *Differ) Finish(load Loader) ([]report.Finding, error) {
	f := d.listTools(load)
	f.judgePairs()
	f.judgeRemovedAndAdded()
	if f.r.err != nil {
		return nil, f.r.err
	}
	return f.assemble(), nil
}

// finishing is the state of one Finish: every path's tool summaries as
// one tree, the files loaded again and the findings so far.
type finishing struct {
	d      *Differ
	r      *reloader
	c      *comparer
	byPath map[string]*unitResult
	// bt and ht are the base and head tools, in path order.
	bt, ht []*toolRef
	out    []report.Finding
	// removed and added are the tools pairTools left without a partner.
	removed, added []*toolRef
}

// listTools lists the tools of every path, base and head, in path order
// (a base that could not be read reports it).
func (d *Differ) listTools(load Loader) *finishing {
	f := &finishing{d: d, byPath: map[string]*unitResult{}}
	var bases, heads []fileSum
	for _, u := range d.units {
		bases = append(bases, u.bases...)
		heads = append(heads, u.heads...)
		f.byPath[u.path] = u
	}
	sort.SliceStable(bases, func(i, j int) bool { return bases[i].src.seq < bases[j].src.seq })
	sort.SliceStable(heads, func(i, j int) bool { return heads[i].src.seq < heads[j].src.seq })
	for _, fs := range bases {
		f.out = append(f.out, fs.unreadable...)
		f.bt = append(f.bt, fs.tools...)
	}
	for _, fs := range heads {
		f.ht = append(f.ht, fs.tools...)
	}
	f.r = &reloader{load: load, files: map[*fileSrc]*source.File{}, full: map[*toolRef]*toolRef{}}
	f.c = &comparer{eng: d.eng, headByPath: map[string]*source.File{}, strictOutputs: d.opts.StrictOutputs, ctx: d.opts.Context, day: d.day}
	return f
}

// judgePairs pairs the base and head tools across paths (moved, renamed,
// aliased) and judges each pair the per-path guess did not already judge.
func (f *finishing) judgePairs() {
	r, c := f.r, f.c
	equivalent := func(a, b *toolRef) bool {
		if a.sum != nil && b.sum != nil && a.sum.hasSig && b.sum.hasSig && (a.sum.sig == "" || a.sum.sig != b.sum.sig) {
			return false
		}
		fa, fb := r.tool(a), r.tool(b)
		return fa != nil && fb != nil && c.equivalentInputs(fa, fb)
	}
	var pairs []pair
	pairs, f.removed, f.added = pairTools(f.bt, f.ht, f.d.opts.Aliases, equivalent)
	found := make([][]report.Finding, len(pairs))
	var todo []pair
	var todoAt []int
	for i, p := range pairs {
		if p.base.sum != nil {
			if lp := &p.base.sum.local; lp.head != nil && lp.head == p.head && lp.renamed == p.renamed && lp.alias == p.alias {
				found[i] = lp.findings
				continue
			}
		}
		fb, fh := r.tool(p.base), r.tool(p.head)
		if fb == nil || fh == nil {
			continue
		}
		todo = append(todo, pair{base: fb, head: fh, renamed: p.renamed, alias: p.alias})
		todoAt = append(todoAt, i)
	}
	for k, fs := range c.judgePairs(todo, f.d.opts.each()) {
		found[todoAt[k]] = fs
	}
	for _, fs := range found {
		f.out = append(f.out, fs...)
	}
}

// judgeRemovedAndAdded reports the tools left without a partner: removed
// or added, or, for a name defined more than once (one server,
// overlapping scopes), compared with the other side's definition, not
// added or removed while the name stays.
func (f *finishing) judgeRemovedAndAdded() {
	r, c, byPath := f.r, f.c, f.byPath
	movedTo := f.d.movedDocuments(r)
	var twice []pair
	var bIndex, hIndex map[string][]*toolRef
	if len(f.removed) > 0 {
		hIndex = byName(f.ht)
	}
	if len(f.added) > 0 {
		bIndex = byName(f.bt)
	}
	sameName := func(t *toolRef, others map[string][]*toolRef, isBase bool) bool {
		o := definedTwice(t, others)
		if o == nil {
			return false
		}
		ft, fo := r.tool(t), r.tool(o)
		if ft == nil || fo == nil {
			return false
		}
		if isBase {
			twice = append(twice, pair{base: ft, head: fo})
		} else {
			twice = append(twice, pair{base: fo, head: ft})
		}
		return true
	}
	for _, t := range f.removed {
		if movedTo[t.src.path] == nil && !byPath[t.src.path].headFatal && sameName(t, hIndex, true) {
			continue
		}
		if a := movedTo[t.src.path]; a != nil {
			// Its document moved: removed from the document at its new path.
			if h := r.file(a.newSrc); h != nil {
				c.headByPath[t.src.path] = h
				if ft := r.tool(t); ft != nil {
					c.toolRemoved(ft)
				}
				continue
			}
		}
		if t.sum != nil && t.sum.hasRemoved {
			f.out = append(f.out, t.sum.removed...)
			continue
		}
		u := byPath[t.src.path]
		if u.headFatal {
			continue
		}
		if u.lastHead != nil {
			c.headByPath[u.path] = r.file(u.lastHead)
		}
		if ft := r.tool(t); ft != nil {
			c.toolRemoved(ft)
		}
	}
	for _, t := range f.added {
		if !byPath[t.src.path].unreadable && sameName(t, bIndex, false) {
			continue
		}
		if t.sum != nil && t.sum.hasAdded {
			f.out = append(f.out, t.sum.added...)
			continue
		}
		if byPath[t.src.path].unreadable {
			continue
		}
		if ft := r.tool(t); ft != nil {
			c.toolAdded(ft)
		}
	}
	for _, fs := range c.judgePairs(twice, f.d.opts.each()) {
		f.out = append(f.out, fs...)
	}
	f.out = append(f.out, c.findings...)
}

// assemble adds the documents' findings, drops what a path that cannot
// be compared added, and sorts.
func (f *finishing) assemble() []report.Finding {
	out := f.out
	notComparable := map[string]bool{}
	for _, u := range f.d.units {
		out = append(out, u.documents...)
		if u.notComparable {
			notComparable[u.path] = true
		}
	}
	if len(notComparable) > 0 {
		out = dropAdded(out, notComparable)
	}
	sort.SliceStable(out, func(i, j int) bool { return report.Less(out[i], out[j]) })
	return out
}

// reloader loads the files of tool summaries again, each once.
type reloader struct {
	load  Loader
	files map[*fileSrc]*source.File
	full  map[*toolRef]*toolRef
	err   error
}

func (r *reloader) file(src *fileSrc) *source.File {
	if f, ok := r.files[src]; ok {
		return f
	}
	var f *source.File
	err := errors.New("diffcheck: no loader to read a file again")
	if r.load != nil {
		f, err = r.load(src.base, src.seq)
	}
	if err != nil && r.err == nil {
		r.err = err
	}
	r.files[src] = f
	return f
}

// tool returns the whole tool a summary stands for (nil when its file
// could not be loaded again).
func (r *reloader) tool(s *toolRef) *toolRef {
	if t, ok := r.full[s]; ok {
		return t
	}
	var t *toolRef
	if f := r.file(s.src); f != nil && s.idx < len(f.Tools) {
		t = &toolRef{file: f, tool: f.Tools[s.idx], scope: s.scope, server: s.server, src: s.src, idx: s.idx}
	}
	r.full[s] = t
	return t
}

// inputSig summarises the members an inputSchema declares and requires
// ("" when it cannot be compared): tools whose signatures differ are not
// equivalent (see equivalentInputs and sameMembers).
func inputSig(t *toolRef) string {
	ptr, _, status := schemaOf(t, "inputSchema")
	if status != schemaUsable {
		return ""
	}
	n := normalize(t.file.Root, ptr)
	if n == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("p")
	for _, k := range sortedKeys(n.props) {
		b.WriteString(strconv.Quote(k))
	}
	b.WriteString("r")
	for _, k := range sortedKeys(n.required) {
		b.WriteString(strconv.Quote(k))
	}
	return b.String()
}
