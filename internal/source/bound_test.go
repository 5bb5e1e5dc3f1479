package source

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// problemBytes is what a file's problems hold in text.
func problemBytes(ps []Problem) int {
	n := 0
	for _, p := range ps {
		n += len(p.Pointer) + len(p.Message)
	}
	return n
}

// TestProblemBytesBounded reproduces issue 19 item 8: every problem below
// a long key stored its whole pointer (a 238 KB file held 14.8 GB), and
// every problem of a kind was kept. Now the text a file's problems hold is
// bounded by 20 times the file's size plus 2 MB per kind of problem:
// pointers keep their start and end, and past MaxProblemsPerKind one
// problem counts the rest.
func TestProblemBytesBounded(t *testing.T) {
	key := strings.Repeat("k", 10_000)
	var tags strings.Builder
	tags.WriteString("? " + key + "\n:\n")
	for i := range 3000 {
		fmt.Fprintf(&tags, "  a%d: !t x\n", i)
	}
	for _, tc := range []struct {
		name, text string
		kind       ProblemKind
		n          int
	}{
		{"dup.json", `{"` + key + `":{` + strings.Repeat(`"a":1,`, 3000) + `"a":1}}`, ProblemDuplicateKey, 3000},
		{"dup.yaml", "? " + key + "\n:\n" + strings.Repeat("  a: 1\n", 3001), ProblemDuplicateKey, 3000},
		{"tags.yaml", tags.String(), ProblemYAMLTag, 3000},
		{"dup-key.json", `{"x":{` + strings.Repeat(`"`+key+`":1,`, 50) + `"a":1}}`, ProblemDuplicateKey, 49},
	} {
		f := Parse(tc.name, []byte(tc.text), Limits{})
		if got, max := problemBytes(f.Problems), 20*len(tc.text)+2<<20; got > max {
			t.Errorf("%s: problems hold %d bytes of text for a file of %d bytes; want at most %d", tc.name, got, len(tc.text), max)
		}
		listed, counted := 0, ""
		for _, p := range f.Problems {
			if p.Kind != tc.kind {
				t.Errorf("%s: unexpected problem %s %.200q", tc.name, p.Kind, p.Message)
				continue
			}
			if len(p.Pointer) > MaxPointerText || p.Pos.IsZero() {
				t.Errorf("%s: problem pointer of %d bytes at %v", tc.name, len(p.Pointer), p.Pos)
			}
			if strings.Contains(p.Message, "not listed one by one") {
				counted = p.Message
				if p.Folded != tc.n-MaxProblemsPerKind {
					t.Errorf("%s: the count stands for %d problems, want %d", tc.name, p.Folded, tc.n-MaxProblemsPerKind)
				}
			} else {
				listed++
			}
		}
		if want := min(tc.n, MaxProblemsPerKind); listed != want {
			t.Errorf("%s: %d problems listed, want %d", tc.name, listed, want)
		}
		if more := tc.n - MaxProblemsPerKind; more > 0 && !strings.HasPrefix(counted, fmt.Sprintf("%d more %s problems in this file", more, tc.kind)) {
			t.Errorf("%s: the rest counted as %q, want %d more", tc.name, counted, more)
		}
	}
}

// TestLocateBelowLongKey: looking up a position below a long key recorded
// every sibling of the value under its whole pointer (issue 19 item 8:
// 10,000 schemas under a 100 KB name, 1 GB once a finding was placed). The
// bytes a lookup allocates now stay within a small multiple of the file.
func TestLocateBelowLongKey(t *testing.T) {
	key := strings.Repeat("k", 10_000)
	text := `{"` + key + `":{`
	for i := range 3000 {
		text += fmt.Sprintf(`"p%d":{"type":1},`, i)
	}
	text = strings.TrimSuffix(text, ",") + `}}`
	f := Parse("t.json", []byte(text), Limits{})
	if len(f.Problems) != 0 {
		t.Fatalf("problems %+v", f.Problems)
	}
	ptr := "/" + key + "/p2999/type"
	allocated := allocatedBy(func() {
		if p, ok := f.Index.Value(ptr); !ok || p.Line != 1 || p.Column != len(text)-3 {
			t.Errorf("position %v %v, want 1:%d", p, ok, len(text)-3)
		}
		if p, ok := f.Index.Key("/" + key + "/p0"); !ok || p.Column != len(key)+6 {
			t.Errorf("key position %v %v, want 1:%d", p, ok, len(key)+6)
		}
	})
	if max := uint64(20 * len(text)); allocated > max {
		t.Errorf("lookups allocated %d bytes for a file of %d bytes; want at most %d", allocated, len(text), max)
	}
}

// TestBoundedPointer: building a pointer bounded gives what cutting the
// whole pointer gives, for long and short tokens and multi-byte characters.
func TestBoundedPointer(t *testing.T) {
	for _, tokens := range [][]string{
		{"a", "b"},
		{strings.Repeat("k", 100_000), "a"},
		{"a", strings.Repeat("é", 3000), "b"},
		{strings.Repeat("x", 511), strings.Repeat("y", 700)},
		{strings.Repeat("x", 510), strings.Repeat("€", 400), "1"},
		strings.Split(strings.Repeat("0/", 2000)+"z", "/"),
	} {
		want := CutPointer("/" + strings.Join(tokens, "/"))
		if got := boundedPointer(len(tokens), func(i int) string { return tokens[i] }); got != want {
			t.Errorf("tokens of %d bytes: got %.80q… (%d bytes), want %.80q… (%d bytes)", len(strings.Join(tokens, "")), got, len(got), want, len(want))
		}
	}
}

// TestLocateInWideArray: a lookup in an array of 200,000 elements keeps one
// offset per element (it kept a pointer string and a map entry each).
func TestLocateInWideArray(t *testing.T) {
	text := `{"a":[` + strings.Repeat(`{},`, 200_000) + `{"b":1}]}`
	f := Parse("t.json", []byte(text), Limits{})
	allocated := allocatedBy(func() {
		if p, ok := f.Index.Value("/a/200000/b"); !ok || p.Column != len(text)-3 {
			t.Errorf("position %v %v, want 1:%d", p, ok, len(text)-3)
		}
	})
	if max := uint64(20 * len(text)); allocated > max {
		t.Errorf("a lookup allocated %d bytes for a file of %d bytes; want at most %d", allocated, len(text), max)
	}
}

// TestShortValuesBoxedOnce: equal short numbers and strings of a file share
// one interface value (a million values cost a million boxes of 16 bytes).
func TestShortValuesBoxedOnce(t *testing.T) {
	f := Parse("t.json", []byte(`[0, 0, "string", "string", 1.5, "`+strings.Repeat("x", 40)+`", "`+strings.Repeat("x", 40)+`"]`), Limits{})
	a := f.Root.([]any)
	data := func(v *any) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(v))[1] }
	if data(&a[0]) != data(&a[1]) || data(&a[2]) != data(&a[3]) {
		t.Error("equal short values are boxed twice")
	}
	if a[0] != json.Number("0") || a[2] != "string" || a[4] != json.Number("1.5") || a[5] != strings.Repeat("x", 40) {
		t.Errorf("values %#v", a)
	}
}

// TestThinProblemsCounted: problems past MaxProblemsPerKind that follow
// one another take one place in the list, whatever their number (50,000
// repeated YAML keys once kept 50,000 problems of about 100 bytes, a third
// of the memory of a file at the node bound), and the folded problem still
// counts every one of them.
func TestThinProblemsCounted(t *testing.T) {
	t.Parallel()
	var b problemBound
	var list []Problem
	for i := range 10_000 {
		list = b.appendBounded(list, 0, Problem{Kind: ProblemDuplicateKey, Pos: Pos{Line: i + 1, Column: 1}, Message: "m"})
	}
	if len(list) != MaxProblemsPerKind+1 {
		t.Errorf("%d problems kept, want %d", len(list), MaxProblemsPerKind+1)
	}
	n := 50_000
	f := Parse("t.yaml", []byte("a: {"+strings.Repeat("b, ", n)+"b}\n"), Limits{})
	last := f.Problems[len(f.Problems)-1]
	if len(f.Problems) != MaxProblemsPerKind+1 || last.Folded != n-MaxProblemsPerKind || last.Pos != (Pos{Line: 1, Column: 5 + 3*(MaxProblemsPerKind+1)}) {
		t.Errorf("%d problems, last %+v; want %d, the last counting %d at 1:%d", len(f.Problems), last, MaxProblemsPerKind+1, n-MaxProblemsPerKind, 5+3*(MaxProblemsPerKind+1))
	}
}
