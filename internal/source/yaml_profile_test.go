package source

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// mergeBomb returns the exploit of issue 10 item 2: levels anchored
// mappings, each merging the previous fanOut ones
// (`mI: &mI {<<: [*m(I-8), …, *m(I-1)], kI: I}`), which a reader that
// expands merges visits fanOut^levels times. It also returns where every
// anchor, merge key and alias is written.
func mergeBomb(levels, fanOut int) (data []byte, anchors, merges, aliases []Pos) {
	var b strings.Builder
	for i := 0; i < levels; i++ {
		line := i + 1
		head := fmt.Sprintf("m%d: ", i)
		anchors = append(anchors, Pos{line, len(head) + 1})
		head += fmt.Sprintf("&m%d {", i)
		if i > 0 {
			merges = append(merges, Pos{line, len(head) + 1})
			head += "<<: ["
			for j := max(0, i-fanOut); j < i; j++ {
				if j > max(0, i-fanOut) {
					head += ", "
				}
				aliases = append(aliases, Pos{line, len(head) + 1})
				head += fmt.Sprintf("*m%d", j)
			}
			head += "], "
		}
		fmt.Fprintf(&b, "%sk%d: %d}\n", head, i, i)
	}
	return []byte(b.String()), anchors, merges, aliases
}

// TestYAMLMergeBombReportedNotExpanded reproduces issue 10 item 2 (38 s at
// 28 levels, no end at 40): every anchor, merge key and alias is reported
// at the position where it is written, nothing is expanded, and the file
// is not read further.
func TestYAMLMergeBombReportedNotExpanded(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ levels, fanOut int }{{28, 8}, {40, 8}, {200, 64}} {
		data, anchors, merges, aliases := mergeBomb(tc.levels, tc.fanOut)
		f := Parse("bomb.yaml", data, Limits{})
		got := map[ProblemKind][]Pos{}
		counted := map[ProblemKind]string{}
		for _, p := range f.Problems {
			got[p.Kind] = append(got[p.Kind], p.Pos)
			if strings.Contains(p.Message, "not listed one by one") {
				counted[p.Kind] = p.Message
			}
		}
		name := fmt.Sprintf("%d levels, fan-out %d (%d bytes)", tc.levels, tc.fanOut, len(data))
		problems := 0
		for kind, want := range map[ProblemKind][]Pos{ProblemYAMLAnchor: anchors, ProblemYAMLMergeKey: merges, ProblemYAMLAlias: aliases} {
			// The first MaxProblemsPerKind are listed; one more problem,
			// at the next of them, counts the rest.
			if len(want) > MaxProblemsPerKind {
				more := fmt.Sprintf("%d more %s problems", len(want)-MaxProblemsPerKind, kind)
				if !strings.HasPrefix(counted[kind], more) {
					t.Errorf("%s: %s counted as %q, want %q", name, kind, counted[kind], more)
				}
				want = want[:MaxProblemsPerKind+1]
			}
			if fmt.Sprint(got[kind]) != fmt.Sprint(want) {
				t.Errorf("%s: %s at %v, want %v", name, kind, got[kind], want)
			}
			problems += len(want)
		}
		if len(f.Problems) != problems {
			t.Errorf("%s: %d problems, want %d", name, len(f.Problems), problems)
		}
		if !f.Fatal() || f.Root != nil {
			t.Errorf("%s: a file with aliases was read on", name)
		}
	}
}

// TestYAMLProfile checks each construct outside the restricted profile of
// MCP Description 0.8.0 §15.3: where it is reported, and what is read.
func TestYAMLProfile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, src string
		want      []string // kind@line:col
		fatal     bool
		read      map[string]any // pointer -> value read (non-fatal cases)
	}{
		{name: "anchor only", src: "a: &x {b: 1}\n", want: []string{"yaml-anchor@1:4"}, read: map[string]any{"/a/b": json.Number("1")}},
		{name: "anchor on a scalar key", src: "&k a: 1\n", want: []string{"yaml-anchor@1:1"}, read: map[string]any{"/a": json.Number("1")}},
		{name: "alias in a sequence", src: "a: &x 1\nb: [2, *x]\n", want: []string{"yaml-anchor@1:4", "yaml-alias@2:8"}, fatal: true},
		{name: "alias as a key", src: "a: &x k\nb: {*x : 1}\n", want: []string{"yaml-anchor@1:4", "yaml-alias@2:5"}, fatal: true},
		{name: "recursive alias", src: "a: &x [*x]\n", want: []string{"yaml-anchor@1:4", "yaml-alias@1:8"}, fatal: true},
		{name: "inline merge", src: "a:\n  <<: {b: 1}\n  c: 2\n", want: []string{"yaml-merge-key@2:3"},
			read: map[string]any{"/a/c": json.Number("2"), "/a/<</b": json.Number("1")}},
		{name: "tagged merge key", src: "a: {!!merge <<: {b: 1}}\n", want: []string{"yaml-merge-key@1:5"}, read: map[string]any{"/a/<</b": json.Number("1")}},
		{name: "quoted << is a plain key", src: "a: {'<<': 1}\n", read: map[string]any{"/a/<<": json.Number("1")}},
		{name: "custom tag", src: "a: !python/object 1\n", want: []string{"yaml-tag@1:4"}, read: map[string]any{"/a": "1"}},
		{name: "custom tag on a mapping", src: "a: !foo {b: 1}\n", want: []string{"yaml-tag@1:4"}, read: map[string]any{"/a/b": json.Number("1")}},
		{name: "binary tag", src: "a: !!binary aGk=\n", want: []string{"yaml-tag@1:4"}, read: map[string]any{"/a": "aGk="}},
		{name: "verbatim tag", src: "a: !<tag:example.com,2026:x> 1\n", want: []string{"yaml-tag@1:4"}},
		{name: "anchor then tag", src: "a: &x !foo 1\n", want: []string{"yaml-anchor@1:4", "yaml-tag@1:7"}},
		{name: "tag then anchor", src: "a: !foo &x 1\n", want: []string{"yaml-anchor@1:9", "yaml-tag@1:4"}},
		{name: "positions after wide characters", src: "é: [ü, &x ö, !t ä]\n", want: []string{"yaml-anchor@1:8", "yaml-tag@1:14"}},
		{name: "JSON schema tags", src: "a: !!str 1\nb: !!int \"2\"\nc: !!float 1.5\nd: !!bool true\ne: !!null ~\nf: !!map {}\ng: !!seq []\nh: ! x\n",
			read: map[string]any{"/a": "1", "/b": json.Number("2")}},
	} {
		f := Parse("t.yaml", []byte(tc.src), Limits{})
		var got []string
		for _, p := range f.Problems {
			got = append(got, fmt.Sprintf("%s@%d:%d", p.Kind, p.Pos.Line, p.Pos.Column))
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: problems %v, want %v", tc.name, got, tc.want)
		}
		if f.Fatal() != tc.fatal {
			t.Errorf("%s: fatal %v, want %v", tc.name, f.Fatal(), tc.fatal)
		}
		for ptr, want := range tc.read {
			if v, ok := Resolve(f.Root, ptr); !ok || v != want {
				t.Errorf("%s: %s = %v (%v), want %v", tc.name, ptr, v, ok, want)
			}
		}
	}
}

// TestYAMLAliasesCountOnce checks that max-file-values counts the nodes
// written, an alias as one, and that a file over it stops there.
func TestYAMLAliasesCountOnce(t *testing.T) {
	t.Parallel()
	data, _, _, _ := mergeBomb(40, 8)
	f := Parse("bomb.yaml", data, Limits{MaxValues: 100})
	if len(f.Problems) == 0 || f.Problems[len(f.Problems)-1].Kind != ProblemTooMany {
		t.Errorf("problems %+v", f.Problems)
	}
	// The same text, with fewer values than max-file-values, stays within it.
	f = Parse("bomb.yaml", data, Limits{MaxValues: 700})
	for _, p := range f.Problems {
		if p.Kind == ProblemTooMany {
			t.Errorf("%d nodes counted more than once: %+v", 700, p)
		}
	}
}

// TestYAMLDuplicateKeysDropReplacedProblems checks that the problems inside
// a value a duplicate key replaces are dropped, and no others.
func TestYAMLDuplicateKeysDropReplacedProblems(t *testing.T) {
	t.Parallel()
	src := "a: {x: .inf}\nb: {y: 1, y: 2}\na: {z: .nan}\nb: 3\nc: .inf\n"
	f := Parse("t.yaml", []byte(src), Limits{})
	var got []string
	for _, p := range f.Problems {
		got = append(got, fmt.Sprintf("%s %s", p.Kind, p.Pointer))
	}
	want := "duplicate-key /a not-json-value /a/z duplicate-key /b not-json-value /c"
	if strings.Join(got, " ") != want {
		t.Errorf("got %q\nwant %q", strings.Join(got, " "), want)
	}
}

// TestJSONDuplicateKeysDropReplacedProblems is the JSON side: only the
// problems inside replaced values are dropped, nested replacements included.
func TestJSONDuplicateKeysDropReplacedProblems(t *testing.T) {
	t.Parallel()
	src := `{"a": {"x": {"y": 1, "y": 2}, "x": 3}, "b": [{"z": 1, "z": 2}], "a": {"w": 1, "w": 2}, "b": 1, "c": {"v": 1, "v": 2}}`
	f := Parse("t.json", []byte(src), Limits{})
	var got []string
	for _, p := range f.Problems {
		got = append(got, p.Pointer)
	}
	if want := "/a /a/w /b /c/v"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}

// TestYAMLDeepLongKeys: 500 levels of 1000-character keys above 4000
// values took 5.8 s (a pointer of 500 KB built per value); positions are
// now looked up in the node tree on demand and a pointer is built only for
// a problem.
func TestYAMLDeepLongKeys(t *testing.T) {
	t.Parallel()
	data := deepLongKeys(4000)
	f := Parse("t.yaml", data, Limits{})
	last := Pos{1, 500*1003 + 2 + 3*4000} // after the 500 "{k…k: " and "[" come 4000 "1, "
	if len(f.Problems) != 1 || f.Problems[0].Pos != last {
		t.Fatalf("problems %+v", f.Problems)
	}
	ptr := strings.Repeat("/"+strings.Repeat("k", 1000), 500)
	// The problem keeps the pointer's start and end (issue 19 item 8).
	if got := f.Problems[0].Pointer; got != CutPointer(ptr+"/4000") || !strings.HasPrefix(got, "/kkk") || !strings.HasSuffix(got, "k/4000") || len(got) > MaxPointerText {
		t.Errorf("pointer %.80q…", got)
	}
	if p, ok := f.Index.Value(ptr + "/4000"); !ok || p != last {
		t.Errorf("value index: %v %v", p, ok)
	}
	if p, ok := f.Index.Key(ptr); !ok || p != (Pos{1, 499*1003 + 2}) {
		t.Errorf("key index: %v %v", p, ok)
	}
}
