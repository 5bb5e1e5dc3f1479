package source

import (
	"bytes"
	"unsafe"
)

// ParseLike parses data like Parse, reusing the decoded tools of like (the
// same path parsed from likeData, typically the head of a file whose base
// is data): an entry of the tools array whose text is byte-identical to one
// of like's tool entries, at the same pointer of the array, gets like's
// decoded value instead of being decoded again. The text of a JSON value
// decodes to the same value wherever it is, and like decoded it at the same
// depth without any problem, so the result equals Parse's: the same values
// (shared with like, which nothing mutates), the same problems (a limit
// that the reused values would cross makes the entry be decoded as usual),
// and the same lazy index over data. Any other value decoded that equals
// like's at the same pointer is replaced by like's (see share.go), so the
// parts of a changed tool that did not change are held once.
func ParseLike(name string, data []byte, lim Limits, like *File, likeData []byte) *File {
	r := newReuse(like, likeData)
	if r == nil || formatFor(name, data) != FormatJSON {
		return Parse(name, data, lim)
	}
	lim = lim.WithDefaults()
	if int64(len(data)) > lim.MaxBytes || bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) || len(bytes.TrimSpace(data)) == 0 {
		return Parse(name, data, lim)
	}
	f := &File{Path: name, Format: FormatJSON, Started: timeNow()}
	root, _, problems := decodeJSONReusing(data, lim, r)
	f.Root = root
	f.Index = &Index{src: data, lim: lim}
	if !fatal(problems) {
		f.Index.scan = newScanner(data)
	}
	f.Problems = foldProblems(problems)
	if f.markText(data) {
		return f
	}
	if !f.Fatal() {
		f.findTools(lim.MaxTools)
		f.boundTools(lim.MaxTools)
	}
	return f
}

// reuse holds the decoded values of a parsed file: its root, and its tool
// entries by their text.
type reuse struct {
	root    any            // like's root: values equal to its own at the same pointer are shared
	path    []string       // member names from the root to the tools array
	entries map[string]any // entry text → decoded entry (an object); nil: none reused by text
}

// newReuse holds like's root and indexes like's tool entries by text
// (none when like is not a JSON file with a tools array decoded without any
// problem); nil when like has no root.
func newReuse(like *File, data []byte) *reuse {
	if like == nil || like.Root == nil {
		return nil
	}
	if like.Format != FormatJSON || len(like.Problems) > 0 || len(like.Tools) == 0 || bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return &reuse{root: like.Root}
	}
	arr, ok := Resolve(like.Root, like.ToolsPointer)
	if _, isArr := arr.([]any); !ok || !isArr {
		return &reuse{root: like.Root}
	}
	path := Split(like.ToolsPointer)
	cur := like.Root
	for _, tok := range path { // every step must be an object member
		m, ok := cur.(map[string]any)
		if !ok {
			return &reuse{root: like.Root}
		}
		cur = m[tok]
	}
	s := newScanner(data)
	r := &reuse{root: like.Root, path: path, entries: make(map[string]any, len(like.Tools))}
	for _, t := range like.Tools {
		if t.Value == nil || len(t.Pointer) <= len(like.ToolsPointer) || t.Pointer[:len(like.ToolsPointer)] != like.ToolsPointer {
			continue
		}
		off, ok := s.find(t.Pointer)
		if !ok || off >= len(data) || data[off] != '{' {
			continue
		}
		end := skipValue(data, off)
		// The key shares data's memory, which lives as long as the parse.
		r.entries[unsafe.String(&data[off], end-off)] = t.Value
	}
	return r
}

// decodeJSONReusing is decodeJSON without an index, reusing r's entries.
func decodeJSONReusing(data []byte, lim Limits, r *reuse) (any, *Index, []Problem) {
	return decodeJSONWith(data, lim, nil, r)
}

// tryReuse attaches a reused entry when the decoder is at the start of an
// element of the tools array whose text is one of r's entries, and skips
// its text. It reports whether it did.
func (d *jsonDecoder) tryReuse() (bool, error) {
	r := d.reuse
	if r.entries == nil || len(d.stack) != len(r.path)+1 || d.top().isObj {
		return false, nil
	}
	for k, tok := range r.path {
		if f := &d.stack[k]; !f.isObj || f.key != tok {
			return false, nil
		}
	}
	i := skipSpace(d.data, int(d.dec.InputOffset()))
	if i < len(d.data) && d.data[i] == ',' {
		i = skipSpace(d.data, i+1)
	}
	if i >= len(d.data) || d.data[i] != '{' {
		return false, nil
	}
	end := skipValue(d.data, i)
	v, ok := r.entries[string(d.data[i:end])]
	if !ok {
		return false, nil
	}
	n, depth := countValues(v)
	cost := valueCost(v)
	if d.count+n > d.lim.MaxValues || len(d.stack)+depth > d.lim.MaxDepth || d.cost+cost+elementCost > d.maxCost {
		return false, nil
	}
	if err := d.dec.SkipValue(); err != nil {
		return false, err
	}
	d.count += n
	d.cost += cost
	d.attach(v)
	return true, nil
}

// countValues counts the values in v as the decoder does (every container
// and scalar; member names are not values) and the depth of its deepest
// container (0 for a scalar).
func countValues(v any) (n, depth int) {
	var children []any
	switch x := v.(type) {
	case map[string]any:
		for _, c := range x {
			cn, cd := countValues(c)
			n, depth = n+cn, max(depth, cd)
		}
	case []any:
		children = x
	default:
		return 1, 0
	}
	for _, c := range children {
		cn, cd := countValues(c)
		n, depth = n+cn, max(depth, cd)
	}
	return n + 1, depth + 1
}
