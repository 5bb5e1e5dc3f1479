package source

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParseYAMLHostile parses hostile YAML of growing size: the merge
// bomb of issue 10 (wider and deeper), and a mapping of duplicate keys
// whose replaced values hold problems. Time per byte (MB/s) stays flat as
// the input grows: the parser's work is linear in the size of the text.
func BenchmarkParseYAMLHostile(b *testing.B) {
	for _, levels := range []int{40, 400, 4000} {
		data, _, _, _ := mergeBomb(levels, 8)
		b.Run(fmt.Sprintf("merge-bomb/%dB", len(data)), func(b *testing.B) { benchParse(b, "t.yaml", data) })
	}
	for _, n := range []int{1000, 10000, 100000} {
		data := deepLongKeys(n)
		b.Run(fmt.Sprintf("deep-long-keys/%dB", len(data)), func(b *testing.B) { benchParse(b, "t.yaml", data) })
	}
	for _, n := range []int{1000, 10000, 100000} {
		data := []byte(strings.Repeat("a: {x: .inf}\n", n))
		b.Run(fmt.Sprintf("duplicate-keys/%dB", len(data)), func(b *testing.B) { benchParse(b, "t.yaml", data) })
	}
}

// BenchmarkParseJSONDuplicateKeys is the JSON side of the duplicate keys:
// every value replaced holds a problem of its own.
func BenchmarkParseJSONDuplicateKeys(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		data := []byte("{" + strings.Repeat(`"a": {"b": 1, "b": 2}, `, n) + `"a": 1}`)
		b.Run(fmt.Sprintf("%dB", len(data)), func(b *testing.B) { benchParse(b, "t.json", data) })
	}
}

// deepLongKeys is 500 levels of 1000-character keys above an array of n
// values and one without JSON equivalent: a pointer per value would cost
// 500 KB each.
func deepLongKeys(n int) []byte {
	key := strings.Repeat("k", 1000)
	return []byte(strings.Repeat("{"+key+": ", 500) + "[" + strings.Repeat("1, ", n) + ".inf]" + strings.Repeat("}", 500))
}

func benchParse(b *testing.B, name string, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse(name, data, Limits{}); len(f.Problems) == 0 {
			b.Fatal("no problem reported")
		}
	}
}

// BenchmarkParseYAMLSyntaxErrorLongLine parses invalid YAML whose offending
// line holds n flow items (issue 19 item 7: 340 KB took 37 s while the
// library's error text reprinted the line token by token). Time and bytes
// per input byte stay flat as the line grows.
func BenchmarkParseYAMLSyntaxErrorLongLine(b *testing.B) {
	for _, n := range []int{1000, 10000, 170000} {
		data := hostileYAMLLine(n)
		b.Run(fmt.Sprintf("%dB", len(data)), func(b *testing.B) { benchParse(b, "t.yaml", data) })
	}
}
