package source

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

type jsonFrame struct {
	ptr     string // set only when indexing
	obj     map[string]any
	arr     []any
	isObj   bool
	key     string
	haveKey bool
	// start is the number of problems when the container opened.
	start int
	// spans are, per member name, the problems found inside its current
	// value (a container), dropped if a duplicate name replaces it.
	spans map[string][2]int
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
func stackPointer(stack []*jsonFrame) string {
	var b strings.Builder
	for _, f := range stack {
		b.WriteByte('/')
		if f.isObj {
			b.WriteString(EscapeToken(f.key))
		} else {
			b.WriteString(strconv.Itoa(len(f.arr)))
		}
	}
	return b.String()
}

// decodeJSON does the work of parseJSON. With ix non-nil it records every
// pointer's position in ix (and returns it); with ix nil it builds no
// pointer except for a problem, and returns nil for the index. Both passes
// apply the same limits and report the same problems.
func decodeJSON(data []byte, lim Limits, ix *Index) (any, *Index, []Problem) {
	lines := newLineTable(data)
	var problems []Problem
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	var stack []*jsonFrame
	var root any
	haveRoot := false
	count := 0
	var replaced [][2]int // problems inside values replaced by a duplicate name

	fail := func(err error) (any, *Index, []Problem) {
		off := int(dec.InputOffset())
		msg := err.Error()
		var se *jsontext.SyntacticError
		if errors.As(err, &se) {
			off = int(se.ByteOffset)
			if se.Err != nil {
				msg = se.Err.Error()
			}
		}
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			off = len(data)
			msg = "unexpected end of file"
		}
		msg = strings.TrimPrefix(msg, "jsontext: ")
		off, msg = jsonSyntaxHint(data, off, msg)
		problems = append(problems, Problem{Kind: ProblemSyntax, Pos: lines.pos(off), Message: "invalid JSON: " + msg, Fatal: true})
		return nil, ix, problems
	}

	childPtr := func() string {
		if len(stack) == 0 {
			return ""
		}
		if ix == nil {
			return stackPointer(stack)
		}
		top := stack[len(stack)-1]
		if top.isObj {
			return Join(top.ptr, top.key)
		}
		return JoinIndex(top.ptr, len(top.arr))
	}
	attach := func(v any) {
		if len(stack) == 0 {
			root = v
			haveRoot = true
			return
		}
		top := stack[len(stack)-1]
		if top.isObj {
			top.obj[top.key] = v
			top.haveKey = false
			if top.spans != nil {
				delete(top.spans, top.key)
			}
		} else {
			top.arr = append(top.arr, v)
		}
	}

	for !haveRoot {
		kind := dec.PeekKind()
		if kind == 0 {
			_, err := dec.ReadToken()
			if err == nil {
				err = errors.New("invalid token")
			}
			return fail(err)
		}
		if len(stack) > 0 && stack[len(stack)-1].isObj && !stack[len(stack)-1].haveKey && kind != '}' {
			top := stack[len(stack)-1]
			raw, err := dec.ReadValue()
			if err != nil {
				return fail(err)
			}
			start := int(dec.InputOffset()) - len(raw)
			name, err := jsontext.AppendUnquote(nil, raw)
			if err != nil {
				return fail(err)
			}
			top.key = string(name)
			top.haveKey = true
			prev, dup := top.obj[top.key]
			if !dup && ix == nil {
				continue
			}
			ptr := childPtr()
			if dup {
				if ix != nil {
					ix.forget(ptr, prev)
				}
				if span, ok := top.spans[top.key]; ok {
					replaced = append(replaced, span)
				}
				problems = append(problems, Problem{Kind: ProblemDuplicateKey, Pointer: ptr, Pos: lines.pos(start),
					Message: fmt.Sprintf("duplicate key %q: readers disagree on which value counts (this one is used); remove the other", top.key)})
			}
			if ix != nil {
				ix.SetKey(ptr, lines.pos(start))
			}
			continue
		}
		switch kind {
		case '{', '[':
			var ptr string
			if ix != nil {
				ptr = childPtr()
			}
			if _, err := dec.ReadToken(); err != nil {
				return fail(err)
			}
			start := int(dec.InputOffset()) - 1
			count++
			if len(stack)+1 > lim.MaxDepth {
				if ix == nil {
					ptr = childPtr()
				}
				problems = append(problems, Problem{Kind: ProblemTooDeep, Pointer: ptr, Pos: lines.pos(start), Fatal: true,
					Message: fmt.Sprintf("nesting deeper than %d levels; the file is not checked (raise limits.max-file-depth in the config to allow it)", lim.MaxDepth)})
				return nil, ix, problems
			}
			if ix != nil {
				ix.SetValue(ptr, lines.pos(start))
			}
			f := &jsonFrame{ptr: ptr, isObj: kind == '{', start: len(problems)}
			if f.isObj {
				f.obj = map[string]any{}
			} else {
				f.arr = []any{}
			}
			stack = append(stack, f)
		case '}', ']':
			if _, err := dec.ReadToken(); err != nil {
				return fail(err)
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f.isObj {
				attach(f.obj)
			} else {
				attach(f.arr)
			}
			if parent := len(stack) - 1; parent >= 0 && stack[parent].isObj && len(problems) > f.start {
				if stack[parent].spans == nil {
					stack[parent].spans = map[string][2]int{}
				}
				// attach cleared haveKey but kept the name of the member.
				stack[parent].spans[stack[parent].key] = [2]int{f.start, len(problems)}
			}
		default:
			raw, err := dec.ReadValue()
			if err != nil {
				return fail(err)
			}
			count++
			if ix != nil {
				ix.SetValue(childPtr(), lines.pos(int(dec.InputOffset())-len(raw)))
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
				v = json.Number(string(raw))
			case '"':
				s, err := jsontext.AppendUnquote(nil, raw)
				if err != nil {
					return fail(err)
				}
				v = string(s)
			}
			attach(v)
		}
		if count > lim.MaxValues {
			problems = append(problems, Problem{Kind: ProblemTooMany, Pos: lines.pos(int(dec.InputOffset())), Fatal: true,
				Message: fmt.Sprintf("more than %d values; the file is not checked (raise limits.max-file-values in the config to allow it)", lim.MaxValues)})
			return nil, ix, problems
		}
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		if err == nil {
			err = errors.New("unexpected data after the top-level value")
		}
		return fail(err)
	}
	return root, ix, dropRanges(problems, replaced)
}
