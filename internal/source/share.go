package source

import (
	"encoding/json"
	"reflect"
	"unsafe"
)

// A base parsed next to its head (ParseLike) shares the head's decoded
// values wherever they are equal at the same pointer: a base value is
// decoded as usual (the same problems, values and limits as Parse), then
// replaced by the head's when they are equal plain values, its own copy
// dropped. A changed tool's base then costs what changed, not a second copy
// of all of it (an enum of 490,000 objects with one removed: 190 MB before;
// issue 29 item 5). Children are compared before their parents, and an
// equal child is the head's own, so a container is equal when its
// children are the head's children: each value is compared once.

// likeChild returns the value of like's tree at the pointer of the value
// the decoder is about to attach (nil: none, or no like at all).
func (d *jsonDecoder) likeChild() any {
	if d.reuse == nil {
		return nil
	}
	if len(d.stack) == 0 {
		return d.reuse.root
	}
	top := d.top()
	switch l := top.like.(type) {
	case map[string]any:
		if top.isObj {
			return l[top.key]
		}
	case []any:
		if !top.isObj && top.n < len(l) {
			return l[top.n]
		}
	}
	return nil
}

// share returns like when v equals it (v's containers already being
// like's where they are equal), else v.
func share(v, like any) any {
	if like == nil {
		return v
	}
	switch x := v.(type) {
	case map[string]any:
		l, ok := like.(map[string]any)
		if !ok || len(l) != len(x) {
			return v
		}
		for k, c := range x {
			lc, ok := l[k]
			if !ok || !same(c, lc) {
				return v
			}
		}
		return like
	case []any:
		l, ok := like.([]any)
		if !ok || len(l) != len(x) {
			return v
		}
		for i, c := range x {
			if !same(c, l[i]) {
				return v
			}
		}
		return like
	}
	if same(v, like) {
		return like
	}
	return v
}

// same reports whether a and b are the same container (shared) or equal
// scalars.
func same(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		return ok && reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer()
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && unsafe.SliceData(x) == unsafe.SliceData(y)
	case json.Number, string, bool, nil:
		switch b.(type) {
		case json.Number, string, bool, nil:
			return a == b
		}
	}
	return false
}
