package source

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// sameParse fails unless ParseLike's file equals Parse's in every field a
// caller reads: values, problems, tools, versions and positions.
func sameParse(t *testing.T, name string, data []byte, lim Limits, like *File, likeData []byte) *File {
	t.Helper()
	want := Parse(name, data, lim)
	got := ParseLike(name, data, lim, like, likeData)
	if !reflect.DeepEqual(got.Root, want.Root) {
		t.Fatalf("%s: root differs", name)
	}
	if !reflect.DeepEqual(got.Problems, want.Problems) {
		t.Fatalf("%s: problems differ:\n got %v\nwant %v", name, got.Problems, want.Problems)
	}
	if !reflect.DeepEqual(got.Tools, want.Tools) || got.Shape != want.Shape || got.ToolsPointer != want.ToolsPointer ||
		got.Format != want.Format || !reflect.DeepEqual(got.DeclaredVersions, want.DeclaredVersions) || got.VersionsDeclared != want.VersionsDeclared {
		t.Fatalf("%s: tools or shape differ", name)
	}
	for _, ptr := range []string{"", "/tools", "/tools/0", "/tools/1/name", "/tools/2/inputSchema/properties", "/x"} {
		gp, gok := got.Index.Value(ptr)
		wp, wok := want.Index.Value(ptr)
		gk, gkok := got.Index.Key(ptr)
		wk, wkok := want.Index.Key(ptr)
		if gp != wp || gok != wok || gk != wk || gkok != wkok {
			t.Fatalf("%s: position of %q differs: %v %v, want %v %v", name, ptr, gp, gk, wp, wk)
		}
	}
	return got
}

func toolText(i int, desc string) string {
	return fmt.Sprintf(`{"name": "t%d", "description": %q, "inputSchema": {"type": "object", "properties": {"a%d": {"type": "string", "enum": [1, 2.50, "x"]}}, "additionalProperties": false}}`, i, desc, i)
}

func listText(tools ...string) []byte {
	return []byte("{\"tools\": [\n  " + strings.Join(tools, ",\n  ") + "\n]}\n")
}

func TestParseLikeReusesUnchangedTools(t *testing.T) {
	t.Parallel()
	var head, base []string
	for i := range 10 {
		head = append(head, toolText(i, "same"))
		if i%3 == 0 {
			base = append(base, toolText(i, "old"))
		} else {
			base = append(base, toolText(i, "same"))
		}
	}
	headData, baseData := listText(head...), listText(base...)
	like := Parse("tools.json", headData, Limits{})
	if len(like.Problems) > 0 || len(like.Tools) != 10 {
		t.Fatalf("head: %v, %d tools", like.Problems, len(like.Tools))
	}
	got := sameParse(t, "tools.json", baseData, Limits{}, like, headData)
	reused := 0
	for i, tool := range got.Tools {
		if reflect.ValueOf(tool.Value).UnsafePointer() == reflect.ValueOf(like.Tools[i].Value).UnsafePointer() {
			reused++
			if i%3 == 0 {
				t.Errorf("tool %d changed but was reused", i)
			}
		}
	}
	if reused != 6 {
		t.Errorf("reused %d tools, want 6", reused)
	}
}

// TestParseLikeMatchesParse: whatever the base text (problems, limits, a
// tool moved, other shapes), ParseLike's file is Parse's.
func TestParseLikeMatchesParse(t *testing.T) {
	t.Parallel()
	a, b, c := toolText(1, "a"), toolText(2, "b"), toolText(3, "c")
	headData := listText(a, b, c)
	like := Parse("tools.json", headData, Limits{})
	cases := map[string]string{
		"moved":             string(listText(c, a, b)),
		"duplicate tool":    string(listText(a, a, a)),
		"duplicate key":     `{"tools": [` + a + `], "tools": [` + b + `]}`,
		"dup key in tool":   `{"tools": [` + a + `, {"name": "x", "name": "y"}, ` + b + `]}`,
		"bare array":        "[" + a + "," + b + "]",
		"nested deeper":     `{"x": {"tools": [` + a + `]}, "tools": [` + b + `]}`,
		"syntax after":      `{"tools": [` + a + `, ` + b + `,]}`,
		"truncated":         `{"tools": [` + a + `, ` + b[:20],
		"not closed":        `{"tools": [` + a,
		"other member":      `{"tools": [` + a + `], "x": ` + a + `}`,
		"scalar entries":    `{"tools": [1, "x", ` + a + `, null]}`,
		"yaml-like name":    string(listText(b)),
		"whitespace inside": `{"tools": [ ` + a + ` ,` + "\n\t" + b + ` ]}`,
		"empty":             "  ",
		"bom":               "\xef\xbb\xbf" + string(listText(a)),
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) { sameParse(t, "tools.json", []byte(text), Limits{}, like, headData) })
	}
	t.Run("yaml", func(t *testing.T) { sameParse(t, "tools.yaml", listText(a, b), Limits{}, like, headData) })
	// Limits: values and depth counted as when decoding.
	n, _ := countValues(like.Tools[0].Value)
	for _, max := range []int{n, n + 1, 2*n + 1, 2*n + 2, 3*n + 2, 3*n + 3} {
		lim := Limits{MaxValues: max}
		headLike := Parse("tools.json", headData, Limits{})
		t.Run(fmt.Sprintf("max values %d", max), func(t *testing.T) {
			sameParse(t, "tools.json", listText(a, b, c), lim, headLike, headData)
			sameParse(t, "tools.json", listText(c, c, a, b), lim, headLike, headData)
		})
	}
	for _, depth := range []int{2, 3, 4, 5} {
		t.Run(fmt.Sprintf("max depth %d", depth), func(t *testing.T) {
			sameParse(t, "tools.json", listText(a, b), Limits{MaxDepth: depth}, like, headData)
		})
	}
}

// TestParseLikeNeedsACleanHead: a head with problems, another layout or no
// tools array lends no tool by its text (equal values are still shared, see
// TestParseLikeSharesEqualValues), and the parse is Parse's.
func TestParseLikeNeedsACleanHead(t *testing.T) {
	t.Parallel()
	a := toolText(1, "a")
	for name, head := range map[string]string{
		"duplicate key": `{"tools": [` + a + `, {"name": "x", "name": "y"}]}`,
		"single tool":   a,
		"bare array":    "[" + a + "]",
		"syntax":        `{"tools": [` + a + `,]}`,
		"nested":        `{"result": {"tools": [` + a + `]}}`,
	} {
		t.Run(name, func(t *testing.T) {
			like := Parse("tools.json", []byte(head), Limits{})
			sameParse(t, "tools.json", listText(a), Limits{}, like, []byte(head))
			sameParse(t, "tools.json", []byte(`{"result": {"tools": [`+a+`]}}`), Limits{}, like, []byte(head))
			sameParse(t, "tools.json", []byte("["+a+"]"), Limits{}, like, []byte(head))
		})
	}
	sameParse(t, "tools.json", listText(a), Limits{}, nil, nil)
}

// TestParseLikeCorpus: tools lists made of the corpus pairs' tools, one in
// three at its base text, parse with ParseLike as with Parse, both ways.
func TestParseLikeCorpus(t *testing.T) {
	t.Parallel()
	const corpus = "../../../shared/corpus"
	index, err := os.ReadFile(filepath.Join(corpus, "pairs_index.json"))
	if err != nil {
		t.Skip("corpus not available:", err)
	}
	var pairs []struct{ Source, Path string }
	if err := json.Unmarshal(index, &pairs); err != nil {
		t.Fatal(err)
	}
	heads, bases := map[string][]string{}, map[string][]string{}
	for i, p := range pairs {
		h, err1 := os.ReadFile(filepath.Join(corpus, p.Path, "head.json"))
		b, err2 := os.ReadFile(filepath.Join(corpus, p.Path, "base.json"))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		heads[p.Source] = append(heads[p.Source], strings.TrimSpace(string(h)))
		if i%3 == 0 {
			b = h
		}
		bases[p.Source] = append(bases[p.Source], strings.TrimSpace(string(b)))
	}
	reused := 0
	for src := range heads {
		h, b := listText(heads[src]...), listText(bases[src]...)
		like := Parse("tools.json", h, Limits{})
		got := sameParse(t, src, b, Limits{}, like, h)
		back := Parse("tools.json", b, Limits{})
		sameParse(t, src, h, Limits{}, back, b)
		for i, tool := range got.Tools {
			if len(like.Problems) == 0 && i < len(like.Tools) &&
				reflect.ValueOf(tool.Value).UnsafePointer() == reflect.ValueOf(like.Tools[i].Value).UnsafePointer() {
				reused++
			}
		}
	}
	if reused == 0 {
		t.Error("no tool reused")
	}
	t.Logf("%d pairs, %d tools reused", len(pairs), reused)
}
