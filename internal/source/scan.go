package source

import (
	"bytes"

	"github.com/go-json-experiment/json/jsontext"
)

// scanner answers index lookups in a JSON text that decoded without a fatal
// problem (so it is valid JSON within the limits), without indexing it
// whole. A lookup scans the containers on the pointer's path that were not
// scanned yet, recording the offsets of their children (the last of
// duplicate members wins, as when decoding), so each container is scanned
// at most once per file. The caller serialises calls.
type scanner struct {
	data    []byte
	lines   *lineTable
	values  map[string]int // pointer → offset of the value
	keys    map[string]int // pointer → offset of the member name
	scanned map[string]bool
}

func newScanner(data []byte) *scanner {
	s := &scanner{data: data, lines: newLineTable(data), values: map[string]int{}, keys: map[string]int{}, scanned: map[string]bool{}}
	s.values[""] = skipSpace(data, 0)
	return s
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
	if _, ok := s.find(ptr); !ok {
		return Pos{}, false
	}
	off, ok := s.keys[ptr]
	if !ok {
		return Pos{}, false
	}
	return s.lines.pos(off), true
}

// find returns the offset of the value ptr selects, scanning its ancestors
// as needed. It loops rather than recursing: it climbs to the nearest known
// ancestor, then scans down.
func (s *scanner) find(ptr string) (int, bool) {
	if off, ok := s.values[ptr]; ok {
		return off, true
	}
	if ptr == "" || ptr[0] != '/' {
		return 0, false
	}
	// Climb to the deepest ancestor whose offset is known.
	var path []string
	anc := ptr
	for {
		path = append(path, anc)
		anc = Parent(anc)
		if _, ok := s.values[anc]; ok {
			break
		}
	}
	for i := len(path) - 1; i >= 0; i-- {
		if s.scanned[anc] {
			return 0, false // anc has no such child
		}
		s.scan(anc, s.values[anc])
		off, ok := s.values[path[i]]
		if !ok {
			return 0, false
		}
		anc = path[i]
		if i == 0 {
			return off, true
		}
	}
	return 0, false
}

// scan records the offsets of the children of the container at off.
func (s *scanner) scan(ptr string, off int) {
	s.scanned[ptr] = true
	d := s.data
	if off >= len(d) || (d[off] != '{' && d[off] != '[') {
		return
	}
	obj := d[off] == '{'
	i := off + 1
	for n := 0; ; n++ {
		i = skipSpace(d, i)
		if i >= len(d) || d[i] == '}' || d[i] == ']' {
			return
		}
		child := ""
		if obj {
			kstart := i
			i = skipValue(d, i)
			child = Join(ptr, unquoteName(d[kstart:min(i, len(d))]))
			s.keys[child] = kstart
			i = skipSpace(d, i)
			if i >= len(d) || d[i] != ':' {
				return
			}
			i = skipSpace(d, i+1)
		} else {
			child = JoinIndex(ptr, n)
		}
		if i >= len(d) {
			return
		}
		s.values[child] = i
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
