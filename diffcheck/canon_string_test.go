package diffcheck

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWriteJSONStringMatchesMarshal checks that canonical quotes strings
// byte for byte as json.Marshal does: every single byte, runes that
// json.Marshal escapes, invalid UTF-8 and random mixes.
func TestWriteJSONStringMatchesMarshal(t *testing.T) {
	t.Parallel()
	cases := []string{"", "type", "a b~\x7f", "<>&", "\u2028\u2029", "é", "\xff", "\"\\/", "tab\there"}
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "x"+string([]byte{byte(c)})+"y")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		b := make([]byte, rng.IntN(10))
		for i := range b {
			if rng.IntN(3) == 0 {
				b[i] = byte(rng.IntN(256))
			} else {
				b[i] = byte(0x20 + rng.IntN(0x60))
			}
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		var sb strings.Builder
		writeJSONString(&sb, s)
		want, _ := json.Marshal(s)
		if sb.String() != string(want) {
			t.Fatalf("writeJSONString(%q) = %s, want %s", s, sb.String(), want)
		}
	}
}
