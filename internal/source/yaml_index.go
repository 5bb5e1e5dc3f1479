package source

import (
	"strconv"

	"go.yaml.in/yaml/v3"
)

// yamlLookup answers index lookups in a YAML file that decoded without a
// fatal problem, from its node tree, without indexing it whole: building a
// pointer for every node would cost the length of its path each, so deep
// paths of long keys would cost far more than the text. A lookup walks the
// pointer's path; each mapping on it is indexed once (the last of duplicate
// keys wins, as when decoding). The caller serialises calls.
type yamlLookup struct {
	root  *yaml.Node
	lines []int
	keys  map[*yaml.Node]map[string]int // mapping → key → index of its pair
}

// find returns the key node (nil for the root and array items) and the
// value node that ptr selects.
func (l *yamlLookup) find(ptr string) (key, val *yaml.Node, ok bool) {
	if ptr != "" && ptr[0] != '/' {
		return nil, nil, false
	}
	val = l.root
	for _, tok := range Split(ptr) {
		switch val.Kind {
		case yaml.MappingNode:
			m := l.keys[val]
			if m == nil {
				m = make(map[string]int, len(val.Content)/2)
				for i := 0; i+1 < len(val.Content); i += 2 {
					m[val.Content[i].Value] = i
				}
				if l.keys == nil {
					l.keys = map[*yaml.Node]map[string]int{}
				}
				l.keys[val] = m
			}
			i, found := m[tok]
			if !found {
				return nil, nil, false
			}
			key, val = val.Content[i], val.Content[i+1]
		case yaml.SequenceNode:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(val.Content) || (len(tok) > 1 && tok[0] == '0') || tok[0] == '+' {
				return nil, nil, false
			}
			key, val = nil, val.Content[i]
		default:
			return nil, nil, false
		}
	}
	return key, val, true
}

func (l *yamlLookup) pos(n *yaml.Node) Pos {
	return clampPos(l.lines, Pos{Line: n.Line, Column: n.Column})
}

// value returns the position of the value ptr selects.
func (l *yamlLookup) value(ptr string) (Pos, bool) {
	_, val, ok := l.find(ptr)
	if !ok {
		return Pos{}, false
	}
	return l.pos(val), true
}

// key returns the position of the member name of ptr.
func (l *yamlLookup) key(ptr string) (Pos, bool) {
	key, _, ok := l.find(ptr)
	if !ok || key == nil {
		return Pos{}, false
	}
	return l.pos(key), true
}

// all records every pointer of the tree in values and keys (for an index
// that must be complete, and for tests comparing it with the lookups).
func (l *yamlLookup) all(n *yaml.Node, ptr string, values, keys map[string]Pos) {
	values[ptr] = l.pos(n)
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			child := Join(ptr, n.Content[i].Value)
			if _, dup := values[child]; dup {
				forgetBelow(values, keys, child)
			}
			keys[child] = l.pos(n.Content[i])
			l.all(n.Content[i+1], child, values, keys)
		}
	case yaml.SequenceNode:
		for i, item := range n.Content {
			l.all(item, JoinIndex(ptr, i), values, keys)
		}
	}
}

// forgetBelow removes the entries strictly below ptr.
func forgetBelow(values, keys map[string]Pos, ptr string) {
	for p := range values {
		if len(p) > len(ptr) && p[:len(ptr)+1] == ptr+"/" {
			delete(values, p)
			delete(keys, p)
		}
	}
}
