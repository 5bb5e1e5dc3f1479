package tokens

import (
	_ "embed"
	"encoding/binary"
	"sync"
)

// vocabFile is the o200k_base vocabulary, laid out to be used as it is:
// little-endian uint32s n (the ranks), m (the slots), n+1 offsets (token r
// is the bytes from offset r to offset r+1 of the blob; none when equal),
// m slots (an open-addressing table of rank+1 by hashBytes of the token,
// linear probing, 0 empty), then the blob. It is written from the pinned
// module github.com/tiktoken-go/tokenizer (MIT; TestVocabularyIsTheModules
// checks it is, rank for rank): the module's own vocabulary is a map of
// 200,000 strings, which takes a run 30 ms to build, 25 MB to hold and
// every garbage collection a scan; this one has no pointers and takes a
// copy to load.
//
//go:embed o200k_base.tokens
var vocabFile string

// vocab is the vocabulary as tables (see vocabFile).
type vocab struct {
	offsets, slots []uint32
	blob           string
	mask           uint32
}

var loadVocab = sync.OnceValue(func() *vocab { return readVocab(vocabFile) })

// readVocab reads a vocabulary laid out as vocabFile is.
func readVocab(data string) *vocab {
	u32 := func(i int) uint32 { return binary.LittleEndian.Uint32([]byte(data[4*i : 4*i+4])) }
	n, m := int(u32(0)), int(u32(1))
	words := make([]uint32, n+1+m)
	raw := unsafeBytes(data[8 : 8+4*len(words)])
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(raw[4*i:])
	}
	return &vocab{offsets: words[:n+1], slots: words[n+1:], blob: data[8+4*len(words):], mask: uint32(m - 1)}
}

// writeVocab lays out the tokens of ranks 0 to len(tokens)-1 ("": none) as vocabFile is.
func writeVocab(tokens []string) []byte {
	m := 1
	for m < 2*len(tokens) {
		m <<= 1
	}
	offsets := make([]uint32, len(tokens)+1)
	slots := make([]uint32, m)
	var blob []byte
	for r, tok := range tokens {
		blob = append(blob, tok...)
		offsets[r+1] = uint32(len(blob))
		if tok == "" {
			continue
		}
		h := hashBytes([]byte(tok)) & uint32(m-1)
		for slots[h] != 0 {
			h = (h + 1) & uint32(m-1)
		}
		slots[h] = uint32(r) + 1
	}
	out := binary.LittleEndian.AppendUint32(nil, uint32(len(tokens)))
	out = binary.LittleEndian.AppendUint32(out, uint32(m))
	for _, w := range offsets {
		out = binary.LittleEndian.AppendUint32(out, w)
	}
	for _, w := range slots {
		out = binary.LittleEndian.AppendUint32(out, w)
	}
	return append(out, blob...)
}

// hashBytes is FNV-1a.
func hashBytes(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// rank is the rank of the token b, -1 when b is none.
func (v *vocab) rank(b []byte) int {
	for h := hashBytes(b) & v.mask; ; h = (h + 1) & v.mask {
		r := v.slots[h]
		if r == 0 {
			return -1
		}
		if tok := v.blob[v.offsets[r-1]:v.offsets[r]]; tok == string(b) {
			return int(r - 1)
		}
	}
}

// noRank is the rank of a pair that does not merge.
const noRank = int32(1<<31 - 1)

// tokens counts the tokens byte-pair encoding splits a piece into: the
// adjacent pair of parts whose concatenation is the token of lowest rank
// merges first (the leftmost of equal ones), until no pair is a token.
func (v *vocab) tokens(piece []byte) int {
	if len(piece) == 0 {
		return 0
	}
	if len(piece) == 1 || v.rank(piece) >= 0 {
		return 1 // every byte is a token
	}
	if len(piece) <= 64 {
		return v.mergeScan(piece)
	}
	return v.mergeHeap(piece)
}

// mergeScan merges by scanning for the lowest rank each time (O(n²), for
// short pieces, without allocating).
func (v *vocab) mergeScan(piece []byte) int {
	var bounds [66]int32 // part i is piece[bounds[i]:bounds[i+1]]
	var ranks [65]int32  // ranks[i]: rank of parts i and i+1 merged
	n := len(piece)      // parts
	for i := 0; i <= n; i++ {
		bounds[i] = int32(i)
	}
	pair := func(i int) int32 { // rank of parts i and i+1 merged
		if i+2 > n {
			return noRank
		}
		if r := v.rank(piece[bounds[i]:bounds[i+2]]); r >= 0 {
			return int32(r)
		}
		return noRank
	}
	for i := 0; i < n-1; i++ {
		ranks[i] = pair(i)
	}
	for n > 1 {
		best := 0
		for i := 1; i < n-1; i++ {
			if ranks[i] < ranks[best] {
				best = i
			}
		}
		if ranks[best] == noRank {
			break
		}
		// merge parts best and best+1: drop bound best+1
		copy(bounds[best+1:n], bounds[best+2:n+1])
		copy(ranks[best+1:n-1], ranks[best+2:n])
		n--
		ranks[best] = pair(best)
		if best > 0 {
			ranks[best-1] = pair(best - 1)
		}
	}
	return n
}

// mergeHeap merges as mergeScan does, in O(n log n): the parts are a
// linked list, the candidate pairs a heap by rank and position; a
// candidate whose pair has changed since it was pushed is skipped.
func (v *vocab) mergeHeap(piece []byte) int {
	n := len(piece)
	next := make([]int32, n) // next[i]: start of the part after the one at i (n: none)
	prev := make([]int32, n)
	alive := make([]bool, n)
	for i := range n {
		next[i], prev[i], alive[i] = int32(i+1), int32(i-1), true
	}
	pairRank := func(i int32) int32 { // rank of the part at i merged with the next
		j := next[i]
		if int(j) >= n {
			return noRank
		}
		if r := v.rank(piece[i:next[j]]); r >= 0 {
			return int32(r)
		}
		return noRank
	}
	h := candidates{}
	cur := make([]int32, n) // the current rank of each part's pair
	for i := range n {
		cur[i] = pairRank(int32(i))
		if cur[i] != noRank {
			h.push(candidate{cur[i], int32(i)})
		}
	}
	parts := n
	for len(h) > 0 {
		c := h.pop()
		if !alive[c.at] || cur[c.at] != c.rank {
			continue
		}
		// merge the part at c.at with the next one
		j := next[c.at]
		alive[j] = false
		next[c.at] = next[j]
		if int(next[j]) < n {
			prev[next[j]] = c.at
		}
		parts--
		for _, k := range [2]int32{c.at, prev[c.at]} {
			if k < 0 {
				continue
			}
			cur[k] = pairRank(k)
			if cur[k] != noRank {
				h.push(candidate{cur[k], k})
			}
		}
	}
	return parts
}

// candidate is a pair of parts that merge into the token of rank rank,
// the first part starting at at.
type candidate struct{ rank, at int32 }

// candidates is a binary min-heap by rank, then position.
type candidates []candidate

func (h candidates) less(a, b int) bool {
	return h[a].rank < h[b].rank || h[a].rank == h[b].rank && h[a].at < h[b].at
}

func (h *candidates) push(c candidate) {
	*h = append(*h, c)
	for i := len(*h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		(*h)[i], (*h)[p] = (*h)[p], (*h)[i]
		i = p
	}
}

func (h *candidates) pop() candidate {
	old := *h
	top := old[0]
	old[0] = old[len(old)-1]
	*h = old[:len(old)-1]
	for i := 0; ; {
		l, small := 2*i+1, i
		if l < len(*h) && h.less(l, small) {
			small = l
		}
		if r := l + 1; r < len(*h) && h.less(r, small) {
			small = r
		}
		if small == i {
			break
		}
		(*h)[i], (*h)[small] = (*h)[small], (*h)[i]
		i = small
	}
	return top
}
