package source

import (
	"math/rand/v2"
	"testing"
)

// skipStringByByte is the byte-by-byte definition skipString must match.
func skipStringByByte(d []byte, i int) int {
	for i++; i < len(d); i++ {
		switch d[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(d)
}

// TestSkipStringMatchesByteScan checks skipString against the byte-by-byte
// scan on strings of quotes, backslashes and letters, every start offset.
func TestSkipStringMatchesByteScan(t *testing.T) {
	t.Parallel()
	cases := []string{`""`, `"a"`, `"\""`, `"\\"`, `"\\\"x"`, `"\`, `"\"`, `"abc`, `"a\\\\"b"`, `"` + "\\\\\\\\\\" + `"`}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'"', '\\', 'a', ' '}
	for range 2000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, c := range cases {
		for i := range len(c) {
			if got, want := skipString([]byte(c), i), skipStringByByte([]byte(c), i); got != want {
				t.Fatalf("skipString(%q, %d) = %d, want %d", c, i, got, want)
			}
		}
	}
}
