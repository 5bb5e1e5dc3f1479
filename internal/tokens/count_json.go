package tokens

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"
)

// A JSON text's pieces rarely cross into a string's content. The
// character before an opening quote is always one of {[,: so the quote
// ends a run of punctuation and never starts a piece, and that run stops
// at the quote when the content starts with a letter, a digit or a space.
// A letter or digit followed by a rune that is no letter, digit, mark or
// apostrophe ends a word or a number there. So the content up to such a
// letter or digit (its core: "Get a release" of "Get a release.") splits
// into the same pieces alone as in its text, and no piece crosses either
// end of it. countJSON therefore counts the core of each string once per
// counter (names, types and descriptions repeat across tools, and across
// the base and the head of a file), and the text between two cores (the
// structure, and what is not a core: `","`, `":{"`, `.","`), which takes
// few forms, once per form. TestCountJSONAgrees checks the sum against
// Count of the whole text.

// member is one member of an object being written.
type member struct {
	name  string
	value any
}

// stringSlots is the size of a counter's table of strings, direct-mapped
// as the table of short pieces is.
const stringSlots = 1 << 14

// stringSlot is one entry of the table of strings: the string (of at most
// cacheString bytes), the length of its core in bytes (0: none) and the
// tokens of the core.
type stringSlot struct {
	s      string
	core   int32
	tokens int32
}

// shortStringBits sizes the table of strings of less than 8 bytes: the
// member names and types of schemas, a few thousand different ones.
const shortStringBits = 12

// shortString is one entry of the table of strings of less than 8 bytes:
// the packed string (packPiece; 0: empty), its core's length and tokens.
type shortString struct {
	key          uint64
	core, tokens uint8
}

// stringSeed seeds the hash of the strings' slots.
var stringSeed = maphash.MakeSeed()

// segmentKey marks the key of a segment between two cores in the table
// of short pieces, apart from the key of a piece of the same bytes.
const segmentKey = 1 << 63

func (c *counter) countJSON(v any) int {
	c.skel, c.total = c.skel[:0], 0
	if s, top := v.(string); top {
		// no punctuation before its opening quote: the quote may start a piece
		return c.count(appendString(c.skel, s))
	}
	c.value(v)
	c.flush()
	return c.total
}

// Member is one member of an object CountObject counts. Once marks a
// value that recurs in no other tool (a tool's own name or description):
// its strings are counted without being remembered, which would only
// push out strings that do recur.
type Member struct {
	Name  string
	Value any
	Once  bool
}

// CountObject returns the number of o200k_base tokens of the compact JSON
// object of members, which are in byte order of their names and
// distinct: CountJSON of that object, without building it.
func CountObject(members []Member) int {
	c := getCounter()
	defer putCounter(c)
	c.skel, c.total = c.skel[:0], 0
	c.skel = append(c.skel, '{')
	for i, m := range members {
		if i > 0 {
			c.skel = append(c.skel, ',')
		}
		c.string(m.Name, false)
		c.skel = append(c.skel, ':')
		if s, ok := m.Value.(string); ok {
			c.string(s, m.Once)
		} else {
			c.value(m.Value)
		}
	}
	c.skel = append(c.skel, '}')
	c.flush()
	return c.total
}

// flush counts the segment written since the last core.
func (c *counter) flush() {
	seg := c.skel
	c.skel = c.skel[:0]
	if len(seg) == 0 {
		return
	}
	if len(seg) >= 8 {
		c.total += c.count(seg)
		return
	}
	key := packPiece(seg) | segmentKey
	n, ok := c.shortGet(key)
	if !ok {
		n = c.count(seg)
		c.shortPut(key, n)
	}
	c.total += n
}

// value writes v as AppendJSON does, counting each string's core apart
// and each segment between two cores as a whole.
func (c *counter) value(v any) {
	switch v := v.(type) {
	case string:
		c.string(v, false)
	case map[string]any:
		// the members of this object are kept at the end of the shared
		// slice while they are written (nested objects add theirs after)
		start := len(c.members)
		for k, e := range v {
			c.members = append(c.members, member{k, e})
		}
		ms := c.members[start:]
		slices.SortFunc(ms, func(a, b member) int { return strings.Compare(a.name, b.name) })
		c.skel = append(c.skel, '{')
		for i := start; i < len(c.members); i++ {
			if i > start {
				c.skel = append(c.skel, ',')
			}
			m := c.members[i]
			c.string(m.name, false)
			c.skel = append(c.skel, ':')
			c.value(m.value)
		}
		clear(c.members[start:])
		c.members = c.members[:start]
		c.skel = append(c.skel, '}')
	case []any:
		c.skel = append(c.skel, '[')
		for i, e := range v {
			if i > 0 {
				c.skel = append(c.skel, ',')
			}
			c.value(e)
		}
		c.skel = append(c.skel, ']')
	case nil, bool, json.Number:
		c.skel = appendValue(c.skel, v, nil)
	default:
		c.string(fmt.Sprint(v), false)
	}
}

// string writes s: its core counted apart (from the table of strings when
// it is there, unless once), what follows the core into the segment.
func (c *counter) string(s string, once bool) {
	core, tokens := c.core(s, once)
	c.skel = append(c.skel, '"')
	if core > 0 {
		c.flush()
		c.total += tokens
	}
	c.skel = appendEscaped(c.skel, s[core:])
	c.skel = append(c.skel, '"')
}

// core returns the length of the core of s and its tokens; once: without
// the table of strings.
func (c *counter) core(s string, once bool) (core, tokens int) {
	if len(s) < 8 && len(s) > 0 && !once {
		// a short string (a member name, a type) is its own key in the
		// table of short ones: no hash, no string to compare
		key := packPiece(unsafeBytes(s))
		e := &c.shortStrs[(key*0x9E3779B97F4A7C15)>>(64-shortStringBits)]
		if e.key != key {
			core = coreLen(s)
			if core > 0 {
				c.scratch = appendEscaped(c.scratch[:0], s[:core])
				tokens = c.count(c.scratch)
			}
			*e = shortString{key: key, core: uint8(core), tokens: uint8(tokens)}
		}
		return int(e.core), int(e.tokens)
	}
	var slot *stringSlot
	if len(s) <= cacheString && !once {
		slot = &c.strs[maphash.String(stringSeed, s)&(stringSlots-1)]
		if slot.s == s {
			return int(slot.core), int(slot.tokens)
		}
	}
	if core = coreLen(s); core > 0 {
		c.scratch = appendEscaped(c.scratch[:0], s[:core])
		tokens = c.count(c.scratch)
	}
	if slot != nil {
		*slot = stringSlot{s: strings.Clone(s), core: int32(core), tokens: int32(tokens)}
	}
	return core, tokens
}

// coreLen is the length of the core of s: s starts with a letter, a digit
// or a space, and the core ends at its last letter or digit that the end
// of s, or a rune that is no letter, digit, mark or apostrophe, follows.
// 0: s has no core. A rune JSON escapes (a control character, '"', '\\',
// U+007F) becomes '\\' and more, an invalid byte U+FFFD: none of them
// starts a core, and each ends words and numbers as it is.
func coreLen(s string) int {
	if s == "" || s[0] < 0x20 {
		return 0
	}
	first, _ := classAt(unsafeBytes(s), 0)
	if first&(clsLetter|clsNumber|clsSpace) == 0 {
		return 0
	}
	b := unsafeBytes(s)
	// from the end: the first position j, going down, whose rune before
	// is a letter or digit and whose rune (if any) ends words and numbers
	after := uint8(0) // classes of the rune at j; 0 at the end
	afterApostrophe := false
	for j := len(b); j > 0; {
		i := j - 1
		for i > 0 && b[i]&0xC0 == 0x80 {
			i--
		}
		c, _ := classAt(b, i)
		if c&(clsLetter|clsNumber) != 0 && after&(clsLetter|clsNumber|clsUpper|clsLower) == 0 && !afterApostrophe {
			return j
		}
		after, afterApostrophe = c, b[i] == '\''
		j = i
	}
	return 0
}
