package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/mcpschema/mcpschema/internal/limits"
)

type jsonFrame struct {
	ptr string // set only when indexing
	obj map[string]any
	// an array's elements wait on the decoder's items stack from
	// itemsFrom on, n of them, until it closes and gets them in a slice of
	// its exact length.
	itemsFrom, n int
	isObj        bool
	key          string
	haveKey      bool
	// start is the number of problems when the container opened.
	start int
	// spans are, per member name, the problems found inside its current
	// value (a container), dropped if a duplicate name replaces it.
	spans map[string][2]int
	// like is the value at the same pointer in the file whose values this
	// pass shares (see share.go); nil: none.
	like any
}

// parseJSON decodes data into plain values (map[string]any, []any,
// json.Number, string, bool, nil). Duplicate member names are reported and
// the last value is kept. The index it returns is lazy (see Index).
func parseJSON(data []byte, lim Limits) (any, *Index, []Problem) {
	root, _, problems := decodeJSON(data, lim, nil)
	ix := &Index{src: data, lim: lim}
	if !fatal(problems) {
		ix.scan = newScanner(data)
	}
	return root, ix, problems
}

func fatal(problems []Problem) bool {
	for _, p := range problems {
		if p.Fatal {
			return true
		}
	}
	return false
}

// stackPointer returns the pointer of the value about to be attached to the
// innermost open container of stack (of stack itself: "" when empty).
// It is built bounded (see boundedPointer): problems keep cut pointers.
func stackPointer(stack []jsonFrame) string {
	return boundedPointer(len(stack), func(i int) string {
		if f := &stack[i]; f.isObj {
			return EscapeToken(f.key)
		}
		return strconv.Itoa(stack[i].n)
	})
}

// decodeJSON does the work of parseJSON. With ix non-nil it records every
// pointer's position in ix (and returns it); with ix nil it builds no
// pointer except for a problem, and returns nil for the index. Both passes
// apply the same limits and report the same problems.
func decodeJSON(data []byte, lim Limits, ix *Index) (any, *Index, []Problem) {
	return decodeJSONWith(data, lim, ix, nil)
}

// decodeJSONWith is decodeJSON reusing the entries of r (nil: none; see ParseLike).
func decodeJSONWith(data []byte, lim Limits, ix *Index, r *reuse) (any, *Index, []Problem) {
	return newJSONDecoder(data, lim, ix, r).run()
}

// run decodes the whole text (see decodeJSON).
func (d *jsonDecoder) run() (any, *Index, []Problem) {
	for !d.haveRoot {
		if err := d.step(); err == errJSONLimit {
			return nil, d.ix, d.problems
		} else if err != nil {
			return d.fail(err)
		}
	}
	if _, err := d.dec.ReadToken(); err != io.EOF {
		if err == nil {
			err = errors.New("unexpected data after the top-level value")
		}
		return d.fail(err)
	}
	return d.root, d.ix, dropRanges(d.problems, d.replaced)
}

func newJSONDecoder(data []byte, lim Limits, ix *Index, r *reuse) *jsonDecoder {
	maxCost := jsonMaxCost(len(data), lim)
	if lim.valueMemory > 0 {
		maxCost = lim.valueMemory
	}
	return &jsonDecoder{data: data, lim: lim, ix: ix, reuse: r, lines: newLineTable(data), maxCost: maxCost,
		dec: jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))}
}

// jsonRootPos returns what indexing data in full (decodeJSON with an
// index) records for the root pointer "": its first step records it or
// fails, and nothing later replaces it. A file with a fatal problem is
// asked where its root is (the diff's note on a base it cannot read), and
// indexing it in full for that built a pointer for every value up to the
// bound (40 MB for a 1 MB file of small objects; issue 29 item 5).
func jsonRootPos(data []byte, lim Limits) (Pos, bool) {
	ix := newIndexSized(1)
	_ = newJSONDecoder(data, lim, ix, nil).step()
	p, ok := ix.values[""]
	return p, ok
}

// errJSONLimit stops decoding after a limit's fatal problem was recorded.
var errJSONLimit = errors.New("limit reached")

// jsonDecoder is the state of one decodeJSON pass: the open containers
// (stack), the root once closed, the values counted against the limits and
// the problems found.
type jsonDecoder struct {
	data     []byte
	lim      Limits
	ix       *Index
	reuse    *reuse // decoded entries to reuse (ParseLike); nil: none
	lines    *lineTable
	dec      *jsontext.Decoder
	problems []Problem
	problemBound
	// stack holds the open containers by value, so that a frame's memory
	// is reused by the next container opened at its depth.
	stack    []jsonFrame
	root     any
	haveRoot bool
	count    int
	// cost is what the values built so far take in memory (see
	// json_budget.go), bounded by maxCost.
	cost, maxCost int64
	replaced      [][2]int // problems inside values replaced by a duplicate name
	// items holds the elements of the open arrays (see jsonFrame).
	items []any
	// buf receives unquoted strings before they become Go strings.
	buf []byte
	// names interns member names and short string values: tool files
	// repeat a few ("type", "string", "properties") thousands of times.
	names map[string]string
	// boxed holds the short numbers and strings of the pass as interface
	// values (see box).
	boxed map[boxKey]any
}

// maxInterned bounds the names a pass interns, and maxInternLen the length
// of an interned string, so that a file of distinct names costs no more
// than a map of the first ones.
const (
	maxInterned  = 4096
	maxInternLen = 32
)

// unquote returns the string that the quoted JSON string raw denotes,
// interned when short.
func (d *jsonDecoder) unquote(raw []byte) (string, error) {
	b, err := jsontext.AppendUnquote(d.buf[:0], raw)
	if err != nil {
		return "", err
	}
	d.buf = b
	if len(b) > maxInternLen {
		return string(b), nil
	}
	if s, ok := d.names[string(b)]; ok {
		return s, nil
	}
	s := string(b)
	if len(d.names) < maxInterned {
		if d.names == nil {
			d.names = make(map[string]string, 64)
		}
		d.names[s] = s
	}
	return s, nil
}

// step reads one token (a member name, a bracket or a scalar) and checks
// the value limit. It returns errJSONLimit after a limit's problem, or the
// decoder's error.
func (d *jsonDecoder) step() error {
	kind := d.dec.PeekKind()
	if kind == 0 {
		_, err := d.dec.ReadToken()
		if err == nil {
			err = errors.New("invalid token")
		}
		return err
	}
	if len(d.stack) > 0 && d.top().isObj && !d.top().haveKey && kind != '}' {
		return d.memberName()
	}
	if kind == '{' && d.reuse != nil {
		if ok, err := d.tryReuse(); ok || err != nil {
			return err
		}
	}
	var err error
	switch kind {
	case '{', '[':
		err = d.open(kind)
	case '}', ']':
		err = d.close()
	default:
		err = d.scalar(kind)
	}
	if err != nil {
		return err
	}
	if d.count > d.lim.MaxValues {
		d.problems = append(d.problems, d.bounded(Problem{Kind: ProblemTooMany, Pos: d.lines.pos(int(d.dec.InputOffset())), Fatal: true, Limit: limits.MaxFileValues,
			Message: fmt.Sprintf("more than %d values; the file is not checked (%s to allow it)", d.lim.MaxValues, limits.MaxFileValues.Raise())}))
		return errJSONLimit
	}
	if d.cost > d.maxCost {
		d.problems = append(d.problems, d.bounded(tooCostly(d.lines.pos(int(d.dec.InputOffset())), d.maxCost, len(d.data))))
		return errJSONLimit
	}
	return nil
}

func (d *jsonDecoder) top() *jsonFrame { return &d.stack[len(d.stack)-1] }

// fail records a syntax error at its offset, with a hint for common
// mistakes, and ends the pass.
func (d *jsonDecoder) fail(err error) (any, *Index, []Problem) {
	off := int(d.dec.InputOffset())
	msg := err.Error()
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		off = int(se.ByteOffset)
		if se.Err != nil {
			msg = se.Err.Error()
		}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		off = len(d.data)
		msg = "unexpected end of file"
	}
	msg = strings.TrimPrefix(msg, "jsontext: ")
	off, msg = jsonSyntaxHint(d.data, off, msg)
	d.problems = append(d.problems, d.bounded(Problem{Kind: ProblemSyntax, Pos: d.lines.pos(off), Message: "invalid JSON: " + msg, Fatal: true}))
	return nil, d.ix, d.problems
}

// childPtr returns the pointer of the value about to be attached to the
// innermost open container.
func (d *jsonDecoder) childPtr() string {
	if len(d.stack) == 0 {
		return ""
	}
	if d.ix == nil {
		return stackPointer(d.stack)
	}
	top := d.top()
	if top.isObj {
		return Join(top.ptr, top.key)
	}
	return JoinIndex(top.ptr, top.n)
}

// attach puts a finished value into the innermost open container, or makes
// it the root.
func (d *jsonDecoder) attach(v any) {
	if len(d.stack) == 0 {
		d.root = v
		d.haveRoot = true
		return
	}
	top := d.top()
	if top.isObj {
		n := len(top.obj)
		top.obj[top.key] = v
		if len(top.obj) > n && n%groupSize == 0 {
			d.cost += groupCost // the member starts a group
		}
		top.haveKey = false
		if top.spans != nil {
			delete(top.spans, top.key)
		}
	} else {
		if len(d.items) == cap(d.items) {
			// doubled: append's growth by a quarter for large slices
			// allocated five times the stack's final size as it grew (a
			// million elements: 80 MB of garbage for a 16 MB stack).
			d.items = slices.Grow(d.items, len(d.items))
		}
		d.items = append(d.items, v)
		d.cost += elementCost
		top.n++
	}
}

// memberName reads the name of the next member of the innermost object. A
// name seen before is reported (the later value is kept), and the problems
// inside the value it replaces are dropped at the end.
func (d *jsonDecoder) memberName() error {
	top := d.top()
	raw, err := d.dec.ReadValue()
	if err != nil {
		return err
	}
	start := int(d.dec.InputOffset()) - len(raw)
	name, err := d.unquote(raw)
	if err != nil {
		return err
	}
	top.key = name
	top.haveKey = true
	prev, dup := top.obj[top.key]
	if !dup && d.ix == nil {
		return nil
	}
	var ptr string
	if d.ix != nil || !d.folds(ProblemDuplicateKey) {
		ptr = d.childPtr()
	}
	if dup {
		if d.ix != nil {
			d.ix.forget(ptr, prev)
		}
		if span, ok := top.spans[top.key]; ok {
			d.replaced = append(d.replaced, span)
		}
		d.problems = append(d.problems, d.bounded(Problem{Kind: ProblemDuplicateKey, Pointer: ptr, Pos: d.lines.pos(start),
			Message: fmt.Sprintf("duplicate key %q: readers disagree on which value counts (this one is used); remove the other", CutText(top.key, maxQuotedText))}))
	}
	if d.ix != nil {
		d.ix.SetKey(ptr, d.lines.pos(start))
	}
	return nil
}

// open reads '{' or '[' and pushes a container, unless it nests deeper
// than the limit.
func (d *jsonDecoder) open(kind jsontext.Kind) error {
	var ptr string
	if d.ix != nil {
		ptr = d.childPtr()
	}
	if _, err := d.dec.ReadToken(); err != nil {
		return err
	}
	start := int(d.dec.InputOffset()) - 1
	d.count++
	if len(d.stack)+1 > d.lim.MaxDepth {
		if d.ix == nil {
			ptr = d.childPtr()
		}
		d.problems = append(d.problems, d.bounded(Problem{Kind: ProblemTooDeep, Pointer: ptr, Pos: d.lines.pos(start), Fatal: true, Limit: limits.MaxFileDepth,
			Message: fmt.Sprintf("nesting deeper than %d levels; the file is not checked (%s to allow it)", d.lim.MaxDepth, limits.MaxFileDepth.Raise())}))
		return errJSONLimit
	}
	if d.ix != nil {
		d.ix.SetValue(ptr, d.lines.pos(start))
	}
	f := jsonFrame{ptr: ptr, isObj: kind == '{', start: len(d.problems), itemsFrom: len(d.items), like: d.likeChild()}
	if f.isObj {
		f.obj = map[string]any{}
		d.cost += objectCost
	}
	d.stack = append(d.stack, f)
	return nil
}

// close reads '}' or ']', pops the container and attaches it; the problems
// found inside a member's value are remembered in case a duplicate name
// replaces it.
func (d *jsonDecoder) close() error {
	if _, err := d.dec.ReadToken(); err != nil {
		return err
	}
	f := *d.top()
	d.stack[len(d.stack)-1] = jsonFrame{} // drop its references
	d.stack = d.stack[:len(d.stack)-1]
	if f.isObj {
		d.attach(share(f.obj, f.like))
	} else {
		arr := make([]any, f.n)
		copy(arr, d.items[f.itemsFrom:])
		clear(d.items[f.itemsFrom:])
		d.items = d.items[:f.itemsFrom]
		d.cost += arrayCost
		d.attach(share(arr, f.like))
	}
	if parent := len(d.stack) - 1; parent >= 0 && d.stack[parent].isObj && len(d.problems) > f.start {
		if d.stack[parent].spans == nil {
			d.stack[parent].spans = map[string][2]int{}
		}
		// attach cleared haveKey but kept the name of the member.
		d.stack[parent].spans[d.stack[parent].key] = [2]int{f.start, len(d.problems)}
	}
	return nil
}

// scalar reads a null, boolean, number or string and attaches it.
func (d *jsonDecoder) scalar(kind jsontext.Kind) error {
	raw, err := d.dec.ReadValue()
	if err != nil {
		return err
	}
	d.count++
	if d.ix != nil {
		d.ix.SetValue(d.childPtr(), d.lines.pos(int(d.dec.InputOffset())-len(raw)))
	}
	var v any
	switch kind {
	case 'n':
		v = nil
	case 't':
		v = true
	case 'f':
		v = false
	case '0':
		v = d.box(raw, 'n', func() any { return json.Number(string(raw)) })
	case '"':
		s, err := d.unquote(raw)
		if err != nil {
			return err
		}
		v = d.box(d.buf, 's', func() any { return s })
	}
	if d.reuse != nil {
		v = share(v, d.likeChild())
	}
	d.attach(v)
	return nil
}

// box returns the value build makes for the short text b (a number's, or
// a string's, as kind says), boxed once per pass: a file of a million
// small values keeps one interface value for each distinct one, not one
// per value.
func (d *jsonDecoder) box(b []byte, kind byte, build func() any) any {
	if len(b) > maxBoxedLen {
		return build()
	}
	if v, ok := d.boxed[boxKey{kind, string(b)}]; ok {
		return v
	}
	v := build()
	if len(d.boxed) < maxBoxed {
		if d.boxed == nil {
			d.boxed = make(map[boxKey]any, 64)
		}
		d.boxed[boxKey{kind, string(b)}] = v
	}
	return v
}

// maxBoxed bounds the values a pass boxes once, and maxBoxedLen their
// length: the repeated ones are short ("string", 0, 1).
const (
	maxBoxed    = 1024
	maxBoxedLen = 16
)

// boxKey names a boxed value: its kind ('n' number, 's' string) and text.
type boxKey struct {
	kind byte
	text string
}
