// Package source loads tool files (JSON or YAML) into plain Go values and
// indexes every JSON Pointer in them to its line and column in the original
// text, so that rules can speak in pointers and never compute positions.
package source

import (
	"strconv"
	"strings"
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
type Index struct {
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

// SetValue records the position of the value selected by ptr.
func (ix *Index) SetValue(ptr string, p Pos) { ix.values[ptr] = p }

// SetKey records the position of the member name whose value ptr selects.
func (ix *Index) SetKey(ptr string, p Pos) { ix.keys[ptr] = p }

// forget removes the entries below ptr, whose value old is being replaced
// (a duplicate key: the last value is used). The cost is the size of old,
// and each value is replaced at most once.
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
	p, ok := ix.values[ptr]
	return p, ok
}

// Key returns the position of the member name of ptr, when ptr selects an object member.
func (ix *Index) Key(ptr string) (Pos, bool) {
	if ix == nil {
		return Pos{}, false
	}
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
func (ix *Index) Len() int { return len(ix.values) }

// lineTable converts byte offsets into positions. It remembers the last
// position it computed, so that increasing offsets on one long line (a
// minified file) cost only the bytes between them, not the whole line again.
type lineTable struct {
	data   []byte
	starts []int

	lastOff, lastLine, lastCol int
}

func newLineTable(data []byte) *lineTable {
	starts := []int{0}
	for i, b := range data {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineTable{data: data, starts: starts, lastLine: -1}
}

// pos converts a byte offset to a 1-based line and character column.
func (t *lineTable) pos(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(t.data) {
		off = len(t.data)
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
	if t.lastLine == lo && t.lastOff <= off {
		from, col = t.lastOff, t.lastCol
	}
	col += utf8.RuneCount(t.data[from:off])
	t.lastOff, t.lastLine, t.lastCol = off, lo, col
	return Pos{Line: lo + 1, Column: col}
}

// EscapeToken escapes one reference token for use in a JSON Pointer (RFC 6901).
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
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
	var b strings.Builder
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
