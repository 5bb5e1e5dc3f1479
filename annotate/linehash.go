package annotate

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// LineHashes returns the primaryLocationLineHash of every line of a file,
// index 0 for line 1: the rolling hash that github/codeql-action's
// upload-sarif computes when a result has none (src/fingerprints.ts, hash):
// over the file's UTF-16 code units, spaces and tabs skipped, "\r\n" and
// "\r" read as "\n", each line's hash covering the 100 characters from its
// start (an end-of-file mark 65535, then zeros, past the end), written as
// hex and ":n", the n-th time that hash occurs. A SARIF file that carries
// the same value upload-sarif would compute is accepted by upload-sarif
// without its "inconsistent fingerprint" warning, and a direct API upload
// (which computes nothing: GitHub reads only primaryLocationLineHash)
// matches alerts across runs the same way.
//
// Invalid UTF-8 is decoded one U+FFFD per bad byte, where Node's decoder
// may give one per maximal bad sequence: such a file differs only there.
func LineHashes(content []byte) []string {
	const (
		blockSize = 100
		tab       = '\t'
		space     = ' '
		lf        = '\n'
		cr        = '\r'
		eof       = 65535
	)
	const mod uint64 = 37
	firstMod := uint64(1)
	for i := 0; i < blockSize; i++ {
		firstMod *= mod
	}
	var (
		window      [blockSize]uint64
		lineNumbers [blockSize]int
		hash        uint64
		index       int
		lineNumber  int
		lineStart   = true
		prevCR      bool
		counts      = map[uint64]int{}
		out         []string
	)
	for i := range lineNumbers {
		lineNumbers[i] = -1
	}
	outputHash := func() {
		counts[hash]++
		line := lineNumbers[index]
		for len(out) < line {
			out = append(out, "")
		}
		out[line-1] = strconv.FormatUint(hash, 16) + ":" + strconv.Itoa(counts[hash])
		lineNumbers[index] = -1
	}
	updateHash := func(c uint64) {
		begin := window[index]
		window[index] = c
		hash = mod*hash + c - firstMod*begin
		index = (index + 1) % blockSize
	}
	process := func(c uint64) {
		if c == space || c == tab || (prevCR && c == lf) {
			prevCR = false
			return
		}
		if c == cr {
			c = lf
			prevCR = true
		} else {
			prevCR = false
		}
		if lineNumbers[index] != -1 {
			outputHash()
		}
		if lineStart {
			lineStart = false
			lineNumber++
			lineNumbers[index] = lineNumber
		}
		if c == lf {
			lineStart = true
		}
		updateHash(c)
	}
	for len(content) > 0 {
		r, n := utf8.DecodeRune(content)
		content = content[n:]
		if r >= 0x10000 {
			r1, r2 := utf16.EncodeRune(r)
			process(uint64(r1))
			process(uint64(r2))
			continue
		}
		process(uint64(r))
	}
	process(eof)
	for i := 0; i < blockSize; i++ {
		if lineNumbers[index] != -1 {
			outputHash()
		}
		updateHash(0)
	}
	return out
}
