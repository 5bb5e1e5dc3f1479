// Package source loads tool files (JSON or YAML) into plain Go values and
// indexes every JSON Pointer in them to its line and column in the original
// text, so that rules can speak in pointers and never compute positions.
package source

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Pos is a 1-based line and column (counted in characters) in a file.
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// IsZero reports whether the position is unknown.
func (p Pos) IsZero() bool { return p.Line == 0 }

// Index maps JSON Pointers of a file to the positions of the values they select.
//
// The index of a JSON file is lazy: parsing keeps the file's text and records
// no pointer. A lookup finds the value by scanning only the containers on
// its path (each container once per file, its children's offsets kept), so
// a file without findings never pays for pointers or positions and a file
// with findings pays for the parts its findings are in. The text of a file
// with a fatal problem is indexed in full, by the parser itself under the
// same limits, on the first lookup. The index of a YAML file is lazy too:
// lookups walk the decoded node tree (see yamlLookup). An Index is safe for
// concurrent use.
type Index struct {
	mu     sync.Mutex
	src    []byte      // text of a lazy index still to be indexed in full; nil when eager
	lim    Limits      // limits for indexing src in full
	scan   *scanner    // on-demand lookups in src; nil: index src in full on first use
	yaml   *yamlLookup // on-demand lookups in a YAML file's node tree
	values map[string]Pos
	keys   map[string]Pos
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{values: map[string]Pos{}, keys: map[string]Pos{}}
}

// newIndexSized returns an empty index with room for about n values, which
// spares a large file the cost of growing its maps step by step.
func newIndexSized(n int) *Index {
	return &Index{values: make(map[string]Pos, n), keys: make(map[string]Pos, n/2)}
}

// materialize indexes a lazy index in full (the caller holds ix.mu).
func (ix *Index) materialize() {
	if ix.yaml != nil {
		ix.values, ix.keys = map[string]Pos{}, map[string]Pos{}
		ix.yaml.all(ix.yaml.root, "", ix.values, ix.keys)
		ix.yaml = nil
		return
	}
	if ix.src == nil {
		if ix.values == nil {
			ix.values, ix.keys = map[string]Pos{}, map[string]Pos{}
		}
		return
	}
	_, full, _ := decodeJSON(ix.src, ix.lim, newIndexSized(min(len(ix.src)/48, ix.lim.MaxValues)))
	ix.values, ix.keys = full.values, full.keys
	ix.src, ix.scan = nil, nil
}

// SetValue records the position of the value selected by ptr.
func (ix *Index) SetValue(ptr string, p Pos) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.materialize()
	ix.values[ptr] = p
}

// SetKey records the position of the member name whose value ptr selects.
func (ix *Index) SetKey(ptr string, p Pos) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.materialize()
	ix.keys[ptr] = p
}

// forget removes the entries below ptr, whose value old is being replaced
// (a duplicate key: the last value is used). The cost is the size of old,
// and each value is replaced at most once. It is used on eager indexes only.
func (ix *Index) forget(ptr string, old any) {
	switch v := old.(type) {
	case map[string]any:
		for k, c := range v {
			p := Join(ptr, k)
			delete(ix.values, p)
			delete(ix.keys, p)
			ix.forget(p, c)
		}
	case []any:
		for i, c := range v {
			p := JoinIndex(ptr, i)
			delete(ix.values, p)
			ix.forget(p, c)
		}
	}
}

// Value returns the position of the value selected by ptr and whether it is known.
func (ix *Index) Value(ptr string) (Pos, bool) {
	if ix == nil {
		return Pos{}, false
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.scan != nil {
		return ix.scan.value(ptr)
	}
	if ix.yaml != nil {
		return ix.yaml.value(ptr)
	}
	if ptr == "" && ix.src != nil && ix.values == nil {
		return jsonRootPos(ix.src, ix.lim) // not indexed in full for its root alone
	}
	ix.materialize()
	p, ok := ix.values[ptr]
	return p, ok
}

// Key returns the position of the member name of ptr, when ptr selects an object member.
func (ix *Index) Key(ptr string) (Pos, bool) {
	if ix == nil {
		return Pos{}, false
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.scan != nil {
		return ix.scan.key(ptr)
	}
	if ix.yaml != nil {
		return ix.yaml.key(ptr)
	}
	ix.materialize()
	p, ok := ix.keys[ptr]
	return p, ok
}

// Locate returns the position of ptr, or of its nearest ancestor that the
// index knows, together with the pointer actually located.
func (ix *Index) Locate(ptr string) (Pos, string) {
	for {
		if p, ok := ix.Value(ptr); ok {
			return p, ptr
		}
		if ptr == "" {
			return Pos{Line: 1, Column: 1}, ""
		}
		ptr = Parent(ptr)
	}
}

// Len returns the number of values indexed.
func (ix *Index) Len() int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.materialize()
	return len(ix.values)
}

// lineTable converts byte offsets into positions. It remembers the last
// position it computed, so that increasing offsets on one long line (a
// minified file) cost only the bytes between them, not the whole line again.
type lineTable struct {
	data   []byte
	starts []int

	lastOff, lastLine, lastCol int

	// marks are known positions every markEvery bytes along lines longer
	// than that, so that lookups in any order on one long line (a
	// minified file) cost at most markEvery bytes each.
	marks []lineMark
}

type lineMark struct{ off, line, col int }

const markEvery = 4096

// newLineTable returns the table of data; the line starts are found on the
// first conversion, so that a file without problems or index never pays for them.
func newLineTable(data []byte) *lineTable {
	return &lineTable{data: data, lastLine: -1}
}

// pos converts a byte offset to a 1-based line and character column.
func (t *lineTable) pos(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(t.data) {
		off = len(t.data)
	}
	if t.starts == nil {
		t.index()
	}
	lo, hi := 0, len(t.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if t.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	from, col := t.starts[lo], 1
	if m := sort.Search(len(t.marks), func(i int) bool { return t.marks[i].off > off }) - 1; m >= 0 && t.marks[m].line == lo {
		from, col = t.marks[m].off, t.marks[m].col
	}
	if t.lastLine == lo && t.lastOff >= from && t.lastOff <= off {
		from, col = t.lastOff, t.lastCol
	}
	col += utf8.RuneCount(t.data[from:off])
	t.lastOff, t.lastLine, t.lastCol = off, lo, col
	return Pos{Line: lo + 1, Column: col}
}

// index finds the line starts, and marks along long lines.
func (t *lineTable) index() {
	t.starts = make([]int, 1, 1+bytes.Count(t.data, []byte{'\n'}))
	for i := 0; ; {
		j := bytes.IndexByte(t.data[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		t.starts = append(t.starts, i)
	}
	for l, start := range t.starts {
		end := len(t.data)
		if l+1 < len(t.starts) {
			end = t.starts[l+1]
		}
		from, col := start, 1
		for off := start + markEvery; off < end; off += markEvery {
			for off > from && !utf8.RuneStart(t.data[off]) {
				off--
			}
			col += utf8.RuneCount(t.data[from:off])
			from = off
			t.marks = append(t.marks, lineMark{off: off, line: l, col: col})
		}
	}
}

// EscapeToken escapes one reference token for use in a JSON Pointer (RFC 6901).
func EscapeToken(s string) string {
	if strings.IndexByte(s, '~') < 0 && strings.IndexByte(s, '/') < 0 { // faster than ContainsAny on long keys
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// UnescapeToken reverses EscapeToken.
func UnescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// Join appends reference tokens (unescaped) to a pointer.
func Join(ptr string, tokens ...string) string {
	n := len(ptr)
	for _, t := range tokens {
		n += 1 + len(t) // more only when t has characters to escape
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(ptr)
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(EscapeToken(t))
	}
	return b.String()
}

// JoinIndex appends an array index to a pointer.
func JoinIndex(ptr string, i int) string { return ptr + "/" + strconv.Itoa(i) }

// Parent returns the pointer one level up ("" for the root or a top-level member).
func Parent(ptr string) string {
	i := strings.LastIndexByte(ptr, '/')
	if i <= 0 {
		return ""
	}
	return ptr[:i]
}

// Split returns the unescaped reference tokens of a pointer.
func Split(ptr string) []string {
	if ptr == "" {
		return nil
	}
	parts := strings.Split(ptr[1:], "/")
	for i, p := range parts {
		parts[i] = UnescapeToken(p)
	}
	return parts
}

// Resolve returns the value that ptr selects in root.
func Resolve(root any, ptr string) (any, bool) {
	if ptr != "" && ptr[0] != '/' {
		return nil, false
	}
	cur := root
	for _, tok := range Split(ptr) {
		switch v := cur.(type) {
		case map[string]any:
			next, ok := v[tok]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) || (len(tok) > 1 && tok[0] == '0') {
				return nil, false
			}
			cur = v[i]
		default:
			return nil, false
		}
	}
	return cur, true
}
