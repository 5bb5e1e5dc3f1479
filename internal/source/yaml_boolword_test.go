package source

import (
	"fmt"
	"strings"
	"testing"
)

// TestYAMLBooleanWords: every spelling a YAML 1.1 reader makes a boolean
// of (yes, no, on, off in any case, y and n) is reported where it is
// written when it is an unquoted enum, const, default or example value,
// and read as the string it is in YAML 1.2; quoted, tagged, other words,
// names and other members are not (issue 27 item 7).
func TestYAMLBooleanWords(t *testing.T) {
	t.Parallel()
	words := []string{"y", "Y", "yes", "Yes", "YES", "yEs", "n", "N", "no", "No", "NO", "nO", "on", "On", "ON", "oN", "off", "Off", "OFF", "oFf"}
	for _, kw := range []string{"enum", "examples", "const", "default", "example"} {
		for _, w := range words {
			value := "[" + w + "]"
			ptr := "/" + kw + "/0"
			if kw == "const" || kw == "default" || kw == "example" {
				value, ptr = w, "/"+kw
			}
			data := fmt.Sprintf("type: string\n%s: %s\n", kw, value)
			f := Parse("s.yaml", []byte(data), Limits{})
			if len(f.Problems) != 1 || f.Problems[0].Kind != ProblemYAMLBoolWord || f.Problems[0].Pointer != ptr ||
				f.Problems[0].Pos != (Pos{Line: 2, Column: len(kw) + 3 + strings.Count(value, "[")}) || f.Problems[0].Fatal {
				t.Errorf("%q: problems %+v, want one %s at %s 2:%d", data, f.Problems, ProblemYAMLBoolWord, ptr, len(kw)+3+strings.Count(value, "["))
				continue
			}
			if got, _ := Resolve(f.Root, ptr); got != w {
				t.Errorf("%q: read as %#v, want the string %q", data, got, w)
			}
			if !strings.Contains(f.Problems[0].Message, fmt.Sprintf("unquoted %q in %q", w, kw)) {
				t.Errorf("%q: message %q", data, f.Problems[0].Message)
			}
		}
	}
	for _, data := range []string{
		"enum: [\"yes\", 'no', !!str on, true, false, yess, o, x, nein]\n",
		"description: yes\ntitle: on\n",
		"properties: {default: {type: string, title: yes}, enum: {description: no}}\n",
		"$defs: {const: {title: off}}\n",
		"yes: 1\n", // a key: not a value
		"enum: [{yes: 1}]\n",
	} {
		f := Parse("s.yaml", []byte(data), Limits{})
		for _, p := range f.Problems {
			if p.Kind == ProblemYAMLBoolWord {
				t.Errorf("%q: reported %+v", data, p)
			}
		}
	}
}

// TestYAMLBooleanWordsBounded: a file of many such values costs one pass
// and a bounded list of problems (the first MaxProblemsPerKind, then one
// that counts the rest), like every other problem of the loader.
func TestYAMLBooleanWordsBounded(t *testing.T) {
	t.Parallel()
	const n = 50_000
	data := "enum: [" + strings.Repeat("y, ", n-1) + "y]\n"
	f := Parse("s.yaml", []byte(data), Limits{})
	if len(f.Problems) != MaxProblemsPerKind+1 || f.Fatal() {
		t.Fatalf("%d problems (fatal %v), want %d", len(f.Problems), f.Fatal(), MaxProblemsPerKind+1)
	}
	last := f.Problems[len(f.Problems)-1]
	if want := fmt.Sprintf("%d more %s problems", n-MaxProblemsPerKind, ProblemYAMLBoolWord); last.Folded != n-MaxProblemsPerKind || !strings.HasPrefix(last.Message, want) {
		t.Errorf("last problem %+v, want it to count %q", last, want)
	}
}
