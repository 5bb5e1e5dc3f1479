package schema

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// testLimits are the product defaults.
var testLimits = Limits{MaxDepth: 64, MaxSubschemas: 20000, Timeout: 5 * time.Second, RegexTimeout: 100 * time.Millisecond}

// parse decodes JSON into plain values, keeping numbers exact.
func parse(t testing.TB, s string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}

// kinds renders problems as "kind pointer" lines for comparison.
func kinds(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, string(p.Kind)+" "+p.Pointer)
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func bytesReader(b []byte) *strings.Reader { return strings.NewReader(string(b)) }
