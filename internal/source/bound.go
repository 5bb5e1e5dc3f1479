package source

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The bytes a file's problems hold are bounded, whatever the file: a
// pointer below a long key, repeated by every problem under it, or many
// problems of one kind, would otherwise cost far more memory than the text
// they come from (a 238 KB file once held 14.8 GB of problems).
const (
	// MaxPointerText is the longest pointer a problem (or a finding) keeps:
	// a longer one keeps its start and its end around CutMark.
	MaxPointerText = 1024
	// maxMessageText is the longest message a problem keeps.
	maxMessageText = 2048
	// MaxFindingText is the longest message a finding keeps.
	MaxFindingText = 4096
	// maxQuotedText is the longest value a message quotes in full.
	maxQuotedText = 200
	// MaxProblemsPerKind is the number of problems of one kind a file lists
	// one by one; the rest are counted in one problem of that kind.
	MaxProblemsPerKind = 100
)

// CutMark replaces the middle of a pointer too long to keep. A "~" not
// followed by "0" or "1" never occurs in a JSON Pointer, so a cut pointer
// is never mistaken for the pointer of a value.
const CutMark = "~…"

// CutPointer returns ptr, or, when it is longer than MaxPointerText, its
// start and end around CutMark (cut at character boundaries).
func CutPointer(ptr string) string {
	if len(ptr) <= MaxPointerText {
		return ptr
	}
	half := (MaxPointerText - len(CutMark)) / 2
	head, tail := ptr[:half], ptr[len(ptr)-half:]
	for len(head) > 0 && !utf8.RuneStart(ptr[len(head)]) {
		head = head[:len(head)-1]
	}
	for len(tail) > 0 && !utf8.RuneStart(tail[0]) {
		tail = tail[1:]
	}
	return head + CutMark + tail
}

// IsCutPointer reports whether ptr was cut by CutPointer.
func IsCutPointer(ptr string) bool { return strings.Contains(ptr, CutMark) }

// CutText returns s, or its first n bytes (at a character boundary)
// followed by "…" and the number of bytes left out.
func CutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return fmt.Sprintf("%s… (%d more bytes)", s[:i], len(s)-i)
}

// problemBound keeps the problems of one file within bounds as they are
// found: each problem's pointer and message are cut (CutPointer,
// maxMessageText), and past MaxProblemsPerKind problems of a kind, a
// problem is kept without text, to be counted by foldProblems.
type problemBound struct {
	listed map[ProblemKind]int
	// lastThin is the index of the last problem of a kind kept without
	// text (see appendBounded).
	lastThin map[ProblemKind]int
}

// folds reports whether the next problem of kind will be kept without text
// (so its pointer need not be built).
func (b *problemBound) folds(kind ProblemKind) bool {
	return b.listed[kind] >= MaxProblemsPerKind
}

// bounded returns p within bounds (see problemBound).
func (b *problemBound) bounded(p Problem) Problem {
	if b.listed == nil {
		b.listed = map[ProblemKind]int{}
	}
	if b.listed[p.Kind] >= MaxProblemsPerKind {
		return Problem{Kind: p.Kind, Pos: p.Pos, Fatal: p.Fatal, thin: true}
	}
	b.listed[p.Kind]++
	p.Pointer = CutPointer(p.Pointer)
	p.Message = CutText(p.Message, maxMessageText)
	return p
}

// appendBounded appends p, within bounds, to problems. A problem kept
// without text, when another of its kind kept without text is already in
// problems at or after index floor, is counted in that one (its Folded)
// instead of taking a place of its own: 100,000 repeated keys cost one
// problem, not 100,000 (foldProblems keeps one per kind, at the first).
func (b *problemBound) appendBounded(problems []Problem, floor int, p Problem) []Problem {
	p = b.bounded(p)
	if !p.thin {
		return append(problems, p)
	}
	if i, ok := b.lastThin[p.Kind]; ok && i >= floor && i < len(problems) && problems[i].thin && problems[i].Kind == p.Kind {
		problems[i].Folded = max(1, problems[i].Folded) + 1
		problems[i].Fatal = problems[i].Fatal || p.Fatal
		return problems
	}
	if b.lastThin == nil {
		b.lastThin = map[ProblemKind]int{}
	}
	b.lastThin[p.Kind] = len(problems)
	return append(problems, p)
}

// foldProblems replaces the problems kept without text (see problemBound)
// by one problem per kind, at the first of them, that counts them (and is
// fatal when one of them is).
func foldProblems(problems []Problem) []Problem {
	var more map[ProblemKind]int
	first := map[ProblemKind]int{}
	fatal := map[ProblemKind]bool{}
	out := problems[:0]
	for _, p := range problems {
		if !p.thin {
			out = append(out, p)
			continue
		}
		if more == nil {
			more = map[ProblemKind]int{}
		}
		if more[p.Kind] == 0 {
			first[p.Kind] = len(out)
			out = append(out, p)
		}
		more[p.Kind] += max(1, p.Folded)
		fatal[p.Kind] = fatal[p.Kind] || p.Fatal
	}
	for kind, i := range first {
		out[i] = Problem{Kind: kind, Pos: out[i].Pos, Fatal: fatal[kind], Folded: more[kind], Message: fmt.Sprintf(
			"%d more %s problems in this file from here on, not listed one by one: fix the ones listed and check again",
			more[kind], kind)}
	}
	return out
}

// boundedPointer returns the pointer of n reference tokens (token(i) is
// the i-th, escaped) as CutPointer would cut it, without building the whole
// pointer first: a problem below a long key costs the bytes it keeps.
func boundedPointer(n int, tok func(i int) string) string {
	tokens := make([]string, n)
	total := 0
	for i := range n {
		tokens[i] = tok(i)
		total += 1 + len(tokens[i])
	}
	token := func(i int) string { return tokens[i] }
	if total <= MaxPointerText {
		var b strings.Builder
		b.Grow(total)
		for i := range n {
			b.WriteByte('/')
			b.WriteString(token(i))
		}
		return b.String()
	}
	half := (MaxPointerText - len(CutMark)) / 2
	// The first half+1 bytes (the last one decides where the head is cut).
	var b strings.Builder
	for i := 0; i < n && b.Len() <= half; i++ {
		b.WriteByte('/')
		t := token(i)
		b.WriteString(t[:min(len(t), max(0, half+1-b.Len()))])
	}
	head := b.String()
	// The last half bytes, gathered from the end.
	var parts []string
	size := 0
	for i := n - 1; i >= 0 && size < half; i-- {
		t := token(i)
		if size+len(t) >= half {
			parts = append(parts, t[len(t)-(half-size):])
			break
		}
		parts = append(parts, t, "/")
		size += len(t) + 1
	}
	b.Reset()
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	tail := b.String()
	next := head[half]
	head = head[:half]
	for len(head) > 0 && !utf8.RuneStart(next) {
		next = head[len(head)-1]
		head = head[:len(head)-1]
	}
	for len(tail) > 0 && !utf8.RuneStart(tail[0]) {
		tail = tail[1:]
	}
	return head + CutMark + tail
}
