package snapshot

import (
	"bytes"
	"encoding/json"
	"slices"
)

// rawJSON is a listed object or array kept as the server wrote it (valid
// JSON, checked when the message was read): written the way writeValue
// writes its decoded form, without decoding it into maps first. A 50 MB
// schema then costs its bytes, not the several times more its map tree
// would.
type rawJSON []byte

// rawDepth is the nesting below which rawJSON is written in one scan per
// level; deeper values are decoded and written as a tree (each level of a
// raw value is scanned again by the level above it).
const rawDepth = 32

// writeRaw writes the raw JSON value v at indent, as writeValue writes it.
func writeRaw(b *bytes.Buffer, v []byte, indent, depth int) {
	w := rawWriter{b: b}
	w.value(v, indent, depth)
}

// rawWriter writes raw values, reusing one members buffer per depth (a
// schema's half a million small objects allocate nothing each).
type rawWriter struct {
	b       *bytes.Buffer
	scratch [rawDepth + 2][]rawMember
}

func (w *rawWriter) value(v []byte, indent, depth int) {
	b := w.b
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		b.WriteString("null")
		return
	}
	if (depth > rawDepth || len(v) >= 1<<31) && (v[0] == '{' || v[0] == '[') {
		writeValue(b, decodeTree(v), indent, false)
		return
	}
	switch v[0] {
	case '{':
		w.object(v, indent, depth)
	case '[':
		w.array(v, indent, depth)
	case '"':
		writeString(b, rawString(v))
	default: // numbers as written, true, false, null
		b.Write(v)
	}
}

func decodeTree(v []byte) any {
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	var x any
	_ = dec.Decode(&x)
	return x
}

// rawString decodes a JSON string.
func rawString(v []byte) string {
	if bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1])
	}
	var s string
	_ = json.Unmarshal(v, &s)
	return s
}

// rawObject is a raw JSON object's members in key order; of a duplicate
// key only the last (the one decoding keeps). Members are offsets into the
// object (20 bytes each: a schema may have half a million of them).
type rawObject struct {
	v       []byte
	esc     [][]byte // decoded keys that had escapes
	members []rawMember
}

type rawMember struct {
	k0, k1, v0, v1 int32
	// esc indexes rawObject.esc for a key with escapes, else -1
	esc int32
}

func (o *rawObject) key(m rawMember) []byte {
	if m.esc >= 0 {
		return o.esc[m.esc]
	}
	return o.v[m.k0:m.k1]
}

func (o *rawObject) val(m rawMember) []byte { return o.v[m.v0:m.v1:m.v1] }

// rawMembers reads the members of the raw JSON object v (shorter than
// 2 GiB: longer values are never kept raw).
func rawMembers(v []byte) *rawObject {
	o := readMembers(v, nil)
	return &o
}

// readMembers is rawMembers reusing buf for the members.
func readMembers(v []byte, buf []rawMember) rawObject {
	// counted first: a schema of half a million properties would otherwise
	// grow the slice a dozen times over
	n := 0
	for i := skipSpace(v, 1); i < len(v) && v[i] == '"'; n++ {
		i = skipSpace(v, valueEnd(v, i))
		i = skipSpace(v, valueEnd(v, skipSpace(v, i+1)))
		if i < len(v) && v[i] == ',' {
			i = skipSpace(v, i+1)
		}
	}
	if cap(buf) < n {
		buf = make([]rawMember, 0, n)
	}
	o := rawObject{v: v, members: buf[:0]}
	i := skipSpace(v, 1)
	for i < len(v) && v[i] == '"' {
		kEnd := valueEnd(v, i)
		m := rawMember{k0: int32(i + 1), k1: int32(kEnd - 1), esc: -1}
		if bytes.IndexByte(v[i:kEnd], '\\') >= 0 {
			m.esc = int32(len(o.esc))
			o.esc = append(o.esc, []byte(rawString(v[i:kEnd])))
		}
		i = skipSpace(v, kEnd)
		i = skipSpace(v, i+1) // ':'
		vEnd := valueEnd(v, i)
		m.v0, m.v1 = int32(i), int32(vEnd)
		o.members = append(o.members, m)
		i = skipSpace(v, vEnd)
		if i < len(v) && v[i] == ',' {
			i = skipSpace(v, i+1)
		}
	}
	// stable: of equal keys the one written last stays last
	slices.SortStableFunc(o.members, func(a, b rawMember) int { return bytes.Compare(o.key(a), o.key(b)) })
	out := o.members[:0]
	for i, m := range o.members {
		if i+1 < len(o.members) && bytes.Equal(o.key(o.members[i+1]), o.key(m)) {
			continue // a later duplicate follows
		}
		out = append(out, m)
	}
	o.members = out
	return o
}

// rawElements are the elements of a raw JSON array.
func rawElements(v []byte) [][]byte {
	var out [][]byte
	i := skipSpace(v, 1)
	for i < len(v) && v[i] != ']' {
		end := valueEnd(v, i)
		out = append(out, v[i:end])
		i = skipSpace(v, end)
		if i < len(v) && v[i] == ',' {
			i = skipSpace(v, i+1)
		}
	}
	return out
}

func (w *rawWriter) object(v []byte, indent, depth int) {
	b := w.b
	o := readMembers(v, w.scratch[depth])
	w.scratch[depth] = o.members[:0]
	if len(o.members) == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteString("{\n")
	for n, m := range o.members {
		pad(b, indent+1)
		writeKey(b, o.key(m))
		b.WriteString(": ")
		w.value(o.val(m), indent+1, depth+1)
		if n < len(o.members)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	pad(b, indent)
	b.WriteByte('}')
}

func (w *rawWriter) array(v []byte, indent, depth int) {
	b := w.b
	i := skipSpace(v, 1)
	if i >= len(v) || v[i] == ']' {
		b.WriteString("[]")
		return
	}
	b.WriteString("[\n")
	for {
		end := valueEnd(v, i)
		pad(b, indent+1)
		w.value(v[i:end], indent+1, depth+1)
		i = skipSpace(v, end)
		if i < len(v) && v[i] == ',' {
			b.WriteString(",\n")
			i = skipSpace(v, i+1)
			continue
		}
		b.WriteByte('\n')
		break
	}
	pad(b, indent)
	b.WriteByte(']')
}

// writeKey writes a decoded key as writeString writes it.
func writeKey(b *bytes.Buffer, k []byte) {
	for _, c := range k {
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '#' {
			writeString(b, string(k))
			return
		}
	}
	b.WriteByte('"')
	b.Write(k)
	b.WriteByte('"')
}

func skipSpace(v []byte, i int) int {
	for i < len(v) && (v[i] == ' ' || v[i] == '\t' || v[i] == '\n' || v[i] == '\r') {
		i++
	}
	return i
}

// valueEnd is the end of the (valid) JSON value that starts at i.
func valueEnd(v []byte, i int) int {
	if i >= len(v) {
		return i
	}
	switch v[i] {
	case '"':
		for j := i + 1; j < len(v); j++ {
			switch v[j] {
			case '\\':
				j++
			case '"':
				return j + 1
			}
		}
		return len(v)
	case '{', '[':
		depth := 0
		for j := i; j < len(v); j++ {
			switch v[j] {
			case '"':
				j = valueEnd(v, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(v)
	}
	j := i
	for j < len(v) && !bytes.ContainsRune([]byte(",}] \t\r\n"), rune(v[j])) {
		j++
	}
	return j
}

// rawType names the JSON type of a raw value, with its article.
func rawType(v rawJSON) string {
	t := bytes.TrimSpace(v)
	if len(t) == 0 {
		return "null"
	}
	switch t[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// decodeItems decodes a raw list of items: each item an object whose
// members that are objects or arrays stay raw (rawJSON, slices of v)
// and the others are plain values; an item that is not an object is
// decoded as it is.
func decodeItems(v []byte) []any {
	elems := rawElements(v)
	out := make([]any, len(elems))
	for i, e := range elems {
		out[i] = decodeItem(e)
	}
	return out
}

func decodeItem(e []byte) any {
	if len(e) == 0 || e[0] != '{' {
		return decodeTree(e)
	}
	o := rawMembers(e)
	obj := make(map[string]any, len(o.members))
	for _, m := range o.members {
		obj[string(o.key(m))] = decodeMember(o.val(m))
	}
	return obj
}

// decodeMember is an object or array kept raw (a slice of the message it
// was read in, not a copy), the plain value of anything else.
func decodeMember(m []byte) any {
	if len(m) > 0 && (m[0] == '{' || m[0] == '[') {
		return rawJSON(m[:len(m):len(m)])
	}
	return decodeTree(m)
}

// decodeDocument decodes a snapshot document (or a list result, or one
// tool) the way the snapshot renders it: the lists' items and the info
// object member by member, everything deeper raw.
func decodeDocument(v []byte) (map[string]any, bool) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || v[0] != '{' || len(v) >= 1<<31 || !json.Valid(v) {
		return nil, false
	}
	doc := map[string]any{}
	o := rawMembers(v)
	for _, m := range o.members {
		key, val := string(o.key(m)), o.val(m)
		switch {
		case len(val) > 0 && val[0] == '[' && slices.Contains(rootLists, key):
			doc[key] = decodeItems(val)
		case key == "info" && len(val) > 0 && val[0] == '{':
			doc[key] = decodeItem(val)
		default:
			doc[key] = decodeMember(val)
		}
	}
	return doc, true
}
