// Package tokens counts the tokens of a text with OpenAI's o200k_base
// encoding (the GPT-4o, GPT-4.1, o-series and GPT-5 tokenizer), offline:
// the vocabulary is embedded (o200k_base.tokens, written from and checked
// against the pinned module github.com/tiktoken-go/tokenizer, MIT), so a
// count needs no network and is the same on every machine. Counts are the
// module's, piece for piece and token for token (split_test.go and
// count_json_test.go check them against its codec), made at a speed a CI
// run does not notice. Other models count differently (Claude's tokenizer
// is not public): a count is a measure of size a pull request can be
// compared by, not any one model's bill.
//
// Counting is bounded: it is linear in the text, and a piece of more than
// maxPiece bytes (a run of letters or symbols without a break, which no
// prose has) is counted in chunks of maxPiece bytes, so one hostile string
// costs time and memory in proportion to its size.
package tokens

import (
	"hash/maphash"
	"unsafe"
)

// Encoding is the name of the encoding every count is made with.
const Encoding = "o200k_base"

// Bounds of one counter: pieces up to cachePiece bytes are remembered,
// and so are strings of a JSON value up to cacheString bytes (in tables of
// shortSlots, pieceSlots and stringSlots entries); a longer piece than
// maxPiece is counted in chunks of maxPiece bytes; buffers past keepBuffer
// bytes are not kept for the next count.
const (
	cachePiece  = 32
	cacheString = 128
	maxPiece    = 1 << 10
	keepBuffer  = 1 << 20
)

// shortSlots and pieceSlots are the sizes of a counter's tables of short
// pieces (up to 7 bytes) and of the others up to cachePiece bytes: each a
// direct-mapped cache (a piece's slot is a hash of it; a later piece of
// the same slot replaces it), which costs a hash and a comparison where a
// map costs a probe and an allocation.
const (
	shortBits  = 14
	shortSlots = 1 << shortBits
	pieceSlots = 1 << 12
)

// pieceSlot is one entry of the table of longer pieces.
type pieceSlot struct {
	piece  [cachePiece]byte
	len    uint8
	tokens int32
}

// An entry of the table of short pieces is one number: the packed piece
// (packPiece, or a segment's key) and, in bits 59 to 62, its tokens (a
// piece of at most 7 bytes has at most 7); 0 is empty.
const shortTokensShift, shortTokensMask = 59, uint64(0xF) << 59

// shortGet returns the tokens of the short piece or segment key, if the table has them.
func (c *counter) shortGet(key uint64) (int, bool) {
	e := c.short[(key*0x9E3779B97F4A7C15)>>(64-shortBits)]
	if e != 0 && e&^shortTokensMask == key {
		return int(e >> shortTokensShift & 0xF), true
	}
	return 0, false
}

// shortPut remembers the tokens of the short piece or segment key.
func (c *counter) shortPut(key uint64, tokens int) {
	c.short[(key*0x9E3779B97F4A7C15)>>(64-shortBits)] = key | uint64(tokens)<<shortTokensShift
}

// counter splits a text into pieces (pieceEnd) and counts each piece with
// the vocabulary (vocab.tokens), remembering the counts of short pieces and of short
// strings: the same words, names and punctuation recur throughout tool
// definitions, so most are counted once per counter. A counter is used by
// one goroutine at a time.
type counter struct {
	// short holds the counts of pieces up to 7 bytes, pieces those of
	// the longer ones.
	short  *[shortSlots]uint64
	pieces *[pieceSlots]pieceSlot
	strs   *[stringSlots]stringSlot
	// shortStrs holds the cores of strings of less than 8 bytes.
	shortStrs *[1 << shortStringBits]shortString
	// skel, scratch and members are CountJSON's buffers: the segment of
	// text since the last string's core, one string's escaped core, and
	// the sorted members of the objects being written.
	skel, scratch []byte
	members       []member
	// total is the count so far of CountJSON's value.
	total int
	// lastChunk is the last chunk of a long piece encode merged, and
	// lastTokens its tokens.
	lastChunk  []byte
	lastTokens int
}

// counters keeps the counters between calls (a few, each with its
// caches): a sync.Pool would drop them, and their caches, at every
// collection. There are as many as goroutines counted at once, at most
// cap(counters) are kept.
var counters = make(chan *counter, 16)

func getCounter() *counter {
	select {
	case c := <-counters:
		return c
	default:
		return newCounter()
	}
}

func newCounter() *counter {
	return &counter{short: new([shortSlots]uint64), pieces: new([pieceSlots]pieceSlot), strs: new([stringSlots]stringSlot), shortStrs: new([1 << shortStringBits]shortString)}
}

func putCounter(c *counter) {
	if cap(c.skel) > keepBuffer {
		c.skel = nil
	}
	if cap(c.scratch) > keepBuffer {
		c.scratch = nil
	}
	select {
	case counters <- c:
	default:
	}
}

// Count returns the number of o200k_base tokens of text, which must be
// valid UTF-8 (a JSON text written by AppendJSON is).
func Count(text []byte) int {
	c := getCounter()
	defer putCounter(c)
	return c.count(text)
}

// CountJSON returns the number of o200k_base tokens of the compact JSON
// text of v, a plain JSON value: Count(AppendJSON(nil, v)), without
// writing most of that text (see countJSON).
func CountJSON(v any) int {
	c := getCounter()
	defer putCounter(c)
	return c.countJSON(v)
}

func (c *counter) count(text []byte) int {
	enc := loadVocab()
	total := 0
	for p := 0; p < len(text); {
		e := pieceEnd(text, p)
		total += c.piece(enc, text[p:e])
		p = e
	}
	return total
}

// piece counts one piece: from the cache, else with the vocabulary (in
// chunks of maxPiece bytes, cut at rune starts, when it is longer).
func (c *counter) piece(enc *vocab, b []byte) int {
	if len(b) < 8 {
		key := packPiece(b)
		if n, ok := c.shortGet(key); ok {
			return n
		}
		n := c.encode(enc, b)
		c.shortPut(key, n)
		return n
	}
	if len(b) > cachePiece {
		return c.encode(enc, b)
	}
	slot := &c.pieces[maphash.Bytes(stringSeed, b)&(pieceSlots-1)]
	if string(slot.piece[:slot.len]) == string(b) && slot.len > 0 {
		return int(slot.tokens)
	}
	n := c.encode(enc, b)
	slot.len, slot.tokens = uint8(copy(slot.piece[:], b)), int32(n)
	return n
}

// packPiece packs a piece of less than 8 bytes and its length into a number.
func packPiece(b []byte) uint64 {
	k := uint64(len(b)) << 56
	for i, x := range b {
		k |= uint64(x) << (8 * i)
	}
	return k
}

// encode counts a piece with the vocabulary, in chunks of maxPiece bytes
// cut at rune starts when it is longer.
func (c *counter) encode(v *vocab, b []byte) int {
	n := 0
	for rest := b; len(rest) > 0; {
		cut := min(len(rest), maxPiece)
		for cut < len(rest) && cut > 1 && rest[cut]&0xC0 == 0x80 {
			cut--
		}
		chunk := rest[:cut]
		switch {
		case cut >= maxPiece/2 && string(chunk) == string(c.lastChunk):
			// a chunk like the one before (a run of one character or
			// pattern) is not merged again
			n += c.lastTokens
		case cut >= maxPiece/2:
			k := v.tokens(chunk)
			c.lastChunk, c.lastTokens = append(c.lastChunk[:0], chunk...), k
			n += k
		default:
			n += v.tokens(chunk)
		}
		rest = rest[cut:]
	}
	return n
}

// unsafeBytes is s as a byte slice, read only.
func unsafeBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// Warm reads the vocabulary in the background, so that a run that will
// count does not wait for it on its first tool.
func Warm() {
	if !Off {
		go loadVocab()
	}
}
