package source

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// scanner answers index lookups in a JSON text that decoded without a fatal
// problem (so it is valid JSON within the limits), without indexing it
// whole. A lookup walks the pointer's tokens down from the root, scanning
// the containers on the way that were not scanned yet and recording the
// offsets of their children (the last of duplicate members wins, as when
// decoding), so each container is scanned at most once per file. A child
// is recorded in its container, by name or index, never under its whole
// pointer: a long key above many children is stored once, not once per
// child, and an array keeps one offset per element. The
// caller serialises calls.
type scanner struct {
	data  []byte
	lines *lineTable
	nodes []scanNode
	kids  map[kidKey]int // container's node and child's token → child's node, for the children looked up
}

// scanNode is a value whose offset is known.
type scanNode struct {
	off     int  // offset of the value
	keyOff  int  // offset of the member name; -1 for an array element or the root
	scanned bool // its children are recorded
	// The children of a scanned container: an object's members (offsets of
	// the value and of the name) or an array's elements (offsets).
	members map[string][2]int
	elems   []int
}

// kidKey names a child of a container: by name in an object, by index in
// an array.
type kidKey struct {
	parent int
	name   string
	index  int
}

func newScanner(data []byte) *scanner {
	return &scanner{data: data, lines: newLineTable(data), kids: map[kidKey]int{},
		nodes: []scanNode{{off: skipSpace(data, 0), keyOff: -1}}}
}

// value returns the position of the value ptr selects.
func (s *scanner) value(ptr string) (Pos, bool) {
	off, ok := s.find(ptr)
	if !ok {
		return Pos{}, false
	}
	return s.lines.pos(off), true
}

// key returns the position of the member name of ptr.
func (s *scanner) key(ptr string) (Pos, bool) {
	if ptr == "" {
		return Pos{}, false
	}
	n, ok := s.node(ptr)
	if !ok || s.nodes[n].keyOff < 0 {
		return Pos{}, false
	}
	return s.lines.pos(s.nodes[n].keyOff), true
}

// find returns the offset of the value ptr selects.
func (s *scanner) find(ptr string) (int, bool) {
	n, ok := s.node(ptr)
	if !ok {
		return 0, false
	}
	return s.nodes[n].off, true
}

// node returns the node of the value ptr selects, scanning the containers
// on its path as needed. It loops rather than recursing.
func (s *scanner) node(ptr string) (int, bool) {
	if ptr == "" {
		return 0, true
	}
	if ptr[0] != '/' {
		return 0, false
	}
	n := 0
	for rest := ptr[1:]; ; {
		tok, next, more := strings.Cut(rest, "/")
		if !s.nodes[n].scanned {
			s.scan(n)
		}
		kid, ok := s.child(n, tok)
		if !ok {
			return 0, false
		}
		n = kid
		if !more {
			return n, true
		}
		rest = next
	}
}

// child returns the node of the child of container n that the (escaped)
// reference token tok names, making it on first use.
func (s *scanner) child(n int, tok string) (int, bool) {
	c := &s.nodes[n]
	var key kidKey
	var at [2]int
	switch {
	case c.members != nil:
		key = kidKey{parent: n, name: UnescapeToken(tok)}
		m, ok := c.members[key.name]
		if !ok {
			return 0, false
		}
		at = m
	case c.elems != nil:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(c.elems) || strconv.Itoa(i) != tok {
			return 0, false
		}
		key, at = kidKey{parent: n, index: i}, [2]int{c.elems[i], -1}
	default:
		return 0, false
	}
	if kid, ok := s.kids[key]; ok {
		return kid, true
	}
	s.kids[key] = len(s.nodes)
	s.nodes = append(s.nodes, scanNode{off: at[0], keyOff: at[1]})
	return len(s.nodes) - 1, true
}

// scan records the offsets of the children of the container of node n.
func (s *scanner) scan(n int) {
	c := &s.nodes[n]
	c.scanned = true
	d := s.data
	off := c.off
	if off >= len(d) || (d[off] != '{' && d[off] != '[') {
		return
	}
	obj := d[off] == '{'
	if obj {
		c.members = map[string][2]int{}
	} else {
		c.elems = []int{}
	}
	i := off + 1
	for {
		i = skipSpace(d, i)
		if i >= len(d) || d[i] == '}' || d[i] == ']' {
			return
		}
		name, keyOff := "", -1
		if obj {
			keyOff = i
			i = skipValue(d, i)
			name = unquoteName(d[keyOff:min(i, len(d))])
			i = skipSpace(d, i)
			if i >= len(d) || d[i] != ':' {
				return
			}
			i = skipSpace(d, i+1)
		}
		if i >= len(d) {
			return
		}
		if obj {
			c.members[name] = [2]int{i, keyOff}
		} else {
			c.elems = append(c.elems, i)
		}
		i = skipSpace(d, skipValue(d, i))
		if i < len(d) && d[i] == ',' {
			i++
		}
	}
}

// unquoteName returns the text of a JSON string token.
func unquoteName(raw []byte) string {
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	name, err := jsontext.AppendUnquote(nil, raw)
	if err != nil {
		return ""
	}
	return string(name)
}

// skipSpace returns the offset of the first byte at or after i that is not JSON white space.
func skipSpace(d []byte, i int) int {
	for i < len(d) && (d[i] == ' ' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r') {
		i++
	}
	return i
}

// containerByte marks the bytes skipValue looks at inside a container:
// quotes and brackets; it steps over any other byte.
var containerByte = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// skipValue returns the offset just after the value that starts at i.
func skipValue(d []byte, i int) int {
	if i >= len(d) {
		return i
	}
	switch d[i] {
	case '"':
		return skipString(d, i)
	case '{', '[':
		depth := 0
		for i < len(d) {
			if !containerByte[d[i]] {
				i++
				continue
			}
			switch d[i] {
			case '"':
				i = skipString(d, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	default:
		for i < len(d) {
			switch d[i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return i
			}
			i++
		}
		return i
	}
}

// skipString returns the offset just after the string that starts at i.
func skipString(d []byte, i int) int {
	// A quote ends the string when an even number of backslashes
	// precedes it (each pair is one escaped backslash).
	for j := i + 1; ; {
		k := bytes.IndexByte(d[j:], '"')
		if k < 0 {
			return len(d)
		}
		q := j + k
		n := 0
		for p := q - 1; p > i && d[p] == '\\'; p-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		j = q + 1
	}
}
